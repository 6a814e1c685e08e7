package texts

import (
	"strconv"
	"strings"
	"umpire/referee"
)

// PictureHeader words the header of a picture of view v of game number
// game, in lang: "#12 · White", "Move 5", "Your move" (or "Black to move",
// or who won, in words, once the game is over). Every word comes from the
// view — its seat, its count of moves, whose turn, its result — and the
// game's number, which is public, so the header says nothing the seat may
// not know.
func (c *Catalog) PictureHeader(lang string, game uint64, v referee.View) []string {
	args := Args{"game": strconv.FormatUint(game, 10), "seat": c.Value(lang, "seat", string(v.Seat)),
		"variant": c.Arg(lang, "variant", v.Variant), "move": strconv.Itoa(viewMove(v)),
		"result": v.Result}
	if vr, ok := referee.Lookup(v.Variant); ok && c.Standing(lang, vr.Seats, v.Result) != "" { // who won, in words
		args["result"] = c.Standing(lang, vr.Seats, v.Result)
	}
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
	c.PutSeat(lang, args, "seat", v.Turn)
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
