package post

import (
	"strconv"
	"strings"
	"umpire/bot/record"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// record words a seat's record of a game to the row's ply: the start,
// then each log entry it took part in or heard of, in the order of the
// game, numbered by the move it belongs to — the moves accepted before
// it, in rounds of the seats, which every seat may count. Its refusals
// answered when made are left out (answered).
func (c *composer) record(m *wire.Message, g *store.Game, r *replayed, seat referee.Seat, n Note, lang string) error {
	cat := c.o.cat
	lines := append([]string{c.header(g, seat, lang)}, noteLines(cat, lang, Note{ID: n.ID, Args: n.Args})...)
	for _, a := range referee.For(r.start, seat) {
		lines = append(lines, cat.Announcement(lang, a, ""))
	}
	sheet := sheetLines(r.g.View(seat), g.Log, r.rulings)
	seats, moves := max(len(SeatsOf(g)), 1), 0
	for i := range r.rulings {
		a, ru := g.Log[i], r.rulings[i]
		if answered(g, a, ru, seat) {
			continue
		}
		said := c.o.cat.Entry(lang, openBoard(g), asWritten(lang, a, ru, sheet[i]), ru, seat)
		if l := sheet[i]; a.Seat != seat && l != nil && !l.SAN.IsZero() {
			args := texts.Args{"move": written(lang, *l)}
			cat.PutSeat(lang, args, "seat", a.Seat)
			id := "moved"
			if o := ru.Order; o.Lord != "" {
				// a Lord's order: the Lord's, the Servant's man (triad.md 3.13)
				id = "moved-for"
				cat.PutSeat(lang, args, "seat", o.Lord)
				cat.PutSeat(lang, args, "servant", o.Servant)
			}
			said = append([]string{cat.Text(lang, id, args)}, said...)
		}
		if len(said) > 0 && record.Housed(g, i) { // civil disorder, which everyone was told of
			args := texts.Args{}
			cat.PutSeat(lang, args, "seat", a.Seat)
			said = append(said, cat.Text(lang, "record.housed", args))
		}
		if len(said) > 0 {
			lines = append(lines, strconv.Itoa(moves/seats+1)+". "+strings.Join(said, " "))
		}
		if ru.Verdict == referee.Accepted && ru.Move != "" {
			moves++
		}
	}
	m.Text, m.Seat = strings.Join(lines, "\n"), string(seat)
	return nil
}
