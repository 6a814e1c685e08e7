package post

import (
	"strconv"
	"strings"

	"umpire/bot/texts"
	"umpire/store"
)

// The names of topics, in the language of the row that opens or closes
// one: a game's "#12 Kriegspiel", "#12 Kriegspiel vs Ann" in the chat of a
// player once others sit at its table; a tournament's "Tournament 3:
// chess"; at the end, the name with the outcome, "#12 Kriegspiel vs Ann ·
// 1-0" (a game that ended without a result says why: "aborted").

// topicName is the name of the topic of a row's conversation.
func (s *Sender) topicName(row store.Outgoing, n Note) string {
	lang := s.o.langOf(row)
	cat := s.o.cat
	if row.Game == 0 {
		id, _ := strconv.ParseUint(strings.TrimPrefix(n.Topic, "tournament "), 10, 64)
		args := texts.Args{"tourney": itoa(id)}
		if t, err := s.o.db.Tournament(id); err == nil {
			args["variant"] = cat.Arg(lang, "variant", t.Variant)
		}
		return cat.Text(lang, "topic.tourney", args)
	}
	g, err := s.o.db.Game(row.Game)
	if err != nil {
		return cat.Text(lang, "topic.game", texts.Args{"game": itoa(row.Game)})
	}
	args := texts.Args{"game": itoa(g.ID), "variant": cat.Arg(lang, "variant", g.Variant)}
	if others := s.othersAt(g, row.To); len(others) > 0 {
		args["names"] = cat.Value(lang, "name", strings.Join(others, cat.Text(lang, "players-sep", nil))) // the house in the reader's words
		return cat.Text(lang, "topic.game-vs", args)
	}
	return cat.Text(lang, "topic.game", args)
}

// othersAt are the names of the players at g's table other than the one
// whose chat to is, in seat order; none when to is not a seated player's
// (a group) or nobody else sits yet.
func (s *Sender) othersAt(g *store.Game, to store.Address) []string {
	reader, err := s.o.db.PlayerAt(to)
	if err != nil {
		return nil
	}
	if _, seated := g.SeatOf(reader.ID); !seated {
		return nil
	}
	var out []string
	for _, seat := range SeatsOf(g) {
		id := g.Seats[seat].PlayerID
		if id == 0 || id == reader.ID {
			continue
		}
		if p, err := s.o.db.Player(id); err == nil {
			out = append(out, Name(p))
		}
	}
	return out
}

// overName is a topic's name, name, with the outcome of its conversation.
func (s *Sender) overName(row store.Outgoing, name string, n Note) string {
	lang := s.o.langOf(row)
	result := s.o.cat.Text(lang, "topic.done", nil)
	if g, err := s.o.db.Game(row.Game); row.Game != 0 && err == nil {
		result = strings.ReplaceAll(g.Result, "1/2", "½")
		if g.Result == "*" || g.Result == "" {
			result = s.o.cat.Value(lang, "reason", g.Reason)
		}
	}
	return s.o.cat.Text(lang, "topic.over", texts.Args{"name": name, "result": result})
}

// langOf is the language a row is worded in: its own where the catalog
// speaks it, else the default.
func (o *Office) langOf(row store.Outgoing) string {
	if o.cat.Supported(row.Lang) {
		return row.Lang
	}
	return o.langs[0]
}
