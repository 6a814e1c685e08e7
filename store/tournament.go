package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"umpire/referee"
)

// Tournaments. A tournament is a group's round robin (bot/club): a
// sign-up, then all its games at once, then a final table. Its record
// keeps who signed up and the pairings fixed at the start; its games are
// ordinary games that name it (Game.Tournament, Game.Pairing), found
// through an index that Apply writes with the game itself, so that a
// game made for a pairing is never lost nor made twice, whatever instant
// a crash comes at.
//
// Keys: tournaments: id → JSON Tournament (the bucket's sequence gives
// ids); chattourneys: chat ‖ 0 ‖ id → nothing; tourneygames: tournament
// id ‖ pairing → game id.
var (
	bucketTournaments  = []byte("tournaments")
	bucketChatTourneys = []byte("chattourneys")
	bucketTourneyGames = []byte("tourneygames")
)

// The states of a tournament.
const (
	TourneySignup  = "signup"  // open for players to join
	TourneyPlaying = "playing" // its games made and under way
	TourneyOver    = "over"    // every game ended; the final table sent
)

// Tournament is a round robin in a group.
type Tournament struct {
	ID      uint64          `json:"id"`
	Chat    Address         `json:"chat"`
	Maker   uint64          `json:"maker"`
	Variant string          `json:"variant"`
	Options referee.Options `json:"options,omitzero"`
	Clock   time.Duration   `json:"clock,omitempty"`
	// Double plays each pairing twice, colours reversed (in three-player
	// chess: each group three times, every player in every seat).
	Double bool `json:"double,omitempty"`
	// Increment and Claim are its games' time rules (bot/timerules.go).
	Increment time.Duration `json:"increment,omitempty"`
	Claim     bool          `json:"claim,omitempty"`
	// Pace is its games' pace: its rules alone (Pace.Rules), which each
	// game starts with.
	Pace Pace `json:"pace,omitzero"`
	// Casual tournaments' games are not rated.
	Casual  bool      `json:"casual,omitempty"`
	State   string    `json:"state"`
	Created time.Time `json:"created"`
	// Players are the players signed up, in the order they joined: the
	// numbers of the pairing tables (Berger's) are their places here.
	Players []uint64 `json:"players,omitempty"`
	// Left are the players who left after the start: their games left
	// were forfeited.
	Left []uint64 `json:"left,omitempty"`
	// Pairings are the games fixed at the start, in rounds.
	Pairings []Pairing `json:"pairings,omitempty"`
	// Invited are the addresses the maker invited (by mail, where nobody
	// can press the group's button): a join from one of them, in private,
	// is taken.
	Invited []string `json:"invited,omitempty"`
	// Made is set once every pairing has its game.
	Made bool `json:"made,omitempty"`
	// Ends is when a tournament under way must be over (its time, fixed
	// when it begins): then the games not over are lost by the seats they
	// wait for (bot/club). Zero before it begins, and in a tournament
	// begun before tournaments had a time, which the club gives one.
	Ends time.Time `json:"ends,omitzero"`
}

// Pairing is one game of a tournament: its round (from 1) and its players
// as places in Tournament.Players, in the order of the variant's seats.
type Pairing struct {
	Round int   `json:"round"`
	Seats []int `json:"seats"`
}

// MaxTourneysPerChat bounds the tournaments a chat has open (signing up or
// playing) at once; of those, a player makes one at most, so that one
// member never holds every place of a group.
const MaxTourneysPerChat = 2

// ErrTooManyTourneys says a chat has MaxTourneysPerChat tournaments open.
var ErrTooManyTourneys = fmt.Errorf("store: a chat has %d tournaments open already", MaxTourneysPerChat)

// ErrMakerHasTourney says the maker of a new tournament has one open in
// its chat already.
var ErrMakerHasTourney = errors.New("store: the maker has a tournament open in this chat already")

// Tournament loads a tournament; an error wraps ErrNotFound when there is
// none.
func (tx *Tx) Tournament(id uint64) (*Tournament, error) {
	t := new(Tournament)
	if err := getJSON(tx.bucket(bucketTournaments), u64(id), t); err != nil {
		return nil, fmt.Errorf("store: tournament %d: %w", id, err)
	}
	return t, nil
}

// PutTournament stores a tournament; one with ID 0 is new and gets the
// next id, written back into t. A new one is refused with
// ErrMakerHasTourney when its maker has one open in its chat, else with
// ErrTooManyTourneys when its chat has MaxTourneysPerChat open.
func (tx *Tx) PutTournament(t *Tournament) error {
	b := tx.bucket(bucketTournaments)
	if t.ID == 0 {
		open, err := tx.Tournaments(t.Chat)
		switch {
		case err != nil:
			return err
		case slices.ContainsFunc(open, func(o *Tournament) bool { return o.Maker == t.Maker }):
			return ErrMakerHasTourney
		case len(open) >= MaxTourneysPerChat:
			return ErrTooManyTourneys
		}
		n, err := b.NextSequence()
		if err != nil {
			return err
		}
		t.ID = n
		if err := tx.bucket(bucketChatTourneys).Put(chatTourneyKey(t.Chat, t.ID), nil); err != nil {
			return err
		}
	}
	if t.State == TourneyOver { // its chat's index holds the open ones alone
		if err := tx.bucket(bucketChatTourneys).Delete(chatTourneyKey(t.Chat, t.ID)); err != nil {
			return err
		}
	}
	return putJSON(b, u64(t.ID), t)
}

// Tournaments loads a chat's open tournaments (signing up or playing),
// oldest first: the chat's index forgets one once it is over.
func (tx *Tx) Tournaments(chat Address) ([]*Tournament, error) {
	prefix := chatTourneyKey(chat, 0)
	prefix = prefix[:len(prefix)-8]
	var out []*Tournament
	c := tx.bucket(bucketChatTourneys).Cursor()
	for k, _ := c.Seek(prefix); bytes.HasPrefix(k, prefix) && len(k) == len(prefix)+8; k, _ = c.Next() {
		t, err := tx.Tournament(fromU64(k[len(prefix):]))
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// TourneyGames maps the pairings of tournament id that have their game
// made to that game's id.
func (tx *Tx) TourneyGames(id uint64) (map[int]uint64, error) {
	out := map[int]uint64{}
	prefix := u64(id)
	c := tx.bucket(bucketTourneyGames).Cursor()
	for k, v := c.Seek(prefix); len(k) == 16 && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		out[int(fromU64(k[8:]))] = fromU64(v)
	}
	return out, nil
}

// indexTourneyGame records a new game of a tournament under its pairing.
func (tx *Tx) indexTourneyGame(g *Game) error {
	if g.Tournament == 0 {
		return nil
	}
	k := append(u64(g.Tournament), u64(uint64(g.Pairing))...)
	return tx.bucket(bucketTourneyGames).Put(k, u64(g.ID))
}

// OpenTournaments lists the open tournaments of every chat (signing up
// or playing), for the clock's tick, not for every message.
func (tx *Tx) OpenTournaments() ([]*Tournament, error) {
	var out []*Tournament
	err := tx.bucket(bucketChatTourneys).ForEach(func(k, _ []byte) error {
		t, err := tx.Tournament(fromU64(k[max(0, len(k)-8):]))
		if err == nil {
			out = append(out, t)
		}
		return err
	})
	return out, err
}

// chatTourneyKey is chat ‖ 0 ‖ id.
func chatTourneyKey(chat Address, id uint64) []byte {
	k := append([]byte(chat.String()), 0)
	return append(k, u64(id)...)
}

// Tournament loads a tournament; see Tx.Tournament.
func (db *DB) Tournament(id uint64) (t *Tournament, err error) {
	err = db.View(func(tx *Tx) error {
		t, err = tx.Tournament(id)
		return err
	})
	return t, err
}

// String is the tournament's record as JSON, for logs.
func (t *Tournament) String() string {
	b, _ := json.Marshal(t)
	return string(b)
}
