package record_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"umpire/internal/randgame"

	"umpire/referee"
	"umpire/store"
)

// The record's tests need finished games, and make them without the bot:
// a game is made on a real store in a temporary directory, its seats held
// by players p0, p1, …, and played through the referee as the bot plays
// it (bot/play.go): each message of a seat is an attempt list, the items
// the referee logs join the game's log in one Apply, and once the referee
// gives a result the game is over with it.

// game is one game in play on a store of its own.
type game struct {
	t    *testing.T
	db   *store.DB
	v    *referee.Variant
	id   uint64
	lang string // the language every player reads
}

// created is when the tests' games are made (the PGN's Date tag).
var created = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// newGame opens a store in a temporary directory and starts a game of v
// made with options o, seat i held by player "p<i>", who reads lang.
func newGame(t *testing.T, v *referee.Variant, o referee.Options, lang string) *game {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), &store.Options{Now: func() time.Time { return created }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	players := make([]*store.Player, len(v.Seats))
	err = db.Update(func(tx *store.Tx) error {
		for i := range v.Seats {
			name := fmt.Sprintf("p%d", i)
			players[i] = &store.Player{Name: name, Lang: lang, Addresses: []store.Address{{Transport: "test", ID: name}}}
			if err := tx.PutPlayer(players[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	g := &game{t: t, db: db, v: v, lang: lang}
	_, err = db.Apply(0, "", func(sg *store.Game) ([]store.Outgoing, error) {
		g.id = sg.ID
		sg.Variant, sg.Options, sg.State = v.Key, o, store.StatePlaying
		for i, s := range v.Seats {
			sg.Seats[s] = store.Seat{PlayerID: players[i].ID, Token: fmt.Sprintf("%d-%d", sg.ID, i)}
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// seat is the seat of the player named name ("p0" holds the first).
func (g *game) seat(name string) referee.Seat {
	g.t.Helper()
	for i, s := range g.v.Seats {
		if name == fmt.Sprintf("p%d", i) {
			return s
		}
	}
	g.t.Fatalf("no player %q in a game of %s", name, g.v.Key)
	return ""
}

// say plays text as seat s's message, as the bot plays a seated player's
// action: a secret choice gets a salt (in a game played in private),
// every item is read in the notation of the player's language, the items
// the referee logs are appended to the log, and a result ends the game.
func (g *game) say(s referee.Seat, text string) {
	g.t.Helper()
	notation := referee.NotationEnglish
	if g.lang == "eo" {
		notation = referee.NotationEsperanto
	}
	_, err := g.db.Apply(g.id, "", func(sg *store.Game) ([]store.Outgoing, error) {
		if sg.State != store.StatePlaying {
			return nil, fmt.Errorf("game %d is %s: %s may not play %q", sg.ID, sg.State, s, text)
		}
		rg, err := referee.Replay(g.v, sg.Options, sg.Log)
		if err != nil {
			return nil, err
		}
		salt := ""
		if !g.v.InGroup && slices.ContainsFunc(referee.SplitList(text), referee.IsSecret) {
			salt = strings.Repeat(fmt.Sprintf("%02x", len(sg.Log)%256), 32) // the bot's are 32 random bytes
		}
		for _, pl := range referee.PlayList(rg, referee.Action{Seat: s, Text: text, Salt: salt, Notation: notation}) {
			if pl.Ruling.Logged() {
				sg.Log = append(sg.Log, pl.Action)
			}
		}
		if result, reason := rg.Result(); result != "" {
			sg.State, sg.Result, sg.Reason = store.StateOver, result, reason
		}
		return nil, nil
	})
	if err != nil {
		g.t.Fatal(err)
	}
}

// load loads the game from the store and replays it.
func (g *game) load() (*store.Game, referee.Game) {
	g.t.Helper()
	sg, err := g.db.Game(g.id)
	if err != nil {
		g.t.Fatal(err)
	}
	rg, err := referee.Replay(g.v, sg.Options, sg.Log)
	if err != nil {
		g.t.Fatal(err)
	}
	return sg, rg
}

// playOut plays the game to its end, as the bot's end-to-end tests do
// (bot/e2e_test.go): each turn the seat to move plays a legal move found
// by trying candidates on a copy of the game, sometimes behind a failed
// try in an attempt list; secret choices are made when the referee asks
// for them; after maxPlies the seat to move resigns.
func (g *game) playOut(rng *rand.Rand, maxPlies int) {
	g.t.Helper()
	for step := 0; step < 4*maxPlies; step++ {
		sg, rg := g.load()
		if sg.State == store.StateOver {
			return
		}
		turn := rg.Turn()
		if step >= 3*maxPlies || rg.View(referee.God).Ply >= maxPlies {
			g.say(turn, "resign")
			continue
		}
		tries := randgame.TryOn(g.v, sg.Options, sg.Log)
		cands := randgame.Candidates(rg.View(referee.God), turn, rng)
		move, refused := randgame.FindMove(tries, turn, cands)
		switch {
		case move != "":
			if bad := randgame.FindBad(tries, turn, cands); bad != "" && rng.IntN(3) == 0 {
				move = bad + ", " + move
			}
			g.say(turn, move)
		case refused == referee.ReasonSecretFirst, refused == referee.ReasonSecretAwaited:
			if !g.makeSecret(sg, rg.View(referee.God), rng) {
				g.t.Fatalf("game %d: a secret is owed, but none found", g.id)
			}
		default:
			g.say(turn, "resign")
		}
	}
	g.t.Fatalf("game %d of %s did not end", g.id, g.v.Key)
}

// makeSecret plays the first secret choice the referee accepts from any
// seat of sg, whose god's view is god: a crown, a growing pawn.
func (g *game) makeSecret(sg *store.Game, god referee.View, rng *rand.Rand) bool {
	tries := randgame.TryOn(g.v, sg.Options, sg.Log)
	for _, s := range g.v.Seats {
		for _, text := range randgame.Secrets(god, s, rng) {
			if r := tries(referee.Action{Seat: s, Text: text, Salt: "00"}); r.Verdict == referee.Accepted {
				g.say(s, text)
				return true
			}
		}
	}
	return false
}

// finished plays a game of v to its end on a store of its own, by random
// moves (seeded) or, when moves is not empty, by those moves in turn and
// then random ones, and returns the store and the game.
func finished(t *testing.T, v *referee.Variant, seed uint64, moves ...string) (*store.DB, *store.Game) {
	t.Helper()
	g := newGame(t, v, referee.Options{}, "en")
	for i, m := range moves {
		g.say(v.Seats[i%len(v.Seats)], m)
	}
	plies := 40
	if testing.Short() {
		plies = 16
	}
	g.playOut(rand.New(rand.NewPCG(seed, 3)), plies)
	sg, _ := g.load()
	return g.db, sg
}

// godBoard is the god's board at the end of the log of g.
func godBoard(t *testing.T, g *store.Game) string {
	t.Helper()
	v, _ := referee.Lookup(g.Variant)
	rg, err := referee.Replay(v, g.Options, g.Log)
	if err != nil {
		t.Fatal(err)
	}
	return rg.Board()
}
