package telegram

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"umpire/bot"
	"umpire/bot/telegram/tgtest"
	"umpire/bot/wire"
	"umpire/store"
)

// One chat's failing sends must not hold back another chat: the receive
// loop sends nothing itself (a confirmation's question goes through the
// outbox too), and the sender puts a chat under a flood wait off by the
// bot's clock while it goes on with the others. These tests run the real
// bot, its running Sender and the real transport against the fake Bot
// API, with the bot's clock standing still: a retry_after of a minute
// never falls due during the test, so another chat is answered during it
// only if nothing waits for it.

const (
	dave  int64 = 1004
	guild int64 = -4002 // a second group, where Carol and Dave play
)

// stall is a running umpire whose sends to one chat fail.
type stall struct {
	*game
	failed chan error   // the failed sends to the failing chat
	stop   func() error // ends the sender's Run and waits for it
	now    func() time.Time
	tick   func(time.Duration) // moves the bot's clock on
}

// newStall seats Ann (White) and Bob in a Kriegspiel game in the club and
// Carol (White) and Dave in another in the guild; then it runs the sender,
// noting on failed every send to chat that fails.
func newStall(t *testing.T, chat int64) *stall {
	f := newFixture(t)
	f.srv.AddUser(tgtest.User{ID: dave, FirstName: "Dave", LanguageCode: "en"})
	f.srv.AddGroup(guild, "Chess guild")
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	b, err := bot.New(bot.Config{DB: f.db, Picture: stamp, Now: clock, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	s := &stall{failed: make(chan error, 256), now: clock,
		tick: func(d time.Duration) { mu.Lock(); defer mu.Unlock(); now = now.Add(d) }}
	s.game = &game{fixture: f, t: t, bot: b, send: b.Sender(watched{f.tr, chat, s.failed})}
	f.receive(t, f.tr, b)
	s.newInGroup("kriegspiel")
	s.step(s.srv.Start(carol))
	s.step(s.srv.Start(dave))
	s.step(s.srv.Group(guild, carol, "/new kriegspiel white"))
	s.step(s.srv.Group(guild, dave, "/join #2 black"))
	if sg := s.stored(2); sg.State != store.StatePlaying {
		t.Fatalf("game #2 is %s", sg.State)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.send.Run(ctx) }()
	var once sync.Once
	var runErr error
	s.stop = func() error {
		once.Do(func() { cancel(); runErr = <-done })
		return runErr
	}
	t.Cleanup(func() { s.stop() })
	return s
}

// watched is the transport, telling failed about each send to chat that
// fails.
type watched struct {
	*Transport
	chat   int64
	failed chan<- error
}

func (w watched) Send(ctx context.Context, m wire.Message) error {
	err := w.Transport.Send(ctx, m)
	if id, _ := chatID(m.To); err != nil && id == w.chat {
		select {
		case w.failed <- err:
		default:
		}
	}
	return err
}

// failure waits for a failed send to the failing chat.
func (s *stall) failure() error {
	s.t.Helper()
	select {
	case err := <-s.failed:
		return err
	case <-wait(s.t).Done():
		s.t.Fatal("no send to the failing chat failed")
		return nil
	}
}

// carolMoves has Carol play e4 in the guild's game and waits until both
// she and Dave hear of it.
func (s *stall) carolMoves() {
	s.t.Helper()
	carolHad, daveHad := len(s.srv.To(carol)), len(s.srv.To(dave))
	s.srv.Private(carol, "e4")
	if _, err := s.srv.WaitSent(wait(s.t), carol, carolHad+1); err != nil {
		s.t.Fatalf("Carol's move was not answered while another chat's sends failed: %v", err)
	}
	if _, err := s.srv.WaitSent(wait(s.t), dave, daveHad+1); err != nil {
		s.t.Fatalf("Dave did not hear of Carol's move while another chat's sends failed: %v", err)
	}
}

// TestFloodWaitOnOneChatDelaysNoOther: sends to Bob's chat meet a 429
// with retry_after 60 s; Bob presses Resign, whose question meets it.
// Carol's move, in another game, is then received and answered (Carol's
// board and Dave's) while the bot's clock has not moved: nothing waited
// for Bob's retry, and Bob got nothing before it. Once the minute has
// passed Bob gets his question.
func TestFloodWaitOnOneChatDelaysNoOther(t *testing.T) {
	t.Parallel()
	s := newStall(t, bob)
	bobHad := len(s.srv.To(bob))
	s.srv.Private(ann, "e4")
	sent, err := s.srv.WaitSent(wait(t), bob, bobHad+1) // Bob's turn, with the acts
	if err != nil {
		t.Fatal(err)
	}
	board := sent[len(sent)-1]
	s.srv.Fail(tgtest.Fault{Chat: bob, Code: 429, RetryAfter: 60})
	start, bobHad := s.now(), len(sent)
	s.srv.Press(bob, bob, board.MessageID, buttonData(t, board, "🏳 Resign"))
	var te *wire.TemporaryError
	if err := s.failure(); !errors.As(err, &te) || te.RetryAfter != time.Minute {
		t.Fatalf("Bob's question failed with %v; want a flood wait of a minute", err)
	}
	s.carolMoves()
	if !s.now().Equal(start) || len(s.srv.To(bob)) != bobHad {
		t.Fatalf("the clock moved, or Bob got a message during his flood wait")
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	s.tick(time.Minute)
	if _, err := s.send.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if q, _ := s.srv.Last(bob); q.Text != "Resign game #1?" {
		t.Errorf("after the flood wait Bob's last message is %q; want the question", q.Text)
	}
}

// TestBlockedChatDelaysNoOther: Bob blocks the bot, so that every send to
// him meets a 403; Ann's move, whose news for Bob meets it, is followed by
// Carol's move in another game, which is received and answered. The club
// hears once how Bob can reach the bot again.
func TestBlockedChatDelaysNoOther(t *testing.T) {
	t.Parallel()
	s := newStall(t, bob)
	s.srv.Block(bob)
	clubHad := len(s.srv.To(club))
	s.srv.Private(ann, "e4")
	if err := s.failure(); !errors.Is(err, wire.ErrPermanent) {
		t.Fatalf("the send to Bob failed with %v; want a permanent failure", err)
	}
	s.carolMoves()
	// The notice is queued when the send to Bob fails and sent by the
	// running sender: wait for it before stopping the sender, whose stop
	// may interrupt a send under way and leave it to be sent again (the
	// documented "once more after a kill"), and count after the stop.
	about := func(m tgtest.Sent) bool {
		return strings.Contains(m.Text, "Bob") && strings.Contains(m.Text, "https://t.me/umpire_test_bot")
	}
	if _, err := s.srv.WaitFor(wait(t), func([]tgtest.Sent) bool {
		return slices.ContainsFunc(s.srv.To(club)[clubHad:], about)
	}); err != nil {
		t.Fatalf("the club was never told how Bob can reach the bot: %v", err)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	notices := 0
	for _, m := range s.srv.To(club)[clubHad:] {
		if about(m) {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("the club heard %d notices about Bob; want 1", notices)
	}
}
