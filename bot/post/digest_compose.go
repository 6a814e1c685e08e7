package post

import (
	"errors"
	"strconv"
	"strings"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// digest words a digest row: a subject and a line that introduce it, then
// a section per game it lists, as the reader's seat sees the game now
// (its own view only), with what happened since the seat last acted, and
// where to write to act in that game. A game the reader no longer holds a
// seat in, or that is gone, is left out.
func (c *composer) digest(m *wire.Message, row store.Outgoing, n Note, lang string) error {
	list := strings.Fields(n.Args["games"])
	cat := c.o.cat
	count := texts.Args{"n": strconv.Itoa(len(list))}
	m.Subject = cat.Text(lang, "subject-digest", count)
	m.Text = cat.Text(lang, "digest-intro", count)
	if len(list) > MaxDigest {
		m.Text += "\n" + cat.Text(lang, "digest-more", texts.Args{"n": strconv.Itoa(len(list) - MaxDigest)})
		list = list[:MaxDigest]
	}
	reader, err := c.o.db.PlayerAt(row.To)
	if err != nil {
		return err
	}
	for _, item := range list {
		s, err := c.section(row, reader, item, lang)
		if errors.Is(err, errNoSection) || errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		m.Sections = append(m.Sections, s)
	}
	return nil
}

// errNoSection leaves a game out of a digest.
var errNoSection = errors.New("bot: not the reader's game")

// section is one game of a digest ("12:white"): the seat's view now, with
// the news since its last action, and the address for that game.
func (c *composer) section(row store.Outgoing, reader *store.Player, item, lang string) (wire.Section, error) {
	id, seat, _ := strings.Cut(item, ":")
	gid, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return wire.Section{}, errNoSection
	}
	g, err := c.o.db.Game(gid)
	if err != nil {
		return wire.Section{}, err
	}
	s := referee.Seat(seat)
	if held, ok := g.Seats[s]; !ok || held.PlayerID != reader.ID {
		return wire.Section{}, errNoSection
	}
	view := store.Outgoing{Game: gid, Ply: len(g.Log), To: row.To, Seat: s, Kind: KindView, Lang: lang}
	n := Note{From: lastActed(g, s)}
	var m wire.Message
	if err := c.view(&m, view, n, lang); err != nil {
		return wire.Section{}, err
	}
	text := m.Text
	if key := seatKey(g, s, reader.ID, ""); key != "" && c.feat.KeyAddress != nil {
		text += "\n" + c.o.cat.Text(lang, "digest-reply", texts.Args{"game": id, "address": c.feat.KeyAddress(key)})
	}
	return wire.Section{Game: gid, Text: text, Image: m.Image, Board: m.Board}, nil
}

// lastActed is the length of g's log up to seat s's last entry: where the
// news for s begins.
func lastActed(g *store.Game, s referee.Seat) int {
	for i := len(g.Log) - 1; i >= 0; i-- {
		if g.Log[i].Seat == s {
			return i + 1
		}
	}
	return 0
}
