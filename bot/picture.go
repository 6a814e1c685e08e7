package bot

import (
	"strconv"
	"strings"

	"umpire/referee"
	"umpire/render"
)

// Legend is the words a picture carries, in the reader's language: the
// header above the board (which game, which seat, the move, whose turn)
// and the caption under it.
type Legend struct {
	Header  []string
	Caption []string
}

// Picture draws a view with render: the legend's header above the board,
// its caption under it; krono is drawn with its author's beasts.
func Picture(v referee.View, l Legend) ([]byte, error) {
	return render.PNG(v, render.Options{Header: l.Header, Caption: l.Caption, Beasts: beasts(v.Variant)})
}

// NoPictures draws nothing: messages go without pictures.
func NoPictures(referee.View, Legend) ([]byte, error) { return nil, nil }

// PictureHeader words the header of a picture of view v of game number
// game, in lang: "#12 · White", "Move 5", "Your move" (or "Black to move",
// or the result once the game is over). Every word comes from the view —
// its seat, its count of moves, whose turn — and the game's number, which
// is public, so the header says nothing the seat may not know.
func (c *Catalog) PictureHeader(lang string, game uint64, v referee.View) []string {
	args := Args{"game": strconv.FormatUint(game, 10), "seat": c.Value(lang, "seat", string(v.Seat)),
		"variant": c.argValue(lang, "variant", v.Variant), "move": strconv.Itoa(viewMove(v)),
		"result": v.Result}
	first := "picture.seat"
	if v.Seat == referee.Spectator || v.Seat == referee.God {
		first = "picture.public"
	}
	out := []string{c.Text(lang, first, args), c.Text(lang, "picture.move", args)}
	switch {
	case v.Over():
		return append(out, c.Text(lang, "picture.over", args))
	case v.Turn == v.Seat:
		return append(out, c.Text(lang, "picture.turn-you", args))
	}
	c.putSeat(lang, args, "seat", v.Turn)
	return append(out, c.Text(lang, "picture.turn-other", args))
}

// viewMove is the move a view is at, as chess counts: its accepted moves
// in rounds of the variant's seats, plus one.
func viewMove(v referee.View) int {
	seats := 2
	if vr, ok := referee.Lookup(v.Variant); ok && len(vr.Seats) > 0 {
		seats = len(vr.Seats)
	}
	return v.Ply/seats + 1
}

// beasts reports whether a variant's pictures draw its men as beasts.
func beasts(key string) bool {
	v, ok := referee.Lookup(key)
	return ok && v.Beasts
}

// Taken words a man of the reader's taken where it saw it happen (dark
// chess: "Your pawn on f7 was taken by a bishop."), or "" for none.
func (c *Catalog) Taken(lang string, t *referee.Taken) string {
	if t == nil {
		return ""
	}
	args := Args{"square": t.Cell, "man": c.Text(lang, "piece."+strings.ToUpper(string(t.Man)), nil)}
	if t.By == 0 {
		return c.Text(lang, "taken-seen-nobody", args)
	}
	args["by"] = c.Text(lang, "piece."+strings.ToUpper(string(t.By)), nil)
	return c.Text(lang, "taken-seen", args)
}
