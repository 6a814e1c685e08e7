package telegram

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"umpire/bot/post"

	"umpire/bot"
	"umpire/bot/telegram/tgtest"
	"umpire/referee"
	"umpire/store"
)

// game is a bot on the fixture's store, receiving through the transport,
// whose outbox the test flushes after each update so that every step is
// over before the next.
type game struct {
	*fixture
	t    *testing.T
	bot  *bot.Bot
	send *post.Sender
	stop func() error // ends the receiving
}

func newGame(t *testing.T, setup ...func(*tgtest.Server)) *game {
	f := newFixture(t, setup...)
	b, err := bot.New(bot.Config{DB: f.db, Picture: stamp, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	g := &game{fixture: f, t: t, bot: b, send: b.Sender(f.tr)}
	g.stop = f.receive(t, f.tr, b)
	return g
}

// step waits until the update is handled and sends what it queued.
func (g *game) step(id int) {
	g.t.Helper()
	g.handled(g.t, id)
	if _, err := g.send.Flush(context.Background()); err != nil {
		g.t.Fatalf("Flush: %v", err)
	}
}

// stamp stands for render: a valid PNG whose pixels spell the view's seat,
// board and result, so that tests can read whose view a picture is.
func stamp(v referee.View, _ post.Legend) ([]byte, error) {
	data := []byte(string(v.Seat) + "|" + v.Board + "|" + v.Result)
	img := image.NewGray(image.Rect(0, 0, len(data), 1))
	copy(img.Pix, data)
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// unstamp reads a stamp's seat, and whether the view is of a game over.
func unstamp(t *testing.T, pic []byte) (referee.Seat, bool) {
	img, err := png.Decode(bytes.NewReader(pic))
	if err != nil {
		t.Fatalf("a photo is not a PNG: %v", err)
	}
	f := strings.Split(string(img.(*image.Gray).Pix), "|")
	return referee.Seat(f[0]), f[len(f)-1] != ""
}

// newInGroup makes a game of variant in the club by Ann's /new, and seats
// Ann and Bob by following the invitation's deep links. It returns the
// game's id.
func (g *game) newInGroup(variant string) uint64 {
	g.t.Helper()
	g.step(g.srv.Group(club, ann, "/new@umpire_test_bot "+variant))
	inv, _ := g.srv.Last(club)
	var id uint64
	_, num, _ := strings.Cut(inv.Text, "#") // "Партия #1 …": Ann writes Russian
	if _, err := fmt.Sscanf(num, "%d", &id); err != nil {
		g.t.Fatalf("no game made: %q", inv.Text)
	}
	links := map[string]string{}
	for _, row := range inv.Buttons {
		for _, b := range row {
			links[b.Text] = b.URL
		}
	}
	// The buttons are worded as the text is, in Ann's Russian.
	if !strings.HasPrefix(links["белые"], "https://t.me/umpire_test_bot?start=") || links["чёрные"] == "" {
		g.t.Fatalf("invitation buttons = %+v; want a deep link per seat", inv.Buttons)
	}
	g.step(g.srv.FollowLink(ann, links["белые"]))
	g.step(g.srv.FollowLink(bob, links["чёрные"]))
	return id
}

// play sends moves in private, alternately from Ann (White) and Bob,
// Ann first.
func (g *game) play(moves ...string) {
	g.t.Helper()
	for i, m := range moves {
		who := ann
		if i%2 == 1 {
			who = bob
		}
		g.step(g.srv.Private(who, m))
	}
}

// users are the Telegram users given, by their players' ids.
func (g *game) users(us ...int64) map[uint64]int64 {
	g.t.Helper()
	out := map[uint64]int64{}
	for _, u := range us {
		p, err := g.db.PlayerAt(store.Address{Transport: Name, ID: fmt.Sprint(u)})
		if err != nil {
			g.t.Fatal(err)
		}
		out[p.ID] = u
	}
	return out
}

func (g *game) stored(id uint64) *store.Game {
	sg, err := g.db.Game(id)
	if err != nil {
		g.t.Fatal(err)
	}
	return sg
}

func TestKriegspielInGroupToCheckmate(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	id := g.newInGroup("kriegspiel")
	if sg := g.stored(id); sg.State != store.StatePlaying {
		t.Fatalf("game %d is %s after both seats were taken", id, sg.State)
	}
	g.play("f3")
	// Bob tries to move in the group: refused, not played.
	g.step(g.srv.Group(club, bob, "/e5"))
	if n := len(g.stored(id).Log); n != 1 {
		t.Fatalf("the log has %d entries after a move in the group; want 1", n)
	}
	// The refusal goes to Bob alone, in private; the group hears nothing.
	if m, _ := g.srv.Last(bob); !strings.Contains(m.Text, "private chat") {
		t.Errorf("Bob got %q; want a pointer to the private chat", m.Text)
	}
	g.step(g.srv.Private(bob, "e5"))
	// Ann asks for her board again with the button under it.
	last, _ := g.srv.Last(ann)
	before := len(g.srv.Photos(ann))
	g.step(g.srv.Press(ann, ann, last.MessageID, buttonData(t, last, "♟ Доска")))
	if n := len(g.srv.Photos(ann)); n != before+1 {
		t.Errorf("the board button sent %d pictures", n-before)
	}
	g.step(g.srv.Private(ann, "Qh5")) // impossible: her pawn on e2 blocks it
	g.play("g4", "Qh4#")
	sg := g.stored(id)
	if sg.State != store.StateOver || sg.Result != "0-1" || sg.Reason != "checkmate" {
		t.Fatalf("game over? %s %s %s", sg.State, sg.Result, sg.Reason)
	}
	g.checkPrivacy(id, map[int64]referee.Seat{ann: referee.White, bob: referee.Black},
		map[referee.Seat][]string{referee.White: {"f3", "g4", "Qh5"}, referee.Black: {"e5", "Qh4#", "Qh4"}})
	// The end: the record as a document and the replay as an animation
	// (the fake API checks it decodes as a GIF), to both players and the
	// group, once each.
	for _, chat := range []int64{ann, bob, club} {
		files := map[string]string{}
		for _, m := range g.srv.To(chat) {
			if m.Method == "sendDocument" || m.Method == "sendAnimation" {
				files[m.Method] += m.FileName
			}
		}
		name := fmt.Sprintf("game-%d", id)
		if files["sendDocument"] != name+".pgn" || files["sendAnimation"] != name+".gif" {
			t.Errorf("chat %d got files %v; want %s.pgn as a document and %s.gif as an animation", chat, files, name, name)
		}
	}
}

func TestDarkChessInGroupToKingCapture(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	id := g.newInGroup("dark")
	g.play("e4", "f6", "Qh5", "a6", "Qxe8")
	sg := g.stored(id)
	if sg.State != store.StateOver || sg.Result != "1-0" || sg.Reason != "king-captured" {
		t.Fatalf("game over? %s %s %s after %d entries", sg.State, sg.Result, sg.Reason, len(sg.Log))
	}
	g.checkPrivacy(id, map[int64]referee.Seat{ann: referee.White, bob: referee.Black},
		map[referee.Seat][]string{referee.White: {"e4", "Qh5", "Qxe8"}, referee.Black: {"f6", "a6"}})
}

// buttonData finds the callback data of a button by its label.
func buttonData(t *testing.T, m tgtest.Sent, label string) string {
	t.Helper()
	for _, row := range m.Buttons {
		for _, b := range row {
			if b.Text == label {
				return b.Data
			}
		}
	}
	t.Fatalf("no button %q under %q: %+v", label, m.Text, m.Buttons)
	return ""
}

// checkPrivacy checks what everyone received in game id: each private
// chat got pictures of its own seat's views only (and the god's view at
// the end); the group got the spectators' view only, and until the end no
// text of any move; no player read the other's moves before the end. The
// end is the first message with the view of the game over, which may name
// the last move.
func (g *game) checkPrivacy(id uint64, seats map[int64]referee.Seat, moves map[referee.Seat][]string) {
	t := g.t
	t.Helper()
	for chat, seat := range seats {
		pics, revealed := 0, false
		for _, m := range g.srv.To(chat) {
			if m.Photo != nil {
				pics++
				s, over := unstamp(t, m.Photo)
				revealed = revealed || over
				if s != seat && s != referee.God {
					t.Errorf("chat %d (%s) got a picture of %s's view", chat, seat, s)
				}
				if !m.Protected && s == seat {
					t.Errorf("chat %d: a view sent without protect_content", chat)
				}
			}
			for other, ms := range moves {
				if other != seat && !revealed && holdsAny(m.Text, ms) {
					t.Errorf("chat %d (%s) read %s's move before the end: %q", chat, seat, other, m.Text)
				}
			}
		}
		if pics < 3 || !revealed {
			t.Errorf("chat %d got %d pictures, revealed %v", chat, pics, revealed)
		}
	}
	revealed := false
	for _, m := range g.srv.To(club) {
		if m.Photo != nil {
			s, over := unstamp(t, m.Photo)
			revealed = revealed || over
			if s != referee.Spectator && s != referee.God {
				t.Errorf("the group got a picture of %s's view", s)
			}
		}
		for _, ms := range moves {
			if !revealed && holdsAny(m.Text, ms) {
				t.Errorf("the group read a move before the end: %q", m.Text)
			}
		}
	}
	if !revealed {
		t.Errorf("the group never got the reveal")
	}
}

// holdsAny reports whether text holds one of the words.
func holdsAny(text string, words []string) bool {
	fields := strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(" \n,.:;()«»\"", r) })
	for _, w := range words {
		if slices.Contains(fields, w) {
			return true
		}
	}
	return false
}

// TestUnstartedPlayerIsToldInTheGroup: Carol takes a seat by writing in
// the group, never having started the bot; her board cannot reach her, so
// the group hears how to start the bot, once; once she has, she gets her
// board.
func TestUnstartedPlayerIsToldInTheGroup(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	g.step(g.srv.Start(ann))
	g.step(g.srv.Group(club, ann, "/new kriegspiel white"))
	g.step(g.srv.Group(club, carol, "/join #1 black"))
	if sg := g.stored(1); sg.State != store.StatePlaying {
		t.Fatalf("game is %s", sg.State)
	}
	g.play("e4") // another board for Carol that cannot go
	var notices []string
	for _, m := range g.srv.To(club) {
		if strings.Contains(m.Text, "Carol") && strings.Contains(m.Text, "https://t.me/umpire_test_bot") {
			notices = append(notices, m.Text)
		}
	}
	if len(notices) != 1 {
		t.Fatalf("the group heard %d notices about Carol: %q; want 1", len(notices), notices)
	}
	if len(g.srv.To(carol)) != 0 {
		t.Fatalf("Carol got messages before starting the bot")
	}
	g.step(g.srv.Start(carol))
	g.step(g.srv.Private(carol, "/board"))
	pics := g.srv.Photos(carol)
	if len(pics) != 1 {
		t.Fatalf("Carol got %d pictures after /board; want 1", len(pics))
	}
	if s, _ := unstamp(t, pics[0]); s != referee.Black {
		t.Errorf("Carol's picture is %s's view", s)
	}
}

// TestResignAsksFirst: the resign button asks again; "no" leaves the game
// as it was, "yes" resigns.
func TestResignAsksFirst(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	id := g.newInGroup("dark")
	g.play("e4")
	view, _ := g.srv.Last(bob)
	resign := buttonData(t, view, "🏳 Resign")
	g.step(g.srv.Press(bob, bob, view.MessageID, resign))
	q, _ := g.srv.Last(bob)
	if q.Text != "Resign game #1?" || len(q.Buttons) != 1 || len(q.Buttons[0]) != 2 {
		t.Fatalf("question = %+v", q)
	}
	g.step(g.srv.Press(bob, bob, q.MessageID, buttonData(t, q, "No")))
	if m, _ := g.srv.Last(bob); !m.Edited || m.Text != "Not done." || m.Buttons != nil {
		t.Errorf("after no: %+v", m)
	}
	if sg := g.stored(id); sg.State != store.StatePlaying {
		t.Fatalf("game %s after no", sg.State)
	}
	g.step(g.srv.Press(bob, bob, view.MessageID, resign))
	q, _ = g.srv.Last(bob)
	g.step(g.srv.Press(bob, bob, q.MessageID, buttonData(t, q, "Yes, resign")))
	if sg := g.stored(id); sg.State != store.StateOver || sg.Result != "1-0" || sg.Reason != "resignation" {
		t.Errorf("after yes: %s %s %s", sg.State, sg.Result, sg.Reason)
	}
	settled := false
	for _, m := range g.srv.To(bob) {
		settled = settled || m.Edited && m.MessageID == q.MessageID && m.Buttons == nil
	}
	if !settled {
		t.Errorf("the question kept its buttons after yes")
	}
}

// TestFloodWaitIsHonoured: Telegram answers a picture with 429 and
// retry_after 7 (Ann's own picture after her move: Bob's does not
// change, so he gets none); the sender holds that chat for 7 seconds, by the bot's
// clock, and then delivers.
func TestFloodWaitIsHonoured(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	b, err := bot.New(bot.Config{DB: f.db, Picture: stamp, Now: clock, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	g := &game{fixture: f, t: t, bot: b, send: b.Sender(f.tr)}
	f.receive(t, f.tr, b)
	g.newInGroup("kriegspiel")
	before := len(g.srv.Photos(ann))
	g.srv.FloodWait("sendPhoto", ann, 7)
	g.handled(t, g.srv.Private(ann, "e4"))
	next, err := g.send.Flush(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := now.Add(7 * time.Second); !next.Equal(want) || len(g.srv.Photos(ann)) != before {
		t.Fatalf("after the 429: next try at %v (want %v), %d new pictures", next, want, len(g.srv.Photos(ann))-before)
	}
	mu.Lock()
	now = now.Add(7 * time.Second)
	mu.Unlock()
	if _, err := g.send.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := len(g.srv.Photos(ann)) - before; n != 1 {
		t.Errorf("after the wait Ann got %d pictures; want 1", n)
	}
}
