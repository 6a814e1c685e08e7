package telegram

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"log/slog"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"umpire/bot"
	"umpire/bot/post"
	"umpire/bot/telegram/tgtest"
	"umpire/bot/texts"
	"umpire/internal/testkit"
	"umpire/referee"
	"umpire/store"
)

// fakeClock is a clock the test moves by hand, for the bot, the store and
// the fake API alike.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set moves the clock to t, never back.
func (c *fakeClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.now) {
		c.now = t
	}
}

// newClockedGame is newGame on a fake clock, with Telegram's own rate
// limits (TelegramLimits): the sender holds back what a group may not get
// yet, by the fake clock.
func newClockedGame(t *testing.T) (*game, *fakeClock) {
	clock := &fakeClock{now: time.Date(2025, 3, 1, 18, 0, 0, 0, time.UTC)}
	srv := newServer(t)
	srv.Now = clock.Now // before the first request
	f := &fixture{srv: srv, logs: &testkit.SyncBuffer{}, sleeps: &sleeps{}}
	db, err := store.Open(filepath.Join(t.TempDir(), "umpire.db"), &store.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f.db = db
	f.tr, err = New(context.Background(), Config{Token: srv.Token, APIURL: srv.URL, Cursor: bot.Cursors(db), Words: words,
		Log: slog.New(slog.DiscardHandler), Sleep: f.sleeps.sleep})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(bot.Config{DB: db, Now: clock.Now, Picture: stamp, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	g := &game{fixture: f, t: t, bot: b, send: b.Sender(f.tr)}
	f.receive(t, f.tr, b)
	return g, clock
}

// tableScenario is a three-player game in the group, a line an action:
// the seat, then what it writes, in the group as a command, or in its
// private chat after "private:" (where the umpire asked it, with a
// button). Two bonds (Black serves White, then Red too), orders played at
// once, an order held and passed on (order pass), two orders held and a
// choice, and the end by Red's resignation: 40 actions, 34 of them moves.
const tableScenario = `
white /m wd2wd4
red /m rd2rd4
black /m bd2bd4
white /m wg1wf3
red /m rf2rf4
black /m bd4rd4
white /m wd4rd4
white /vassal offer black
black private:#1 vassal accept white
red /m rb1rc3
black /m be2be4
white /m wa2wa3
red /m rc3be4
red /vassal offer black
black private:#1 vassal accept red
white /order black h2h3
white /m wb2wb3
red /m rh2rh3
black /m ba2ba3
white /m wc2wc3
red /m rg2rg3
black /m bb2bb3
white /m wh2wh3
red /m ra2ra3
white /order black c2c3
red /order pass
white /m wg2wg3
red /m rb2rb3
black /m bg2bg3
white /m we2we3
red /m rc2rc3
black /m bf2bf4
white /m wf1we2
red /m rc1rb2
white /order black g1f3
red /order black b1d2
black /choose red
white /m wb1wd2
red /m ra1ra2
red /resign
`

// TestTriadTable: three players play three-player chess in a Telegram
// group at one action a second (a fake clock; the sender keeps Telegram's
// limits, 20 messages a minute to a group). The group is a table: after
// the invitation it gets at most 8 new messages (the seats taken, the
// start, the two offers, the end with its record and replay), everything
// else as edits of one board; whenever the sender has caught up, the
// board shows the game as it is, and within 2 s of the last action its
// final position (the board's edits in play leave turns for the end). The
// bonds are said on the board alone, never under a private message.
// Every action is accepted at the first try, each order on the move the
// umpire named to its Lord; the end names the winner and each reader's
// place in its language, and no Russian or Esperanto reader is echoed an
// English command word.
func TestTriadTable(t *testing.T) {
	t.Parallel()
	g, clock := newClockedGame(t)
	for _, u := range []int64{ann, bob, carol} {
		g.step(g.srv.Start(u))
	}
	g.step(g.srv.Group(club, ann, "/new@umpire_test_bot triad"))
	inv, _ := g.srv.Last(club)
	invited := len(g.srv.To(club))
	for i, u := range []int64{ann, bob, carol} {
		g.step(g.srv.FollowLink(u, inv.Buttons[0][i].URL))
	}
	lines := strings.Split(strings.TrimSpace(tableScenario), "\n")
	caughtUp, ordered := 0, map[int64]int{}
	for _, line := range lines {
		who, text, _ := strings.Cut(line, " ")
		clock.Set(clock.Now().Add(time.Second))
		if strings.HasPrefix(text, "/order black ") {
			g.checkOrderNamed(t, who, ordered)
		}
		if next := g.playLine(t, who, text); next.IsZero() { // nothing held back: the board is the game's
			caughtUp++
			g.checkBoard(t, line, invited)
		}
		if n := g.waiting(); n > 1 {
			t.Errorf("after %q, %d rows of the board wait; want one at most", line, n)
		}
	}
	ended := clock.Now()
	g.drain(clock)
	g.checkBoard(t, "the end", invited)
	sent := g.srv.To(club)[invited:]
	if at := g.boardOver(t, invited); at.Sub(ended) > 2*time.Second {
		t.Errorf("the board showed the end %v after the last action; want 2 s at most", at.Sub(ended))
	}
	var news []string
	for _, m := range sent {
		if !m.Edited {
			news = append(news, m.Method+": "+firstLine(m.Text))
		}
	}
	if len(news) > 8 {
		t.Errorf("the group got %d new messages; want at most 8:\n%s", len(news), strings.Join(news, "\n"))
	}
	g.checkBonds(t, invited)
	g.checkEnd(t)
	g.checkEchoes(t)
	t.Logf("%d actions: the group got %d new messages and %d edits, the last %s after the last action; the sender had caught up after %d of them",
		len(lines), len(news), len(sent)-len(news), sent[len(sent)-1].At.Sub(ended), caughtUp)
}

// seats are the players of TestTriadTable, with the languages they read
// (their Telegram apps'), and the group, which reads Ann's.
var seats = map[string]struct {
	id   int64
	lang string
}{"white": {ann, "ru"}, "red": {bob, "en"}, "black": {carol, "eo"}, "group": {club, "ru"}}

// playLine has the seat who write text (in the group, or in private after
// "private:"), sends what the limits let go now, checks that the game
// took the action, accepted, and returns when the sender may go on.
func (g *game) playLine(t *testing.T, who, text string) time.Time {
	t.Helper()
	before := len(g.stored(1).Log)
	var id int
	if p, ok := strings.CutPrefix(text, "private:"); ok {
		id = g.srv.Private(seats[who].id, p)
	} else {
		id = g.srv.Group(club, seats[who].id, text)
	}
	g.handled(t, id)
	next, err := g.send.Flush(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sg := g.stored(1)
	if _, rulings := replay(t, sg); len(sg.Log) != before+1 || rulings[before].Verdict != referee.Accepted {
		last, _ := g.srv.Last(seats[who].id)
		t.Fatalf("%s %q was not accepted at the first try: %q", who, text, last.Text)
	}
	return next
}

// checkOrderNamed checks that the Lord who is about to order Black was
// told, privately and in its language, since its last order (ordered
// holds where its messages were then), that it may order on this very
// move of Black's: by its number, or by the question an order held on
// this move puts to the other Lord (order too, or pass).
func (g *game) checkOrderNamed(t *testing.T, who string, ordered map[int64]int) {
	t.Helper()
	rg, rulings := replay(t, g.stored(1))
	lord := seats[who]
	say := func(id string, kv map[string]string) string {
		args := texts.Args{"variant": texts.DefaultCatalog.Arg(lord.lang, "variant", "triad")}
		for k, v := range kv {
			texts.DefaultCatalog.Put(lord.lang, args, k, v)
		}
		return texts.DefaultCatalog.Text(lord.lang, id, args)
	}
	var named []string // the move by its number, said when it comes or in advance
	for _, b := range rg.View(referee.God).Diplomacy.Bonds {
		for coming := 1; b.Lord == referee.Seat(who) && b.Servant == referee.Black && coming <= b.Coming; coming++ {
			for _, id := range []string{"triad.next.now", "triad.next.coming", "triad.next.later"} {
				named = append(named, say(id, map[string]string{"servant": "black", "next": strconv.Itoa(b.Coming), "coming": strconv.Itoa(coming)}))
			}
		}
	}
	for _, a := range rulings[len(rulings)-1].Said { // the other Lord's order, held just now
		if a.Code == "order-held" {
			named = append(named, say("triad.decide.pass", map[string]string{"game": "1", "lord": a.Str("lord"), "servant": "black", "move": a.Str("move")}))
		}
	}
	told := g.srv.To(lord.id)
	for _, m := range told[ordered[lord.id]:] {
		if slices.ContainsFunc(named, func(s string) bool { return strings.Contains(m.Text, s) }) {
			ordered[lord.id] = len(told)
			return
		}
	}
	t.Errorf("%s orders Black but was not told since its last order that it may on this move (as %q)", who, named)
}

// checkEnd checks that every reader's end names the winner and every
// place, and each player's own place, in the reader's language.
func (g *game) checkEnd(t *testing.T) {
	t.Helper()
	sg := g.stored(1)
	if sg.State != store.StateOver || sg.Result != "2-1-0" {
		t.Fatalf("the game is %s %s; want over, 2-1-0", sg.State, sg.Result)
	}
	own := map[string]string{"white": "end-you.won", "red": "end-you.second", "black": "end-you.third", "group": ""}
	for who, r := range seats {
		want := []string{texts.DefaultCatalog.Standing(r.lang, []referee.Seat{referee.White, referee.Red, referee.Black}, sg.Result)}
		if own[who] != "" {
			want = append(want, texts.DefaultCatalog.Text(r.lang, own[who], nil))
		}
		end := ""
		for _, m := range g.srv.To(r.id) {
			if strings.Contains(m.Text, want[0]) {
				end = m.Text
			}
		}
		if end == "" || !strings.Contains(end, want[len(want)-1]) {
			t.Errorf("%s's end (%s) is %q; want it to say %q", who, r.lang, end, want)
		}
	}
}

// checkEchoes checks that no message to a Russian or Esperanto reader
// holds an English command word of the diplomacy.
func (g *game) checkEchoes(t *testing.T) {
	t.Helper()
	for _, who := range []string{"white", "black", "group"} {
		for _, m := range g.srv.To(seats[who].id) {
			for _, w := range []string{"vassal ", "lord ", "order ", "choose "} {
				if strings.Contains(strings.ToLower(m.Text), w) {
					t.Errorf("%s (%s) was told %q: %q", who, seats[who].lang, w, m.Text)
				}
			}
		}
	}
}

// waiting counts the board's rows waiting in the outbox.
func (g *game) waiting() int {
	rows, err := g.db.Pending(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 0)
	if err != nil {
		g.t.Fatal(err)
	}
	n := 0
	for _, r := range rows {
		if note := post.DecodeNote(r.Text); note.Board && !note.Start { // the start is sent, never superseded
			n++
		}
	}
	return n
}

// drain sends every row held back, moving the clock to when each may go.
func (g *game) drain(clock *fakeClock) {
	for {
		next, err := g.send.Flush(context.Background())
		if err != nil {
			g.t.Fatal(err)
		}
		if next.IsZero() {
			return
		}
		clock.Set(next)
	}
}

// boardOf is the board's message in the group: the first picture after
// the invitation (the start), edited since.
func (g *game) boardOf(t *testing.T, invited int) int {
	for _, m := range g.srv.To(club)[invited:] {
		if m.Method == "sendPhoto" {
			return m.MessageID
		}
	}
	t.Fatal("the group got no board")
	return 0
}

// checkBoard checks that the board's message shows game 1 as it is: the
// spectators' view of its last log entry, over when the game is.
func (g *game) checkBoard(t *testing.T, when string, invited int) {
	t.Helper()
	id := g.boardOf(t, invited)
	var shown tgtest.Sent
	for _, m := range g.srv.To(club) {
		if m.MessageID == id {
			shown = m
		}
	}
	sg := g.stored(1)
	want := spectatorsBoard(t, sg)
	if got, over := stampBoard(t, shown.Photo); got != want || over != (sg.State == store.StateOver) {
		t.Errorf("after %s the board shows %s (over %v); want %s (over %v)", when, got, over, want, sg.State == store.StateOver)
	}
}

// boardOver is when the board's message in the group first showed the
// game over.
func (g *game) boardOver(t *testing.T, invited int) time.Time {
	t.Helper()
	id := g.boardOf(t, invited)
	for _, m := range g.srv.To(club)[invited:] {
		if m.MessageID != id || m.Photo == nil {
			continue
		}
		if _, over := stampBoard(t, m.Photo); over {
			return m.At
		}
	}
	t.Fatal("the board never showed the game over")
	return time.Time{}
}

// spectatorsBoard is the board of the spectators' view of g, replayed.
func spectatorsBoard(t *testing.T, g *store.Game) string {
	rg, _ := replay(t, g)
	return rg.View(referee.Spectator).Board
}

// replay plays g's log on a new game of its variant, and returns it with
// the rulings.
func replay(t *testing.T, g *store.Game) (referee.Game, []referee.Ruling) {
	v, _ := referee.Lookup(g.Variant)
	rg, err := v.New(g.Options)
	if err != nil {
		t.Fatal(err)
	}
	var rulings []referee.Ruling
	for _, a := range g.Log {
		rulings = append(rulings, rg.Play(a))
	}
	return rg, rulings
}

// stampBoard reads the board of a stamp, and whether its game is over.
func stampBoard(t *testing.T, pic []byte) (string, bool) {
	img, err := png.Decode(bytes.NewReader(pic))
	if err != nil {
		t.Fatalf("the board is not a PNG: %v", err)
	}
	f := strings.Split(string(img.(*image.Gray).Pix), "|")
	return strings.Join(f[1:len(f)-1], "|"), f[len(f)-1] != ""
}

// checkBonds checks that "Black serves White." (in each reader's
// language) was said on the board alone: in no private message, in no
// other message to the group.
func (g *game) checkBonds(t *testing.T, invited int) {
	t.Helper()
	board := g.boardOf(t, invited)
	for _, chat := range []struct {
		id   int64
		lang string
	}{{club, "ru"}, {ann, "ru"}, {bob, "en"}, {carol, "eo"}} {
		args := texts.Args{}
		texts.DefaultCatalog.PutSeat(chat.lang, args, "servant", referee.Black)
		texts.DefaultCatalog.PutSeat(chat.lang, args, "lord", referee.White)
		bond := texts.DefaultCatalog.Text(chat.lang, "triad.serves", args)
		for _, m := range g.srv.To(chat.id) {
			if strings.Contains(m.Text, bond) && (chat.id != club || m.MessageID != board) {
				t.Errorf("chat %d was told %q outside the board: %q", chat.id, bond, m.Text)
			}
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// TestChessTableBoardReplaced: a game of chess made in a group has its
// board there too: the start is the board's first message, each move an
// edit of it. When someone deletes the board, the next move sends a new
// one, which the moves after it edit.
func TestChessTableBoardReplaced(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	g.newInGroup("chess")
	started := len(g.srv.To(club))
	board, _ := g.srv.Last(club)
	if board.Method != "sendPhoto" {
		t.Fatalf("the start is %s %q; want the board's picture", board.Method, board.Text)
	}
	g.play("e4", "e5")
	g.srv.Delete(club, board.MessageID)
	g.play("Nf3", "Nc6")
	var got []string
	for _, m := range g.srv.To(club)[started:] {
		got = append(got, m.Method)
	}
	want := "editMessageMedia editMessageMedia sendPhoto editMessageMedia"
	if strings.Join(got, " ") != want {
		t.Fatalf("after the start the group got %v; want %s", got, want)
	}
	sent := g.srv.To(club)[started:]
	if sent[3].MessageID != sent[2].MessageID || sent[0].MessageID != board.MessageID {
		t.Errorf("edits went to messages %d, %d and %d; want the board %d, then its replacement %d",
			sent[0].MessageID, sent[1].MessageID, sent[3].MessageID, board.MessageID, sent[2].MessageID)
	}
}
