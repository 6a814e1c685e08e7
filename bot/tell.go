package bot

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"umpire/bot/door"
	"umpire/bot/lobby"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Messages between players. Diplomacy needs talk, and the players of one
// game may sit on different transports (an e-mail player and a Telegram
// player have no other way to reach each other), so the umpire relays
// messages, as the umpire of a game by post forwarded letters:
//
//	tell SEAT TEXT     to one other seat (ru сказать, eo diru)
//	tell all TEXT      to every other seat (ru всем, eo ĉiuj)
//	mute #N, unmute #N hear none of game N's messages, or hear them again
//
// Who may send: only a player seated in the game; anyone else is answered
// as for a game that does not exist (unknownGame), so a stranger learns
// nothing and reaches nobody. By mail a tell needs the seat's key, as a
// move does (the door's keys.go). Who hears: the other seats' players, privately, on
// their own transport, each in its language, signed with the sender's
// seat only; not the house (it reads no messages) and not a player who
// muted the game, of whom the sender is told. What: at most maxTellRunes
// characters, on one line, without the characters that could hide or
// reverse text (texts.Plain). How often: maxTells
// from one seat of a game in tellWindow, and store.MaxTalk in a game.
// Kept: in the game's talk (store.Talk), with the seats it reached, for
// the sender and those seats alone: the JSON export shows a message only
// in their views, and the PGN has none. In the group chat a three-player
// game is played in, everything written is read by all the players
// already: there a tell is answered with that, and relays nothing.

const (
	maxTellRunes = 500
	maxTells     = 10
	tellWindow   = time.Hour
)

// tell relays a message of a seat of a game to other seats (see above).
func (b *Bot) tell(v door.Visit) error {
	g, from, err := b.seatedIn(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	if len(v.Cmd.Args) < 2 {
		return post.Oops("usage.tell")
	}
	game := itoa(g.ID)
	switch {
	case inGroup(g) && !v.In.Private && v.Chat() == g.Chat:
		return post.Oops("tell.in-group", "game", game)
	case g.State == store.StateOpen:
		return post.Oops("err.not-started", "game", game)
	}
	text := texts.Plain(strings.Join(v.Cmd.Args[1:], " "))
	if n := utf8.RuneCountInString(text); n > maxTellRunes {
		return post.Oops("tell.too-long", "n", strconv.Itoa(n), "max", strconv.Itoa(maxTellRunes))
	}
	to, err := tellSeats(b.cat, g, from, v.Cmd.Args[0])
	if err != nil {
		return err
	}
	t, _, err := b.loadTable(g.ID)
	if err != nil {
		return err
	}
	talk := store.Talk{Ply: len(g.Log), At: b.now(), From: from, Text: text}
	all := len(to) > 1 || b.cat.Command(v.Cmd.Args[0]) == "all"
	ack := post.Say("tell.sent-all", "game", game, "text", texts.Echo(text))
	if !all {
		ack = post.Say("tell.sent", "game", game, "seat", string(to[0]), "text", texts.Echo(text))
	}
	var rows []store.Outgoing
	for _, s := range to {
		rp := t.players[s]
		switch {
		case !reader(rp):
			continue // an empty seat, or the house: nobody to read it
		case g.Seats[s].Muted:
			ack.Lines = append(ack.Lines, post.Say("tell.muted", "game", game, "seat", string(s)))
			continue
		}
		talk.To = append(talk.To, s)
		heard := post.Say("tell.heard", "game", game, "variant", post.VariantOf(g), "seat", string(from), "text", text)
		if all {
			heard.ID = "tell.heard-all"
		}
		heard.Keyed, heard.Unsolicited = true, true
		rows = append(rows, store.Outgoing{Game: g.ID, Ply: len(g.Log), To: rp.Addresses[0], Seat: s,
			Kind: post.KindNotice, Text: heard.Encode(), Lang: rp.Lang})
	}
	if len(talk.To) == 0 {
		return post.Oops("tell.nobody", "game", game)
	}
	rows = append(rows, door.SeatConversation(v, g.ID, from, ack)) // in the sender's thread of the game
	relayed := false                                               // now, not by a message seen before
	err = door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		if wait, err := tellWait(tx, g.ID, from, talk.At); err != nil || wait > 0 {
			if err == nil {
				err = post.Oops("tell.too-many", "game", game, "max", strconv.Itoa(maxTells),
					"n", strconv.Itoa(int((wait+time.Minute-1)/time.Minute)))
			}
			return err
		}
		if err := tx.AddTalk(g.ID, talk); errors.Is(err, store.ErrTalkFull) {
			return post.Oops("tell.full", "game", game, "max", strconv.Itoa(store.MaxTalk))
		} else if err != nil {
			return err
		}
		_, err := tx.Queue(rows...)
		relayed = err == nil
		return err
	})
	if err != nil || !relayed || len(talk.To) < humanOthers(g, t, from) {
		return err
	}
	// Every other player heard from the seat: its decision under way gets
	// no automatic extension, and its return from civil disorder is told
	// (pace.Hear; a tell some did not hear tells them nothing, so it
	// changes neither). A second step, as a tell is kept beside the game,
	// not in it: a crash between the two costs no more than an extension,
	// and the tell, queued already, is not refused for it.
	if _, err := b.apply(wire.Inbound{}, g.ID, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		if g.State != store.StatePlaying {
			return nil, nil
		}
		return pace.Hear(g, t, from), nil
	}); err != nil {
		b.log.Warn("tell: noting the seat heard", "game", g.ID, "err", err)
	}
	return nil
}

// humanOthers counts the seats of g beside from that a person plays.
func humanOthers(g *store.Game, t *table, from referee.Seat) int {
	n := 0
	for _, s := range post.SeatsOf(g) {
		if s != from && reader(t.players[s]) {
			n++
		}
	}
	return n
}

// reader reports whether a seat's player is a person a tell can reach:
// not an empty seat, not the house.
func reader(p *store.Player) bool {
	return p != nil && len(p.Addresses) > 0 && p.Addresses[0].Transport != lobby.HouseTransport
}

// tellSeats are the seats a tell from seat from names with word: one
// other seat of g, or every other seat for "all".
func tellSeats(cat *texts.Catalog, g *store.Game, from referee.Seat, word string) ([]referee.Seat, error) {
	var others []referee.Seat
	for _, s := range post.SeatsOf(g) {
		if s != from {
			others = append(others, s)
		}
	}
	if cat.Command(word) == "all" {
		return others, nil
	}
	s := cat.SeatStem(word)
	switch {
	case s == from:
		return nil, post.Oops("tell.self", "game", itoa(g.ID))
	case s == "" || !slices.Contains(others, s):
		n := post.Say("tell.not-a-seat", "game", itoa(g.ID), "word", texts.Echo(word))
		n.Sub = map[string][]post.Note{}
		for _, o := range others {
			n.Sub["seats"] = append(n.Sub["seats"], post.Say("seat-word", "seat", string(o)))
		}
		return nil, &post.Mistake{Note: n}
	}
	return []referee.Seat{s}, nil
}

// tellWait is how long seat must wait before its next message in game
// id at now: 0 while it sent fewer than maxTells in the last tellWindow.
func tellWait(tx *store.Tx, id uint64, seat referee.Seat, now time.Time) (time.Duration, error) {
	talks, err := tx.Talks(id)
	if err != nil {
		return 0, err
	}
	var recent []time.Time
	for _, t := range talks {
		if t.From == seat && now.Sub(t.At) < tellWindow {
			recent = append(recent, t.At)
		}
	}
	if len(recent) < maxTells {
		return 0, nil
	}
	return recent[len(recent)-maxTells].Add(tellWindow).Sub(now), nil
}

// mute stops (on) or restarts the messages of a game's other players to
// the sender's seat.
func (b *Bot) mute(v door.Visit) error {
	on := v.Cmd.Name == "mute"
	g, seat, err := b.seatedIn(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	id := "unmuted"
	if on {
		id = "muted"
	}
	_, err = b.apply(v.In, g.ID, func(g *store.Game, _ *table) ([]store.Outgoing, error) {
		s := g.Seats[seat]
		if s.PlayerID != v.Player.ID {
			return nil, unknownGame(g)
		}
		s.Muted = on
		g.Seats[seat] = s
		return []store.Outgoing{door.SeatConversation(v, g.ID, seat, post.Say(id, "game", itoa(g.ID)))}, nil
	})
	return err
}

// seatedIn is the game a command names (or the player's one game) and the
// player's seat in it; anyone without a seat there is answered as for a
// game that does not exist.
func (b *Bot) seatedIn(p *store.Player, cmd door.Command) (*store.Game, referee.Seat, error) {
	g, err := loadOwnGame(b.db, b.games, b.now(), p, cmd)
	if err != nil {
		return nil, "", err
	}
	seat, seated := g.SeatOf(p.ID)
	if !seated {
		return nil, "", unknownGame(g)
	}
	return g, seat, nil
}
