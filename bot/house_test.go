package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"umpire/bot/lobby"
	"umpire/bot/wire"

	"umpire/house"
	"umpire/referee"
	"umpire/store"
)

// houseRounds bounds the looks of the house in one settle: more means a
// refusal loop.
const houseRounds = 50

// settle sends what is queued, lets the house act on what it was sent,
// and again, until the house has nothing more to do.
func (w *world) settle() {
	w.t.Helper()
	ctx := context.Background()
	hs := w.bot.Sender(w.bot.House())
	for range houseRounds {
		w.flush()
		if _, err := hs.Flush(ctx); err != nil {
			w.t.Fatalf("house sender: %v", err)
		}
		sent, err := w.bot.House().Act(ctx, w.bot)
		if err != nil {
			w.t.Fatalf("house: %v", err)
		}
		if !sent {
			return
		}
	}
	w.t.Fatalf("the house still acts after %d rounds: a refusal loop?", houseRounds)
}

// gameIn reads the number of the game a "Game #N" text names.
func (w *world) gameIn(text string) uint64 {
	w.t.Helper()
	var id uint64
	if i := strings.Index(text, "Game #"); i < 0 || func() bool { _, err := fmt.Sscanf(text[i:], "Game #%d", &id); return err != nil }() {
		w.t.Fatalf("no game named in %q", text)
	}
	return id
}

// TestHouseEveryVariant plays a game of every variant against the house
// player, through the bot, from `new … vs house` (in a group for triad,
// with two people) to the end: the people move by the house's own choice
// from their views, and the house must never loop on refusals.
func TestHouseEveryVariant(t *testing.T) {
	t.Parallel()
	for _, v := range referee.Variants() {
		t.Run(v.Key, func(t *testing.T) {
			w := newWorld(t)
			people := []string{"ann"}
			if len(v.Seats) == 3 {
				people = append(people, "bob")
				w.group("club", "ann", "new "+v.Key+" vs house")
			} else {
				w.say("ann", "new "+v.Key+" vs house")
			}
			id := w.gameIn(w.tr.Sent()[len(w.tr.Sent())-1].Text)
			if len(v.Seats) == 3 {
				w.group("club", "ann", fmt.Sprintf("join #%d white", id))
				w.group("club", "bob", fmt.Sprintf("join #%d red", id))
			}
			if !strings.Contains(w.last("ann"), house.Name) {
				t.Errorf("the start does not name the house as a program: %q", w.last("ann"))
			}
			plies := 300
			if len(v.Seats) == 3 || testing.Short() {
				plies = 40 // then each person resigns
			}
			g := w.playHouse(id, people, plies)
			if g.State != store.StateOver {
				t.Fatalf("game state %s; want over", g.State)
			}
			t.Logf("%s: %s %s after %d log entries", v.Key, g.Result, g.Reason, len(g.Log))
		})
	}
}

// playHouse plays game id: each person in turn sends the house's first
// choice from its own view (seed 99, not the house's), after maxPlies
// moves it resigns; between times the house acts.
func (w *world) playHouse(id uint64, people []string, maxPlies int) *store.Game {
	w.t.Helper()
	w.settle()
	for step := 0; step < 20*maxPlies; step++ {
		g, rg := w.replay(id)
		if g.State == store.StateOver {
			return g
		}
		acted := false
		for _, who := range people {
			p, err := w.db.PlayerAt(store.Address(w.tr.Addr(who)))
			if err != nil {
				w.t.Fatal(err)
			}
			seat, _ := g.SeatOf(p.ID)
			v := rg.View(seat)
			acts := house.Choose(v, 99)
			if v.Ply >= maxPlies && v.Turn == seat {
				acts = []string{"resign"}
			}
			if len(acts) > 0 {
				w.say(who, fmt.Sprintf("#%d %s", id, acts[0]))
				acted = true
				break
			}
		}
		w.settle()
		if !acted {
			if g2, _ := w.replay(id); len(g2.Log) == len(g.Log) {
				w.t.Fatalf("nobody acts at %d log entries, turn %s", len(g.Log), rg.Turn())
			}
		}
	}
	g, _ := w.replay(id)
	return g
}

var _ wire.Transport = (*lobby.House)(nil)

// TestVsHouseWords: `new … vs house` in every language makes a game with
// the house in the other seat, started at once; the house then moves.
func TestVsHouseWords(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"new dark vs house", "новая dark против бота", "nova dark kontraŭ domo", "new dark black vs house"} {
		w := newWorld(t)
		w.say("ann", text)
		w.settle()
		games := w.gamesOf(store.Address(w.tr.Addr("ann")))
		if len(games) != 1 || games[0].State != store.StatePlaying {
			t.Errorf("%q: games %+v; want one in play", text, games)
			continue
		}
		if black := strings.Contains(text, "black"); black != (len(games[0].Log) == 1) {
			t.Errorf("%q: log %v; want the house to have moved only as White", text, games[0].Log)
		}
	}
	for text, level := range map[string]int{"new dark vs house 3": 3, "новая dark против бота 1": 1, "new dark vs house": 2} {
		w := newWorld(t)
		w.say("ann", text)
		if games := w.gamesOf(store.Address(w.tr.Addr("ann"))); len(games) != 1 || games[0].House != level {
			t.Errorf("%q: games %+v; want the house at level %d", text, games, level)
		}
	}
	w := newWorld(t)
	w.say("ann", "new dark vs house 7")
	if !strings.Contains(w.last("ann"), "level 1, 2 or 3") {
		t.Errorf("vs house 7: %q; want the levels", w.last("ann"))
	}
	w = newWorld(t)
	w.say("ann", "new dark vs bob")
	if !strings.Contains(w.last("ann"), "new VARIANT") {
		t.Errorf("vs someone else: %q; want the usage", w.last("ann"))
	}
}

// TestMoveWaitsForHouseCrown: in Korona against the house, a player who
// seals a crown and moves at once, before the house has looked at the
// game, has the move played: the house seals its own crown as soon as
// the player acts, from its own view, in the same transaction. Against a person the move is
// refused with the reason that the opponent has not chosen yet.
func TestMoveWaitsForHouseCrown(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "new korona vs house")
	w.say("ann", "crown king")
	w.say("ann", "e2e4")
	g, err := w.db.Game(w.gameIn(w.last("ann")))
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, a := range g.Log {
		texts = append(texts, string(a.Seat)+" "+a.Text)
	}
	if len(g.Log) != 3 || g.Log[2].Text != "e2e4" || g.Log[0].Seat != referee.Black || g.Log[1].Seat != referee.White {
		t.Fatalf("log %q; want the house's crown, ann's, then e2e4", texts)
	}
	w.group("club", "bob", "new korona white")
	w.group("club", "cat", "join #2 black")
	w.say("bob", "#2 crown dame")
	w.say("bob", "#2 e2e4") // cat, a person, has not crowned: the move waits for her
	if got := w.last("bob"); !strings.Contains(got, "your opponent has not made its secret choice") {
		t.Errorf("a move before a person's crown: %q; want the reason", got)
	}
}
