package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"umpire/bot/bottest"
	"umpire/bot/lobby"
	"umpire/bot/post"
	"umpire/store"
)

// mailWorld is a world with a second transport, "mail", beside "test".
type mailWorld struct {
	*world
	mail     *bottest.Transport
	mailSend *post.Sender
}

func newMailWorld(t *testing.T) *mailWorld {
	w := newWorld(t)
	mail := bottest.New("mail")
	return &mailWorld{world: w, mail: mail, mailSend: w.bot.Sender(mail)}
}

// mailSay is a private message from user on the mail transport.
func (w *mailWorld) mailSay(user, text string) {
	w.t.Helper()
	if err := w.bot.Handle(context.Background(), w.mail.Private(user, text)); err != nil {
		w.t.Fatalf("Handle(%q): %v", text, err)
	}
	w.flushAll()
}

// flushAll sends what is queued on both transports.
func (w *mailWorld) flushAll() {
	w.t.Helper()
	w.flush()
	if _, err := w.mailSend.Flush(context.Background()); err != nil {
		w.t.Fatal(err)
	}
}

// gamesOf lists the games of a player at an address.
func (w *world) gamesOf(a store.Address) []*store.Game {
	w.t.Helper()
	p, err := w.db.PlayerAt(a)
	if err != nil {
		w.t.Fatal(err)
	}
	games, err := w.db.Games(p.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	return games
}

// TestSeeksPairAcrossTransports: a seek by Telegram-like "test" and one by
// "mail" for the same game make one game, started, each told the other's
// name; a seek of another rule set waits on.
func TestSeeksPairAcrossTransports(t *testing.T) {
	t.Parallel()
	w := newMailWorld(t)
	w.say("ann", "name Ann")
	w.mailSay("bob@example.org", "name Bob")
	w.say("ann", "seek kriegspiel")
	if !strings.Contains(w.last("ann"), "waits") {
		t.Fatalf("seek: %q; want it waiting", w.last("ann"))
	}
	w.mailSay("cid@example.org", "seek kriegspiel english")
	w.mailSay("bob@example.org", "ищу kriegspiel") // Russian words, same game
	w.flushAll()
	games := w.gamesOf(store.Address(w.mail.Addr("bob@example.org")))
	if len(games) != 1 || games[0].State != store.StatePlaying || games[0].Variant != "kriegspiel" {
		t.Fatalf("bob's games: %+v; want one kriegspiel in play", games)
	}
	if ann := w.gamesOf(store.Address(w.tr.Addr("ann"))); len(ann) != 1 || ann[0].ID != games[0].ID {
		t.Fatalf("ann's games: %+v; want bob's", ann)
	}
	if !strings.Contains(w.last("ann"), "Bob") || !strings.Contains(w.mail.Last("bob@example.org").Text, "Ann") {
		t.Errorf("not told the other's name:\nann: %q\nbob: %q", w.last("ann"), w.mail.Last("bob@example.org").Text)
	}
	if cid := w.gamesOf(store.Address(w.mail.Addr("cid@example.org"))); len(cid) != 0 {
		t.Errorf("cid's english seek made a game: %+v", cid)
	}
	w.say("dan", "seeks")
	if got := w.last("dan"); !strings.Contains(got, "english") || strings.Contains(got, "Ann") {
		t.Errorf("seeks: %q; want cid's english seek alone", got)
	}
}

// TestSeekLapses: a seek unanswered for a day lapses, and its seeker hears.
func TestSeekLapses(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "seek dark")
	w.now = w.now.Add(lobby.SeekLapse + time.Minute)
	if err := w.bot.Lobby().TickSeeks(); err != nil {
		t.Fatal(err)
	}
	w.flush()
	if !strings.Contains(w.last("ann"), "lapsed") {
		t.Errorf("after a day: %q; want the seek lapsed", w.last("ann"))
	}
	w.say("bob", "seek dark")
	if games := w.gamesOf(store.Address(w.tr.Addr("bob"))); len(games) != 0 {
		t.Errorf("a lapsed seek was paired: %+v", games)
	}
}

// TestSeekHouseAnswers: a seek that agreed to the house is answered by it
// after a minute, and the house plays its seat.
func TestSeekHouseAnswers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "seek korona vs house")
	if err := w.bot.Lobby().TickSeeks(); err != nil {
		t.Fatal(err)
	}
	if games := w.gamesOf(store.Address(w.tr.Addr("ann"))); len(games) != 0 {
		t.Fatalf("the house answered at once: %+v", games)
	}
	w.now = w.now.Add(lobby.SeekHouse)
	if err := w.bot.Lobby().TickSeeks(); err != nil {
		t.Fatal(err)
	}
	w.settle()
	games := w.gamesOf(store.Address(w.tr.Addr("ann")))
	if len(games) != 1 || games[0].State != store.StatePlaying {
		t.Fatalf("ann's games: %+v; want one in play", games)
	}
	if g := games[0]; len(g.Log) != 1 || !strings.HasPrefix(g.Log[0].Text, "crown") {
		t.Errorf("the house's first action: %+v; want its crown", g.Log)
	}
	w.say("bob", "seeks")
	if !strings.Contains(w.last("bob"), "Nobody") {
		t.Errorf("seeks after the house answered: %q", w.last("bob"))
	}
}

// TestGroupSeek: /seek in a group pairs that group's members only, in a
// game of the group.
func TestGroupSeek(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "/seek dark")
	w.say("bob", "seek dark") // in private: another pool
	w.group("other", "cid", "/seek dark")
	w.group("club", "dan", "/seek@umpire_bot dark")
	games := w.gamesOf(store.Address(w.tr.Addr("dan")))
	if len(games) != 1 || games[0].Chat != store.Address(w.tr.Addr("club")) || games[0].State != store.StatePlaying {
		t.Fatalf("dan's games: %+v; want one of the club in play", games)
	}
	if ann := w.gamesOf(store.Address(w.tr.Addr("ann"))); len(ann) != 1 || ann[0].ID != games[0].ID {
		t.Errorf("ann's games: %+v", ann)
	}
	if bob := w.gamesOf(store.Address(w.tr.Addr("bob"))); len(bob) != 0 {
		t.Errorf("bob's private seek met a group's: %+v", bob)
	}
}

// No player is refused a seek because of other players': 100 players
// with 5 seeks each fill the book, and Bob, who has none, still seeks;
// the oldest seek made room for his.
func TestFullBookRefusesNobody(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 500 {
		variant := []string{"kriegspiel", "dark"}[i%2] // 500 seeks no two of which meet
		w.say(fmt.Sprintf("s%d", i/5), fmt.Sprintf("seek %s %dh", variant, i/2+1))
	}
	if got := w.last("s99"); !strings.Contains(got, "waits") {
		t.Fatalf("the 500th seek: %q", got)
	}
	w.say("bob", "seek chess")
	if got := w.last("bob"); !strings.Contains(got, "Your seek for chess waits") {
		t.Errorf("bob, with no seek, beside a full book: %q", got)
	}
	w.say("s0", "seeks")
	if got := w.last("s0"); strings.Contains(got, "kriegspiel wild16 1h:") {
		t.Errorf("the list after bob's seek: %q; want the oldest gone", got)
	}
	w.say("eve", "seek chess") // bob's seek is in the book: eve's meets it
	if games := w.gamesOf(store.Address(w.tr.Addr("bob"))); len(games) != 1 || games[0].State != store.StatePlaying {
		t.Errorf("bob's games after eve's seek: %+v; want one in play", games)
	}
}

// A seek is a variant, its rules and a clock: what else new takes (an
// increment, the claim rule, casual, a pace) is refused with the seek's
// usage, never dropped, so nobody is paired on a game they did not ask
// for.
func TestSeekRefusesWhatItCannotKeep(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, words := range []string{"kriegspiel 3d+1d", "kriegspiel 3d claim", "kriegspiel casual", "kriegspiel 1d ext2"} {
		w.say("ann", "seek "+words)
		if s := w.last("ann"); !strings.Contains(s, "Write: seek VARIANT") {
			t.Errorf("seek %s: %q", words, s)
		}
	}
	w.say("ann", "seeks")
	if s := w.last("ann"); strings.Contains(s, "kriegspiel") {
		t.Errorf("a seek was kept: %q", s)
	}
}
