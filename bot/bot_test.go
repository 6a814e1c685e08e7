package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"umpire/bot/wire"

	"umpire/bot/bottest"
	"umpire/referee"
	"umpire/store"
)

// contains fails the test unless the last message to id contains want.
func (w *world) contains(id, want string) {
	w.t.Helper()
	if got := w.last(id); !strings.Contains(got, want) {
		w.t.Errorf("last message to %s:\n%s\nwant it to contain %q", id, got, want)
	}
}

func TestGroupGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "alice", "new chess")
	w.contains("club", "Game #1 (chess) created.")
	w.group("club", "alice", "join #1 white")
	w.group("club", "carol", "join #1 white")
	w.contains("carol", "White in game #1 is taken.") // a refusal goes to the writer alone
	w.group("club", "bob", "join #1")
	w.contains("alice", "you play White.")
	w.contains("bob", "you play Black.")
	w.contains("club", "begins: alice (White), bob (Black)")
	w.say("bob", "e5")
	w.contains("bob", "e5: it is not your turn.")
	w.say("alice", "e4")
	w.contains("bob", "White played e4.")
	w.contains("club", "White played e4.")
	w.say("carol", "e5")
	w.contains("carol", "You have no game in play.")
	w.say("bob", "Ke7, e5")
	w.contains("bob", "Ke7: no, that is not legal on the umpire's board.\nYou played e5.")
	w.say("alice", "Nf3 Nc3")
	w.contains("alice", "cannot read this as a move")
	w.say("alice", "draw")
	w.contains("bob", "White offers a draw.")
	w.say("bob", "decline")
	w.contains("alice", "Black declines the draw.")
	w.say("alice", "abort")
	w.contains("alice", "can no longer be aborted")
	w.say("alice", "resign")
	w.contains("club", "Game #1 is over on move 2: Black wins (White resigned).")
	if m := w.tr.Last("alice"); !strings.Contains(string(fileNamed(m, ".pgn")), `[Variant "chess"]`) {
		t.Errorf("the end has no record: %+v", m.Files)
	}
	if m := w.tr.Last("alice"); m.Seat != string(referee.God) || !strings.HasPrefix(string(m.Image), "god:") {
		t.Errorf("the reveal is not the god's view: %q", m.Image)
	}
}

func TestPrivateGameAndInvitations(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new korona black")
	w.contains("alice", "You play Black.")
	tok := w.token(1, referee.White)
	w.contains("alice", "Pass this on to your opponent, it takes White: join "+tok)
	w.say("alice", "invite bob")
	w.contains("bob", "alice invites you to game #1 (Korona) as White. To accept, write: join "+tok)
	w.contains("alice", "Invitation sent to bob.")
	w.group("club", "bob", "join #1")
	w.contains("bob", "There is no game #1 that you may see.")
	w.say("bob", "join 1-0000")
	w.contains("bob", "not valid")
	w.say("bob", "join "+tok)
	w.contains("bob", "Game #1 (Korona), you play White.")
	w.say("carol", "join "+tok)
	w.contains("carol", "not valid") // the seat took a fresh key: the old one opens nothing, and says nothing of the game
	w.group("club", "bob", "crown king")
	w.contains("bob", "private chat, never here")
	w.say("bob", "e4")
	w.contains("bob", "first make your secret choice")
	w.say("bob", "crown king")
	w.contains("alice", "White made a sealed choice.")
	w.say("alice", "abort")
	w.contains("bob", "Game #1 is aborted.")
	g, _ := w.db.Game(1)
	if g.State != store.StateOver || g.Reason != "aborted" || len(g.Log) != 1 || g.Log[0].Salt == "" {
		t.Errorf("after abort: %s %s, log %+v", g.State, g.Reason, g.Log)
	}
}

// token reads the join token of a seat from the store.
func (w *world) token(id uint64, s referee.Seat) string {
	g, err := w.db.Game(id)
	if err != nil {
		w.t.Fatal(err)
	}
	return g.Seats[s].Token
}

func TestSeveralGames(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new chess white")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("alice", "new chess black")
	w.say("bob", "join "+w.token(2, referee.White))
	w.say("alice", "new chess white")
	w.say("carol", "join "+w.token(3, referee.Black))
	w.say("alice", "#3 d4")
	// Game #1 is the only one where it is Alice's move: a bare move goes there.
	w.say("alice", "e4")
	w.contains("alice", "Game #1 (chess), you play White.\nYou played e4.")
	w.say("bob", "e5")
	w.contains("bob", "You have several games: start with the game's number, as in #1 e5")
	w.contains("bob", "#1 chess against alice (White): your move\n#2 chess against alice (Black): your move")
	w.say("bob", "#1 e5")
	w.contains("bob", "You played e5.")
	// Alice's move in #1 and #4, not in #2 and #3: the question lists those two.
	w.say("carol", "new chess white")
	w.say("alice", "join "+w.token(4, referee.Black))
	w.say("carol", "#4 c4")
	w.say("alice", "Nf3")
	w.contains("alice", "You have several games: start with the game's number, as in #1 Nf3\n#1 chess against bob (Black): your move\n#4 chess against carol (White): your move")
	if last := w.last("alice"); strings.Contains(last, "#2") || strings.Contains(last, "#3") {
		t.Errorf("the question lists a game where it is not Alice's move:\n%s", last)
	}
	// The example is the writer's command in its own words and letters,
	// whatever words it was typed in.
	w.say("alice", "lang ru")
	for typed, want := range map[string]string{"Nf3": "#1 Кf3", "give 1д": "#1 дать 1д", "resign": "#1 сдаюсь", "rezigni": "#1 сдаюсь"} {
		w.say("alice", typed)
		w.contains("alice", "У вас несколько партий: начните с номера партии, например "+want+"\n")
	}
	w.say("bob", "games")
	w.contains("bob", "#1 chess against alice (White): White to move\n#2 chess against alice (Black): your move")
	w.say("bob", "board #2")
	w.contains("bob", "Move 1, your turn. Game #2 (chess), you play White.")
}

func TestLanguages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.do(wire.Inbound{Transport: "test", From: "ivan", Chat: "ivan", Text: "помощь", ID: "r1", Lang: "ru-RU", Private: true})
	w.contains("ivan", "Я посредник")
	w.say("ivan", "lang eo")
	w.contains("ivan", "De nun mi skribas en Esperanto.")
	w.say("ivan", "nova chess blankaj")
	w.contains("ivan", "Ludo #1 (ŝako) estas kreita.")
	w.say("ivan", "lang xx")
	w.contains("ivan", "Mi parolas: en, ru, eo.")
	w.group("klubo", "ivan", "lingvo ru")
	w.contains("klubo", "Теперь я пишу по-русски.")
	w.group("klubo", "ivan", "rules kriegspiel")
	w.say("ivan", "rules korona")
	w.contains("ivan", "Korona: la damo")
}

func TestWatchAndDuplicates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new chess white public")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("carol", "watch #1")
	w.contains("carol", "You are watching game #1.")
	in := w.tr.Private("alice", "e4")
	w.do(in)
	n := len(w.tr.Sent())
	w.do(in) // delivered again: handled once
	if len(w.tr.Sent()) != n {
		t.Errorf("a message handled twice sent %d more messages", len(w.tr.Sent())-n)
	}
	g, _ := w.db.Game(1)
	if len(g.Log) != 1 {
		t.Errorf("log %v after a duplicate; want one entry", g.Log)
	}
	w.contains("carol", "White played e4.")
	if m := w.tr.Last("carol"); m.Seat != string(referee.Spectator) || !strings.HasPrefix(string(m.Image), "spectator:") {
		t.Errorf("a watcher got seat %q, picture %q", m.Seat, m.Image)
	}
}

func TestSenderRetries(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fails := 2
	w.tr.Fail(func(m wire.Message) error {
		if m.To.ID == "alice" && fails > 0 {
			fails--
			return &wire.TemporaryError{Err: errors.New("busy"), RetryAfter: 10 * time.Second}
		}
		return nil
	})
	w.say("alice", "help")
	w.say("bob", "help")
	if len(w.tr.To("alice")) != 0 || len(w.tr.To("bob")) != 1 {
		t.Fatalf("after a failure: %d to alice, %d to bob", len(w.tr.To("alice")), len(w.tr.To("bob")))
	}
	w.now = w.now.Add(5 * time.Second)
	w.flush()
	if len(w.tr.To("alice")) != 0 {
		t.Fatal("sent before retry_after")
	}
	for range 2 {
		w.now = w.now.Add(10 * time.Second)
		w.flush()
	}
	if len(w.tr.To("alice")) != 1 {
		t.Fatalf("after retries: %d messages to alice; want 1", len(w.tr.To("alice")))
	}
}

func TestSenderGivesUp(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mail := bottest.New("mail")
	mailer := w.bot.Sender(mail)
	w.say("alice", "help")
	p, _ := w.db.PlayerAt(store.Address(w.tr.Addr("alice")))
	p.Addresses = append(p.Addresses, store.Address(mail.Addr("alice@example.org")))
	if err := w.db.PutPlayer(p); err != nil {
		t.Fatal(err)
	}
	w.tr.Fail(func(m wire.Message) error { return wire.Permanent(errors.New("blocked")) })
	w.say("alice", "games")
	if _, err := mailer.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := mail.Last("alice@example.org").Text; !strings.Contains(got, "could not deliver") {
		t.Errorf("notice by mail: %q", got)
	}
	if rows, _ := w.db.Pending(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), 0); len(rows) != 0 {
		t.Errorf("%d rows left in the outbox", len(rows))
	}
}
