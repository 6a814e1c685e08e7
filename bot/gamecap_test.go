package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"umpire/bot"
	"umpire/bot/record"
	"umpire/store"
)

// A player has at most 30 games under way and 5 against the house; past
// that a new one is refused, saying how to end one, and nothing is made.
func TestGameCaps(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 5 {
		w.say("ann", "new chess white vs house")
		if got := w.last("ann"); strings.Contains(got, "the most at once") {
			t.Fatalf("house game %d refused: %q", i+1, got)
		}
	}
	w.say("ann", "new chess white vs house")
	if got := w.last("ann"); !strings.Contains(got, "You have 5 games against the house under way") {
		t.Errorf("a sixth game against the house: %q", got)
	}
	for i := 5; i < 30; i++ {
		w.say("ann", "new dark white")
	}
	w.say("ann", "new dark white")
	if got := w.last("ann"); !strings.Contains(got, "You have 30 games under way, the most at once") {
		t.Errorf("a 31st game: %q", got)
	}
	w.say("bob", "new chess white")
	w.say("ann", fmt.Sprintf("join %s", w.token(w.latest("bob"), "black")))
	if got := w.last("ann"); !strings.Contains(got, "30 games under way") {
		t.Errorf("joining a 31st game: %q", got)
	}
	if n := len(w.gamesOf(store.Address(w.tr.Addr("ann")))); n != 30 {
		t.Errorf("ann has %d games; want 30", n)
	}
}

// A game without a clock that nobody acts in for 60 days ends as
// abandoned: its players are told, its record says so, and it no longer
// counts among the games under way.
func TestClocklessGameAbandoned(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.newPrivateGame("ann", "bob")
	id := w.latest("ann")
	w.say("ann", fmt.Sprintf("#%d e4", id))
	w.now = w.now.Add(bot.AbandonAfter - time.Hour)
	w.tick()
	if g := w.game(id); g.State != store.StatePlaying {
		t.Fatalf("a day before: game %d is %s", id, g.State)
	}
	w.say("bob", fmt.Sprintf("#%d e5", id)) // an action: 60 days from now
	w.now = w.now.Add(bot.AbandonAfter - time.Hour)
	w.tick()
	if g := w.game(id); g.State != store.StatePlaying {
		t.Fatalf("59 days after bob's move: game %d is %s", id, g.State)
	}
	w.now = w.now.Add(2 * time.Hour)
	w.tick()
	g := w.game(id)
	if g.State != store.StateOver || g.Result != "*" || g.Reason != "abandoned" {
		t.Fatalf("60 days after the last action: %s %s %s; want over, *, abandoned", g.State, g.Result, g.Reason)
	}
	for _, who := range []string{"ann", "bob"} {
		if got := w.last(who); !strings.Contains(got, "is abandoned: nobody acted in it for 60 days") {
			t.Errorf("%s was told %q", who, got)
		}
	}
	pgn, err := record.PGN(w.db, id)
	if err != nil || !strings.Contains(pgn, `[Result "*"]`) || !strings.Contains(pgn, `[Termination "abandoned"]`) {
		t.Errorf("the record: %v\n%s", err, pgn)
	}
}
