package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"umpire/bot"
	"umpire/bot/wire"
	"umpire/store"
)

// A sender past its budget is told once to slow down, in its language,
// then passed over in silence until the budget is full again; another
// sender is answered all along.
func TestBudgetSlowsAFlooderOnly(t *testing.T) {
	t.Parallel()
	w := budgetedWorld(t)
	w.say("ann", "lang ru")
	for range wire.DefaultBudget.Burst - 1 {
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
	w.now = w.now.Add(wire.DefaultBudget.Refill)
	w.say("ann", "help")
	w.say("ann", "help")
	if n := len(w.tr.To("ann")); n != 2 {
		t.Errorf("after one refill ann got %d messages; want the notice and one answer", n)
	}
	w.now = w.now.Add(time.Duration(wire.DefaultBudget.Burst) * wire.DefaultBudget.Refill)
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
	b, err := bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: w.picture, Replay: fakeReplay, Budget: &wire.Budget{}})
	if err != nil {
		t.Fatal(err)
	}
	w.bot, w.send = b, b.Sender(w.tr)
	return w
}

// Opt-outs made without writing (one-click links, wire.OptOut) spend no
// budget and are never told to slow down: 40 of them for one address,
// after it wrote its whole budget, bring it no message at all, and the
// opt-out stands.
func TestOptOutsSpendNoBudget(t *testing.T) {
	t.Parallel()
	w := budgetedWorld(t)
	for range wire.DefaultBudget.Burst {
		w.say("ann", "help")
	}
	w.tr.Reset()
	for i := range 40 {
		in := w.tr.Private("ann", "")
		in.Event, in.ID = wire.OptOut, fmt.Sprintf("unsubscribe.%d", i)
		w.do(in)
	}
	if got := w.tr.To("ann"); len(got) != 0 {
		t.Errorf("40 one-click opt-outs brought ann %d messages, the first %q; want none", len(got), got[0].Text)
	}
	if out, _ := w.db.OptedOut(store.Address(w.tr.Addr("ann"))); !out {
		t.Error("ann is not opted out")
	}
}

// budgetedWorld is a world whose bot keeps the default budget of inbound
// messages, as umpire serve does.
func budgetedWorld(t *testing.T) *world {
	t.Helper()
	w := newWorld(t)
	b, err := bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: w.picture, Replay: fakeReplay, Budget: &wire.DefaultBudget})
	if err != nil {
		t.Fatal(err)
	}
	w.bot, w.send = b, b.Sender(w.tr)
	return w
}
