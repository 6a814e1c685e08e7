package bot_test

import (
	"context"
	"strings"
	"testing"

	"umpire/bot"
	"umpire/store"
)

// A seat's tries logged in one turn are capped: past the cap what it
// sends is refused, not logged, but resign still ends the game.
func TestTriesPerTurnCapped(t *testing.T) {
	w := newWorld(t)
	w.bot = mustBot(t, bot.Config{DB: w.db, Now: w.clock, Picture: w.picture, Replay: fakeReplay, Budget: &bot.Budget{}})
	w.send = w.bot.Sender(w.tr)
	w.say("w", "new kriegspiel white")
	g, err := w.db.Game(w.latest("w"))
	if err != nil {
		t.Fatal(err)
	}
	w.say("b", "join "+g.Seats["black"].Token)
	w.say("w", "e4")
	w.say("b", "e5")
	tries := strings.TrimSuffix(strings.Repeat("e5, ", 64), ", ")
	for range 10 {
		w.say("w", tries)
	}
	g, err = w.db.Game(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Log); n != 2+256 {
		t.Fatalf("after 640 tries the log holds %d; want the 2 moves and 256 tries", n)
	}
	if got := w.last("w"); !strings.Contains(got, "256") {
		t.Errorf("past the cap white was told %q; want the cap named", got)
	}
	w.say("w", "resign")
	if g, _ = w.db.Game(g.ID); g.State != store.StateOver {
		t.Errorf("resign past the cap: state %s; want over", g.State)
	}
}

func mustBot(t *testing.T, cfg bot.Config) *bot.Bot {
	t.Helper()
	b, err := bot.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	_ = context.Background
	return b
}

// A seat has one standing draw offer at most: a second before the
// opponent acts is refused and the opponent hears the offer once.
func TestOneStandingDrawOffer(t *testing.T) {
	w := newWorld(t)
	w.newPrivateGame("w", "b")
	w.say("w", "e4")
	w.tr.Reset()
	for range 5 {
		w.say("w", "draw")
	}
	if n := len(w.tr.To("b")); n != 1 {
		t.Errorf("black heard %d messages of 5 offers; want 1", n)
	}
	if got := w.last("w"); !strings.Contains(got, "still stands") {
		t.Errorf("white's second offer was answered %q", got)
	}
	w.say("b", "e5")
	w.tr.Reset()
	w.say("w", "draw")
	if n := len(w.tr.To("b")); n != 1 {
		t.Errorf("after black moved, a new offer reached black %d times; want 1", n)
	}
}
