package bot_test

import (
	"strings"
	"testing"
	"time"

	"umpire/bot"
)

// A sender past its budget is told once to slow down, in its language,
// then passed over in silence until the budget is full again; another
// sender is answered all along.
func TestBudgetSlowsAFlooderOnly(t *testing.T) {
	w := newWorld(t)
	b, err := bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: w.picture, Replay: fakeReplay, Budget: &bot.DefaultBudget})
	if err != nil {
		t.Fatal(err)
	}
	w.bot, w.send = b, b.Sender(w.tr)
	w.say("ann", "lang ru")
	for range bot.DefaultBudget.Burst - 1 {
		w.say("ann", "help")
	}
	w.tr.Reset()
	w.say("ann", "help")
	if got := w.last("ann"); !strings.Contains(got, "быстрее") {
		t.Fatalf("past the budget ann was told %q; want the slow-down notice in Russian", got)
	}
	for range 50 {
		w.say("ann", "help")
	}
	if n := len(w.tr.To("ann")); n != 1 {
		t.Errorf("ann got %d messages while over budget; want the one notice", n)
	}
	w.say("bob", "help")
	if w.last("bob") == "" {
		t.Error("bob was not answered while ann flooded")
	}
	// One refill reads one message; the budget full again reads all.
	w.now = w.now.Add(bot.DefaultBudget.Refill)
	w.say("ann", "help")
	w.say("ann", "help")
	if n := len(w.tr.To("ann")); n != 2 {
		t.Errorf("after one refill ann got %d messages; want the notice and one answer", n)
	}
	w.now = w.now.Add(time.Duration(bot.DefaultBudget.Burst) * bot.DefaultBudget.Refill)
	w.tr.Reset()
	for range 3 {
		w.say("ann", "help")
	}
	if n := len(w.tr.To("ann")); n != 3 {
		t.Errorf("with the budget full again ann got %d answers to 3 helps", n)
	}
}

// newOpenWorld is newWorld with no budget of messages: for benchmarks and
// tests that send more than a player types while the test clock stands
// still.
func newOpenWorld(t testing.TB) *world {
	t.Helper()
	w := newWorld(t)
	b, err := bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: w.picture, Replay: fakeReplay, Budget: &bot.Budget{}})
	if err != nil {
		t.Fatal(err)
	}
	w.bot, w.send = b, b.Sender(w.tr)
	return w
}
