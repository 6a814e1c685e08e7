package club

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Rematches. After a game's end any of its players may offer the same
// game again, the seats turned by one (colours swapped in a game of two):
// `rematch #N`, or `rematch` alone for the last game of theirs that ended.
// The other players hear of it on their own transports, with a button;
// each accepts with `rematch #N` (or the button), and once all have the
// new game begins, with their seats' messages as any game. The house
// accepts at once. An offer stands for RematchWait; a game has one
// rematch. The offer is kept under a cursor named by the game.

// RematchWait is how long an offer of a rematch stands.
const RematchWait = 7 * 24 * time.Hour

// rematchOffer is a game's offer of a rematch: who offered it and when,
// who has accepted, and the game it made.
type rematchOffer struct {
	At       time.Time `json:"at"`
	Accepted []uint64  `json:"accepted"` // the offerer first
	Made     bool      `json:"made,omitempty"`
}

func rematchName(id uint64) string { return "rematch " + itoa(id) }

// Rematch offers, or accepts, the rematch of game id (0: p's last game
// that ended), for p writing in chat, where the answer goes. Once every
// player has accepted, the game is made (again, harmlessly, should a
// later rematch find it marked made: a crash may have come between).
func (c *Club) Rematch(key string, chat store.Address, p *store.Player, id uint64) (post.Note, error) {
	var start *store.Game
	var seated []*store.Player
	made := false
	err := c.once(key, func(tx *store.Tx) error {
		g, err := rematchOf(tx, p, id)
		if err != nil {
			return err
		}
		v, _ := referee.Lookup(g.Variant)
		gid := itoa(g.ID)
		if _, in := g.SeatOf(p.ID); !in || v == nil {
			return post.Oops("err.rematch-not-yours", "game", gid)
		}
		if g.State != store.StateOver {
			return post.Oops("err.rematch-not-over", "game", gid)
		}
		for _, s := range v.Seats {
			if g.Seats[s].PlayerID == 0 {
				return post.Oops("err.rematch-seats", "game", gid)
			}
		}
		players, err := turned(tx, g, v)
		if err != nil {
			return err
		}
		var o rematchOffer
		if raw := tx.Cursor(rematchName(g.ID)); len(raw) > 0 {
			if err := json.Unmarshal(raw, &o); err != nil {
				return err
			}
		}
		now := c.env.Now()
		switch {
		case o.Made:
			start, seated, made = g, players, true
			return post.Oops("err.rematch-made", "game", gid)
		case len(o.Accepted) > 0 && now.Sub(o.At) > RematchWait:
			o = rematchOffer{} // lapsed: this is a new offer
		case slices.Contains(o.Accepted, p.ID):
			return post.Oops("err.rematch-waiting", "game", gid)
		}
		if len(o.Accepted) == 0 {
			o.At = now
		}
		o.Accepted = append(o.Accepted, p.ID)
		var rows []store.Outgoing
		for _, q := range players {
			if slices.Contains(q.Addresses, c.env.House) && !slices.Contains(o.Accepted, q.ID) {
				o.Accepted = append(o.Accepted, q.ID) // the house always plays again
			}
		}
		if len(o.Accepted) == len(players) {
			for _, q := range players {
				if c.env.Room != nil && !slices.Contains(q.Addresses, c.env.House) && !c.env.Room(q, 1) {
					return post.Oops("err.rematch-room", "game", gid, "name", post.Name(q))
				}
			}
			o.Made, start, seated = true, g, players
			rows = append(rows, c.notice(tx, chat, post.Say("rematch.made", "game", gid)))
		} else {
			rows = append(rows, c.offerRows(tx, chat, g, p, players, o.Accepted)...)
		}
		raw, err := json.Marshal(o)
		if err != nil {
			return err
		}
		if err := tx.SetCursor(rematchName(g.ID), raw); err != nil {
			return err
		}
		_, err = tx.Queue(rows...)
		return err
	})
	if start == nil || err != nil && !made {
		return post.Note{}, err
	}
	like := &store.Game{Variant: start.Variant, Options: start.Options, Clock: start.Clock, Chat: start.Chat,
		Maker: p.ID, Casual: start.Casual, House: start.House, Increment: start.Increment, TimeRule: start.TimeRule,
		Pace: start.Pace.Rules()}
	if start.Tournament != 0 { // a tournament's game comes again outside it
		like.Chat = store.Address{}
	}
	if serr := c.env.Start("rematch:"+itoa(start.ID), like, seated); serr != nil {
		return post.Note{}, serr
	}
	return post.Note{}, err
}

// offerRows are the rows of p's offer of a rematch of g: the offer to
// each of players who has not accepted, unless it muted g (then p hears
// so), and the answer to p in chat; of a tournament's game, both saying
// that the rematch is outside the tournament. The offer, and the answer
// in p's own chat, belong to the reader's conversation about g: a mail
// keeps the game's thread and subject (a topic closed with the game sends
// them to the main chat).
func (c *Club) offerRows(tx *store.Tx, chat store.Address, g *store.Game, p *store.Player, players []*store.Player, accepted []uint64) []store.Outgoing {
	gid := itoa(g.ID)
	sent := post.Say("rematch.sent", "game", gid)
	offer := post.Say("rematch.offered", "game", gid, "name", post.Name(p), "variant", post.VariantOf(g))
	offer.Buttons = []wire.Button{{Label: "btn.rematch", Command: "rematch #" + gid}}
	if g.Tournament != 0 { // in so many words: it counts for no standings
		outside := post.Say("rematch.outside", "tourney", itoa(g.Tournament))
		sent.Lines, offer.Lines = append(sent.Lines, outside), append(offer.Lines, outside)
	}
	var rows []store.Outgoing
	for _, q := range players {
		s, _ := g.SeatOf(q.ID)
		switch {
		case slices.Contains(accepted, q.ID) || len(q.Addresses) == 0:
		case g.Seats[s].Muted: // it hears nothing its players cause by choice
			sent.Lines = append(sent.Lines, post.Say("tell.muted", "game", gid, "seat", string(s)))
		default:
			rows = append(rows, store.Outgoing{Game: g.ID, Seat: s, To: q.Addresses[0], Kind: post.KindNotice, Lang: langOr(q.Lang, c.env.Lang), Text: offer.Encode()})
		}
	}
	answer := c.notice(tx, chat, sent)
	if s, ok := g.SeatOf(p.ID); ok && slices.Contains(p.Addresses, chat) {
		answer.Game, answer.Seat = g.ID, s
	}
	return append([]store.Outgoing{answer}, rows...)
}

// rematchOf is game id, or p's last game that ended.
func rematchOf(tx *store.Tx, p *store.Player, id uint64) (*store.Game, error) {
	if id != 0 {
		g, err := tx.GameHead(id)
		if err != nil {
			return nil, post.Oops("err.rematch-not-yours", "game", itoa(id))
		}
		return g, nil
	}
	games, err := tx.Games(p.ID)
	if err != nil {
		return nil, err
	}
	for _, g := range slices.Backward(games) {
		if g.State == store.StateOver {
			return g, nil
		}
	}
	return nil, post.Oops("err.rematch-none")
}

// turned are g's players in the seats of its rematch: each one seat on,
// White's player Black in a game of two.
func turned(tx *store.Tx, g *store.Game, v *referee.Variant) ([]*store.Player, error) {
	var out []*store.Player
	n := len(v.Seats)
	for i := range v.Seats {
		s := v.Seats[(i+n-1)%n] // seat i is taken by the player of the seat before it
		q, err := tx.Player(g.Seats[s].PlayerID)
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, nil
}

// langOr is lang, or def when lang is "".
func langOr(lang, def string) string {
	if strings.TrimSpace(lang) == "" {
		return def
	}
	return lang
}
