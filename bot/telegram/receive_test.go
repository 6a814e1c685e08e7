package telegram

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"umpire/bot/telegram/tgtest"
	"umpire/bot/wire"
)

func TestReceiveHandsOverWhatIsAddressed(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := &recorder{}
	f.receive(t, f.tr, r)
	f.srv.Start(ann)
	f.srv.Private(ann, "e2e4")
	f.srv.Group(club, bob, "/new@umpire_test_bot kriegspiel")
	f.srv.Group(club, bob, "/new@some_other_bot kriegspiel") // not for us
	f.srv.Group(club, bob, "nice weather")                   // chatter
	f.srv.Group(club, carol, "@umpire_test_bot rules dark")
	last := f.srv.Group(club, carol, "/rules")
	f.handled(t, last)
	want := []struct {
		from, chat, text string
		private          bool
	}{
		{"1001", "1001", "/start", true},
		{"1001", "1001", "e2e4", true},
		{"1002", "-4001", "/new kriegspiel", false},
		{"1003", "-4001", "rules dark", false},
		{"1003", "-4001", "/rules", false},
	}
	got := r.inbounds()
	// Chats are handled concurrently, each in order: sort by update id.
	slices.SortFunc(got, func(a, b wire.Inbound) int { return strings.Compare(a.ID, b.ID) })
	if len(got) != len(want) {
		t.Fatalf("handed over %d messages, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.From != w.from || g.Chat != w.chat || g.Text != w.text || g.Private != w.private || g.Transport != "telegram" {
			t.Errorf("message %d = %+v; want %+v", i, g, w)
		}
	}
	if got[0].Lang != "ru" || got[0].Name != "Ann" || got[0].ID == "" {
		t.Errorf("first message: lang %q name %q id %q", got[0].Lang, got[0].Name, got[0].ID)
	}
}

// TestGroupTextsGoToTheBot: what is written to the bot in a group goes to
// the bot as it is, the bot's @name taken off; the transport refuses
// nothing (what may be done in a group is the bot's to decide).
func TestGroupTextsGoToTheBot(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := &recorder{}
	f.receive(t, f.tr, r)
	ids := []int{
		f.srv.Group(club, bob, "/e2e4"),
		f.srv.Group(club, bob, "@umpire_test_bot #3 Nf3"),
		f.srv.Group(club, bob, "/resign@umpire_test_bot"),
		f.srv.Group(club, bob, "/crown@other_bot king"),
		f.srv.Group(club, bob, "chatter, not for the bot"),
	}
	f.handled(t, ids[len(ids)-1])
	want := []string{"/e2e4", "#3 Nf3", "/resign"}
	got := r.inbounds()
	if len(got) != len(want) {
		t.Fatalf("the bot got %+v; want %q", got, want)
	}
	for i, in := range got {
		if in.Text != want[i] || in.Private || in.Chat != "-4001" || in.Reply {
			t.Errorf("message %d = %+v; want %q in the group", i, in, want[i])
		}
	}
}

func TestOffsetIsStoredAndFailedUpdatesComeAgain(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	failOnce := map[string]bool{"Nf3": true}
	r := &recorder{fail: func(in wire.Inbound) error {
		if failOnce[in.Text] {
			failOnce[in.Text] = false
			return errors.New("store busy")
		}
		return nil
	}}
	f.srv.Start(ann)
	f.srv.Start(bob)
	f.srv.Private(ann, "e4")
	f.srv.Private(bob, "e5")
	f.srv.Private(ann, "Nf3") // fails once
	last := f.srv.Private(ann, "Bc4")
	f.receive(t, f.tr, r)
	f.handled(t, last)
	var texts []string
	for _, in := range r.inbounds() {
		texts = append(texts, in.From+":"+in.Text)
	}
	got := strings.Join(texts, " ")
	// Ann's messages in order, once each; Bob's once.
	if strings.Count(got, "1001:Nf3") != 1 || strings.Count(got, "1002:e5") != 1 ||
		!strings.Contains(got, "1001:e4") || strings.Index(got, "1001:Nf3") > strings.Index(got, "1001:Bc4") {
		t.Errorf("handled %s", got)
	}
	if d := f.sleeps.all(); len(d) != 1 || !jittered(d[0], time.Second) {
		t.Errorf("waits after the failure = %v; want [1s] less its jitter", d)
	}
	off, err := f.tr.offset()
	if err != nil || off != last+1 {
		t.Errorf("stored offset = %d, %v; want %d", off, err, last+1)
	}
}

func TestPollBacksOffAndHonoursRetryAfter(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.FloodWait("getUpdates", 0, 7)
	f.srv.Fail(tgtest.Fault{Method: "getUpdates", Code: 502, Raw: "<html>Bad Gateway</html>", Times: 3})
	f.srv.Start(ann)
	last := f.srv.Private(ann, "e4")
	r := &recorder{}
	f.receive(t, f.tr, r)
	f.handled(t, last)
	// the flood wait asked for, then the backoff of failures in a row
	want := []time.Duration{7 * time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}
	got := f.sleeps.all()
	if len(got) != len(want) || got[0] != want[0] || !jittered(got[1], want[1]) || !jittered(got[2], want[2]) || !jittered(got[3], want[3]) {
		t.Errorf("waits = %v; want %v (the last three less their jitter)", got, want)
	}
	if len(r.inbounds()) != 2 {
		t.Errorf("handled %d updates, want 2", len(r.inbounds()))
	}
}

// jittered reports whether d is the backoff ceiling less its jitter: at
// most ceiling, at least three quarters of it (wire.Backoff).
func jittered(d, ceiling time.Duration) bool { return d <= ceiling && d >= ceiling*3/4 }

func TestRefusedTokenStopsReceiving(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Fail(tgtest.Fault{Method: "getUpdates", Code: 401, Description: "Unauthorized"})
	err := f.tr.Receive(wait(t), &recorder{})
	if err == nil || !strings.Contains(err.Error(), "TELEGRAM_TOKEN") || strings.Contains(err.Error(), f.srv.Token) {
		t.Errorf("Receive = %v; want the token refused, not quoted", err)
	}
}

func TestUpdateFailedEveryTimeIsSkipped(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := &recorder{fail: func(in wire.Inbound) error {
		if in.Text == "poison" {
			return errors.New("cannot")
		}
		return nil
	}}
	f.srv.Start(ann)
	f.srv.Private(ann, "poison")
	last := f.srv.Private(ann, "e4")
	f.receive(t, f.tr, r)
	f.handled(t, last)
	if got := r.inbounds(); len(got) != 2 || got[1].Text != "e4" {
		t.Errorf("handled %+v", got)
	}
	if n := len(f.sleeps.all()); n != SkipAfter-1 {
		t.Errorf("%d waits before skipping; want %d", n, SkipAfter-1)
	}
	if !strings.Contains(f.logs.String(), "update skipped") {
		t.Errorf("the skip was not logged")
	}
}
