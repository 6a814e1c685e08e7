package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"umpire/bot/bottest"
	"umpire/bot/wire"
	"umpire/store"
)

// digested is the test transport with daily digests, as e-mail has them
// (Features.KeyAddress).
type digested struct{ *bottest.Transport }

func (digested) Features() wire.Features {
	return wire.Features{Keys: true, KeyAddress: func(key string) string { return "umpire+" + key + "@example.org" }}
}

// player loads the player at who's address.
func (w *world) player(who string) *store.Player {
	w.t.Helper()
	p, err := w.db.PlayerAt(store.Address(w.tr.Addr(who)))
	if err != nil {
		w.t.Fatal(err)
	}
	return p
}

// On a transport without digests, `mail digest` says they are for e-mail
// and changes nothing.
func TestMailDigestOnlyByMail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "mail digest")
	w.contains("ann", "are for e-mail")
	w.say("ann", "mail")
	w.contains("ann", "Write mail digest")
	if p := w.player("ann"); p.Mail != store.MailEach || !p.Digest.IsZero() {
		t.Errorf("ann: Mail %q, Digest %v; want each, none", p.Mail, p.Digest)
	}
}

// TestDigest: a digest reader's news waits for 07:00 in its time zone,
// where one message lists the games waiting for it, each as its own seat
// sees it, with the address for that game; a game waiting for another
// seat is not listed, and a day when nothing waits sends nothing.
func TestDigest(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.send = w.bot.Sender(digested{w.tr})
	w.say("ann", "почта сводка")
	w.say("ann", "tz Europe/Moscow")
	morning := time.Date(2026, 5, 2, 4, 0, 0, 0, time.UTC) // 07:00 in Moscow
	if p := w.player("ann"); p.Mail != store.MailDigest || !p.Digest.Equal(morning) {
		t.Fatalf("ann: Mail %q, Digest %v; want digest at %v", p.Mail, p.Digest, morning)
	}
	w.newPrivateGame("ann", "bob")
	one := w.latest("ann")
	w.say("ann", "e4")
	w.say("bob", "e5")
	w.newPrivateGame("cat", "ann") // waits for cat
	two := w.latest("ann")
	w.flush()
	w.tr.Reset()
	w.say("bob", "#"+fmt.Sprint(one)+" Nc6") // refused: not bob's turn, told at once to bob alone
	if got := w.tr.To("ann"); len(got) != 0 {
		t.Errorf("ann got %d messages before her digest: %q", len(got), got[0].Text)
	}
	w.now = morning.Add(-time.Minute)
	w.tick()
	if got := w.tr.To("ann"); len(got) != 0 {
		t.Fatalf("a digest before 07:00: %q", got[0].Text)
	}
	w.now = morning
	w.tick()
	got := w.tr.To("ann")
	if len(got) != 1 || len(got[0].Sections) != 1 {
		t.Fatalf("at 07:00 ann got %d messages (%v); want one digest with game #%d alone", len(got), got, one)
	}
	s := got[0].Sections[0]
	key := w.token(one, "white")
	if s.Game != one || !strings.HasPrefix(string(s.Image), "white:") || !strings.Contains(s.Text, "umpire+"+key+"@example.org") {
		t.Errorf("section: game %d, picture %q, text %q; want #%d as White sees it, with White's address", s.Game, s.Image, s.Text, one)
	}
	if strings.Contains(s.Text, fmt.Sprintf("#%d ", two)) {
		t.Errorf("the digest lists game #%d, which waits for cat: %q", two, s.Text)
	}
	w.say("ann", "#"+fmt.Sprint(one)+" Nf3")
	w.tr.Reset()
	w.now = morning.Add(24 * time.Hour)
	w.tick()
	if got := w.tr.To("ann"); len(got) != 0 {
		t.Errorf("a digest with nothing waiting: %q", got[0].Text)
	}
	if p := w.player("ann"); !p.Digest.Equal(morning.Add(48 * time.Hour)) {
		t.Errorf("next digest at %v; want %v", p.Digest, morning.Add(48*time.Hour))
	}
	w.say("ann", "poŝto ĉiu")
	w.tr.Reset()
	w.say("bob", "Nc6")
	if got := w.tr.To("ann"); len(got) != 1 || got[0].Sections != nil || got[0].Game != one {
		t.Errorf("after poŝto ĉiu, bob's move: %d messages; want one of its own", len(got))
	}
}

// A digest reader playing the house hears its moves at once: they answer
// its own.
func TestDigestHouseAnswersAtOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.send = w.bot.Sender(digested{w.tr})
	w.say("ann", "mail digest")
	w.say("ann", "new chess white vs house")
	w.settle()
	w.tr.Reset()
	w.say("ann", "e4")
	w.settle()
	got := w.tr.To("ann")
	if len(got) != 2 || !strings.Contains(got[1].Text, "your turn") {
		t.Errorf("ann vs the house, after e4: %d messages; want her answer and the house's move", len(got))
		for _, m := range got {
			t.Log(m.Text)
		}
	}
}
