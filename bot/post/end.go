package post

import (
	"fmt"
	"slices"
	"strings"

	"umpire/bot/record"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// The end of a game: every player and the group get one message in their
// own language — the last move and what it brought, as the reader heard
// it; who won, how and on which move, and to a player its own result; the
// sealed notes opened,
// with how anyone can check them; the god's view as the picture — and two
// files: the record (game-N.pgn, its comments in the reader's language)
// and the fog replay (game-N.gif, every seat's view above the god's, a
// frame a move). Nothing of it is made before the game is over.

// reveal makes the end-of-game message of a row. It never draws the god's
// view, nor makes the record or the replay, of a game that goes on.
func (c *composer) reveal(m *wire.Message, row store.Outgoing, lang string) error {
	g, r, err := c.row(row)
	if err != nil {
		return err
	}
	result, reason := r.g.Result()
	if result == "" {
		return fmt.Errorf("bot: reveal of game %d at entry %d: the game is not over", g.ID, row.Ply)
	}
	v := r.g.View(referee.God)
	m.Seat, m.Move = string(referee.God), moveNumber(g, v)
	var lines []string
	if n := DecodeNote(row.Text); n.News { // the last move and what it brought, as the reader heard it
		seat := row.Seat
		if seat == "" {
			seat = referee.Spectator
		}
		lines, _ = c.news(lang, g, r, r.g.View(seat), seat, n.From, row.Ply, false)
		lines = withoutEnd(c.o.cat, lang, lines, g.Log, r.rulings, seat, n.From, row.Ply)
	}
	summary := c.summary(lang, g, result, reason, endMove(g, v, r.rulings[:row.Ply]))
	lines = append(lines, summary)
	if you := c.o.cat.Outcome(lang, SeatsOf(g), result, row.Seat); you != "" { // a player's own result
		lines = append(lines, you)
	}
	if t := TourneyGame(g); t != nil { // which game of its tournament, where its standings are
		lines = append(lines, noteLines(c.o.cat, lang, *t)...)
	}
	lines = append(lines, c.notes(lang, r.rulings[:row.Ply])...)
	caption := []string{summary}
	files, err := c.files(g, r, row.Ply, lang)
	if err != nil {
		return err
	}
	if len(files) > 0 {
		lines = append(lines, c.o.cat.Text(lang, "end-files", nil))
	}
	m.Text, m.Files = strings.Join(lines, "\n"), files
	if SeatView(string(row.Seat)) && row.To != g.Chat && g.Tournament == 0 { // a player's own end: play it again (bot/club); a tournament's game is no game to play again
		m.Buttons = append(m.Buttons, wire.Button{Label: c.o.cat.Text(lang, "btn.rematch", nil), Command: "rematch #" + itoa(g.ID)})
	}
	return c.draw(m, v, Legend{Header: c.o.cat.PictureHeader(lang, g.ID, v), Caption: caption}, lang)
}

// withoutEnd drops from the news of entries [from, to) the announcements
// the end's own lines say: the result in its plain form (the summary says
// it; a form that says more, such as why a loss on time is a draw, stays)
// and the opened notes (listed with their seals).
func withoutEnd(cat *texts.Catalog, lang string, news []string, log []referee.Action, rulings []referee.Ruling, seat referee.Seat, from, to int) []string {
	said := map[string]bool{}
	for i := max(from, 0); i < to; i++ {
		for _, a := range referee.For(rulings[i].Said, seat) {
			if a.Code == "end" && a.Form() == "" || a.Code == "reveal" {
				said[cat.Announcement(lang, a, log[i].Seat)] = true
			}
		}
	}
	return slices.DeleteFunc(news, func(l string) bool { return said[l] })
}

// endMove is the move on which a game ended: the number of its last move
// when that move ended it (a mate), else the move the game was at (a
// resignation on one's turn).
func endMove(g *store.Game, v referee.View, rulings []referee.Ruling) int {
	n := moveNumber(g, v)
	if k := len(rulings); k > 0 && rulings[k-1].Move != "" && v.Ply > 0 {
		v.Ply--
		n = moveNumber(g, v)
	}
	return n
}

// summary says who won, how, and on which move; with more than two seats
// each seat's place and points.
func (c *composer) summary(lang string, g *store.Game, result, reason string, move int) string {
	cat := c.o.cat
	args := texts.Args{"game": itoa(g.ID), "move": itoa(uint64(move)), "reason": cat.Value(lang, "reason", reason)}
	seats := SeatsOf(g)
	points := strings.Split(result, "-")
	switch {
	case result == "1/2-1/2":
		return cat.Text(lang, "end-draw", args)
	case len(seats) == 2 && (result == "1-0" || result == "0-1"):
		winner, loser := seats[0], seats[1]
		if result == "0-1" {
			winner, loser = seats[1], seats[0]
		}
		cat.PutSeat(lang, args, "seat", winner)
		if reason == "resignation" { // who resigned, as a reader says it: "чёрные сдались"
			loserArgs := texts.Args{}
			cat.PutSeat(lang, loserArgs, "seat", loser)
			args["reason"] = cat.Text(lang, "reason.resigned", loserArgs)
		}
		return cat.Text(lang, "end-win", args)
	case len(points) == len(seats): // each place and its points, the winner first
		args["points"] = cat.Standing(lang, seats, result)
		return cat.Text(lang, "end-points", args)
	}
	args["result"] = result
	return cat.Text(lang, "end-result", args)
}

// notes lists the sealed notes the referee opened, each with the seal it
// was published under, and then how to check one.
func (c *composer) notes(lang string, rulings []referee.Ruling) []string {
	cat := c.o.cat
	seals := map[string]string{} // "seat/note" → hash
	var lines []string
	for _, ru := range rulings {
		for _, a := range ru.Said {
			key := a.Str("seat") + "/" + fmt.Sprint(a.Get("note"))
			switch a.Code {
			case "commitment":
				seals[key] = a.Str("hash")
			case "reveal":
				args := texts.Args{"note": fmt.Sprint(a.Get("note")), "raw": a.Str("secret"), "salt": a.Str("salt"), "hash": seals[key]}
				cat.Put(lang, args, "seat", a.Str("seat"))
				cat.Put(lang, args, "secret", referee.SecretIn(a.Str("secret"), lang)) // in the reader's words; the seal is on raw
				lines = append(lines, cat.Text(lang, "reveal-note", args))
			}
		}
	}
	if len(lines) > 0 {
		lines = append(lines, cat.Text(lang, "end-check", nil))
	}
	return lines
}

// files are the record and the replay of a finished game, in lang. A
// composer keeps the last game's, so that the players and the group who
// read one language cost one replay.
func (c *composer) files(g *store.Game, r *replayed, ply int, lang string) ([]wire.File, error) {
	key := fmt.Sprintf("%d/%d/%s", g.ID, ply, lang)
	if c.endKey == key {
		return c.endFiles, nil
	}
	pgn, err := record.WritePGN(c.o.db, c.o.cat, lang, g, ply)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("game-%d", g.ID)
	files := []wire.File{{Name: name + ".pgn", Type: "application/x-chess-pgn", Data: []byte(pgn)}}
	frames, err := record.Frames(c.o.cat, lang, g, ply)
	if err != nil {
		return nil, err
	}
	gif, err := c.o.Replay(frames)
	if err != nil {
		return nil, err
	}
	if len(gif) > 0 {
		files = append(files, wire.File{Name: name + ".gif", Type: "image/gif", Data: gif})
	}
	c.endKey, c.endFiles = key, files
	return files, nil
}
