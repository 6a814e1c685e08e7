package email

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"

	"umpire/bot"
	"umpire/store"
)

// table is a bot on a rig: players write to the IMAP mailbox, the bot
// answers through the SMTP sink, and every answer lands in the
// recipient's box.
type table struct {
	*rig
	bot   *bot.Bot
	mu    sync.Mutex
	boxes map[string]chan *letterIn
	ids   atomic.Int64
	// created is the maker's mail that its game was made, the first of
	// its conversation about the game (startBetween).
	created *letterIn
}

// letterIn is a mail the bot sent, read as a player's client would.
type letterIn struct {
	raw        []byte
	header     mail.Header
	text, html string
	parts      []string // content type, disposition and file name of each leaf part
	tree       string   // the MIME structure: a line a part, indented by depth
}

// replyTo is where a Reply goes: the Reply-To, else the From.
func (l *letterIn) replyTo() string {
	for _, k := range []string{"Reply-To", "From"} {
		if as, err := l.header.AddressList(k); err == nil && len(as) > 0 {
			return as[0].Address
		}
	}
	return ""
}

func (l *letterIn) subject() string { s, _ := l.header.Subject(); return s }

func (l *letterIn) messageID() string { id, _ := l.header.MessageID(); return id }

func newTable(t testing.TB, run func(*rig)) *table { return newTableAt(t, run, nil) }

// newTableAt is newTable with the bot's clock (nil: time.Now).
func newTableAt(t testing.TB, run func(*rig), now func() time.Time) *table {
	t.Helper()
	r := newRig(t)
	if run != nil {
		run(r)
	}
	tb := &table{rig: r, boxes: map[string]chan *letterIn{}}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	tb.bot = runBot(t, r, now)
	go tb.collect(t, ctx)
	return tb
}

// runBot runs a bot with the bot's clock now (nil: time.Now) on the rig
// until the test ends; the mails it sends stay in the rig's sink.
func runBot(t testing.TB, r *rig, now func() time.Time) *bot.Bot {
	t.Helper()
	b, err := bot.New(bot.Config{DB: r.db, Log: testLogger(t), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx, r.tr) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("bot.Run: %v", err)
		}
	})
	return b
}

// collect files every mail the sink takes in its recipients' boxes.
func (tb *table) collect(t testing.TB, ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-tb.smtp.arrived:
			l := readLetter(t, m.data)
			for _, to := range m.to {
				tb.box(to) <- l
			}
		}
	}
}

func (tb *table) box(addr string) chan *letterIn {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.boxes[addr] == nil {
		tb.boxes[addr] = make(chan *letterIn, 1000)
	}
	return tb.boxes[addr]
}

// next waits for the next mail to addr.
func (tb *table) next(t testing.TB, addr string) *letterIn {
	t.Helper()
	select {
	case l := <-tb.box(addr):
		return l
	case <-time.After(30 * time.Second):
		t.Fatalf("no mail to %s within 30s", addr)
	}
	return nil
}

// nextWith waits for the next mail to addr whose text has s.
func (tb *table) nextWith(t testing.TB, addr, s string) *letterIn {
	t.Helper()
	for {
		if l := tb.next(t, addr); strings.Contains(l.text, s) {
			return l
		}
	}
}

// empty checks that addr has no mail waiting.
func (tb *table) empty(t testing.TB, addr string) {
	t.Helper()
	select {
	case l := <-tb.box(addr):
		t.Errorf("unexpected mail to %s: %q", addr, l.text)
	default:
	}
}

// write delivers a new mail from a player to the bot's address.
func (tb *table) write(t testing.TB, from, body string, extra ...string) string {
	id := fmt.Sprintf("p%d@%s", tb.ids.Add(1), domainOf(from))
	tb.imap.deliver(t, mailFrom(from, botAddr, "to the umpire", id, body, extra...))
	return id
}

// reply delivers a player's top-posted reply to a mail of the bot, with
// the whole mail quoted below, as mail clients do.
func (tb *table) reply(t testing.TB, from string, to *letterIn, body string, extra ...string) []byte {
	raw := tb.replyMail(from, to, body, extra...)
	tb.imap.deliver(t, raw)
	return raw
}

// replyMail makes a player's top-posted reply to a mail of the bot.
func (tb *table) replyMail(from string, to *letterIn, body string, extra ...string) []byte {
	return makeReply(fmt.Sprintf("p%d@%s", tb.ids.Add(1), domainOf(from)), from, to, body, extra...)
}

// makeReply makes a reply with the whole mail quoted below, as clients do.
func makeReply(id, from string, to *letterIn, body string, extra ...string) []byte {
	quoted := "> " + strings.ReplaceAll(strings.TrimSpace(to.text), "\n", "\n> ")
	full := body + "\n\nOn Fri, 1 May 2026 at 12:00, Umpire <" + to.replyTo() + "> wrote:\n" + quoted + "\n"
	extra = append(extra, "In-Reply-To: <"+to.messageID()+">", "References: <"+to.messageID()+">")
	return mailFrom(from, to.replyTo(), "Re: "+to.subject(), id, full, extra...)
}

// readLetter reads a mail the bot sent.
func readLetter(t testing.TB, raw []byte) *letterIn {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Errorf("the bot sent a mail that does not parse: %v\n%s", err, raw)
		return &letterIn{raw: raw}
	}
	l := &letterIn{raw: raw, header: mail.Header{Header: e.Header}}
	e.Walk(func(path []int, p *message.Entity, _ error) error {
		ct, _, _ := p.Header.ContentType()
		disp, dp, _ := p.Header.ContentDisposition()
		l.tree += strings.TrimRight(fmt.Sprintf("%s%s %s %s", strings.Repeat("  ", len(path)), ct, disp, dp["filename"]), " ") + "\n"
		if p.MultipartReader() != nil {
			return nil
		}
		body, _ := io.ReadAll(p.Body)
		switch {
		case ct == "text/plain" && l.text == "":
			l.text = string(body)
		case ct == "text/html" && l.html == "":
			l.html = string(body)
		}
		l.parts = append(l.parts, ct+" "+disp+" "+dp["filename"])
		return nil
	})
	return l
}

// joinToken finds a join token in a text.
var joinToken = regexp.MustCompile(`join ([0-9]+-[0-9a-f]+)`)

// game is the one game a player's address holds a seat in.
func (tb *table) game(t testing.TB, addr string) *store.Game {
	t.Helper()
	p, err := tb.db.PlayerAt(store.Address{Transport: Name, ID: addr})
	if err != nil {
		t.Fatal(err)
	}
	games, err := tb.db.Games(p.ID)
	if err != nil || len(games) != 1 {
		t.Fatalf("games of %s: %v, %v; want one", addr, games, err)
	}
	return games[0]
}

// Players in the tests.
const (
	alice   = "alice@example.org"
	bob     = "bob@example.com"
	mallory = "mallory@evil.example"
)

// start makes a Kriegspiel game between alice (white) and bob (black) by
// mail: alice asks for it and invites bob, bob joins with the token from
// the invitation. It returns the mail each got when the game began.
func (tb *table) start(t testing.TB) (white, black *letterIn) { return tb.startBetween(t, alice, bob) }

// startBetween makes a Kriegspiel game between two addresses.
func (tb *table) startBetween(t testing.TB, w, b string) (white, black *letterIn) {
	t.Helper()
	tb.writeConfirmed(t, w, "new kriegspiel white")
	created := tb.nextWith(t, w, "join ")
	tb.created = created // the first mail of the maker's conversation about the game
	tok := joinToken.FindStringSubmatch(created.text)
	if tok == nil {
		t.Fatalf("no join token in the mail to %s", w)
	}
	tb.reply(t, w, created, "invite black "+b) // invite acts on the maker's seat: by reply
	inv := tb.nextWith(t, b, tok[1])
	tb.reply(t, b, inv, "join "+tok[1])
	return tb.nextWith(t, w, "#"), tb.nextWith(t, b, "#")
}

// play plays moves by reply, white and black in turn, each replying to the
// last mail it got; it returns the last mails.
func (tb *table) play(t testing.TB, white, black *letterIn, moves ...string) (*letterIn, *letterIn) {
	t.Helper()
	for i, mv := range moves {
		if i%2 == 0 {
			tb.reply(t, alice, white, mv)
			white, black = tb.next(t, alice), tb.next(t, bob)
		} else {
			tb.reply(t, bob, black, mv)
			black, white = tb.next(t, bob), tb.next(t, alice)
		}
	}
	return white, black
}

func TestGameByMail(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, black := tb.start(t)
	id := tb.game(t, alice).ID
	g := tb.game(t, bob)
	if g.ID != id || g.State != store.StatePlaying {
		t.Fatalf("bob's game %d is %s; want game %d playing", g.ID, g.State, id)
	}
	checkLetter(t, white, g, alice)
	checkLetter(t, black, g, bob)
	checkMove(t, 1, white, black)
	wroot, broot := tb.created, black // each seat's conversation begins with its first mail about the game
	// An illegal try is told to white alone: black hears nothing of it,
	// not even that a mail went out. It is no move.
	tb.reply(t, alice, white, "Qh5")
	if white = tb.next(t, alice); !strings.Contains(white.text, "Qh5") {
		t.Errorf("white's answer to Qh5: %q", white.text)
	}
	checkMove(t, 1, white)
	checkThread(t, wroot, white)
	white, black = tb.play(t, white, black, "f3")
	if strings.Contains(black.text, "Qh5") {
		t.Errorf("black heard of white's illegal try: %q", black.text)
	}
	checkMove(t, 1, white, black)
	tb.reply(t, bob, black, "e5")
	black, white = tb.next(t, bob), tb.next(t, alice)
	checkMove(t, 2, white, black)
	checkThread(t, wroot, white)
	checkThread(t, broot, black)
	white, black = tb.play(t, white, black, "g4", "Qh4#")
	checkThread(t, wroot, white)
	checkThread(t, broot, black)
	// The end is one mail: the last move, the summary, the record and the
	// replay attached.
	if !strings.Contains(white.text, "Black played Qh4#") || !strings.Contains(white.text, "is over on move 2") ||
		!strings.Contains(strings.Join(white.parts, "|"), ".pgn") {
		t.Errorf("White's mail after Qh4#: %q, parts %q; want the move, the end and the record in one", white.text, white.parts)
	}
	for _, l := range []*letterIn{white, black} { // a finished game's key, dead, keeps the subject whole
		if l.subject() != wroot.subject() && l.subject() != broot.subject() {
			t.Errorf("Subject = %q; want the game's own, %q or %q", l.subject(), wroot.subject(), broot.subject())
		}
	}
	g = tb.game(t, alice)
	if g.State != store.StateOver || g.Result != "0-1" {
		t.Errorf("after Qh4#: game %s %s %s; want over 0-1", g.State, g.Result, g.Reason)
	}
}

// checkMove checks that mails begin with the move the game is at.
func checkMove(t testing.TB, move int, ls ...*letterIn) {
	t.Helper()
	want := fmt.Sprintf("Move %d, ", move)
	for _, l := range ls {
		if !strings.HasPrefix(l.text, want) {
			t.Errorf("text begins %q; want %q…", firstLine(l.text), want)
		}
	}
}

// checkThread checks that a later mail of a seat's conversation has its
// first mail's subject, exactly (the last ones of a finished game too), and
// refers to it first.
func checkThread(t testing.TB, first, l *letterIn) {
	t.Helper()
	refs, _ := l.header.MsgIDList("References")
	if l.subject() != first.subject() || len(refs) == 0 || refs[0] != first.messageID() {
		t.Errorf("Subject %q, References %q; want %q and %q first", l.subject(), refs, first.subject(), first.messageID())
	}
}

// checkLetter checks a mail about game g to a seated player: the seat's
// token in the reply address and the subject tag and nowhere else, one
// subject per game and seat, the picture once, inline, under a name that
// says nothing.
func checkLetter(t testing.TB, l *letterIn, g *store.Game, to string) {
	t.Helper()
	p := g.Seats["white"]
	if to == bob {
		p = g.Seats["black"]
	}
	if want := "umpire+" + p.Token + "@example.net"; l.replyTo() != want {
		t.Errorf("Reply-To = %q; want %q", l.replyTo(), want)
	}
	if !strings.HasSuffix(l.subject(), "["+p.Token+"]") || !strings.Contains(l.subject(), fmt.Sprintf("#%d", g.ID)) {
		t.Errorf("Subject = %q; want the game's number and the tag [%s]", l.subject(), p.Token)
	}
	seat := map[string]string{alice: "White", bob: "Black"}[to]
	if want := fmt.Sprintf("Kriegspiel #%d: you play %s [%s]", g.ID, seat, p.Token); l.subject() != want {
		t.Errorf("Subject = %q; want %q", l.subject(), want)
	}
	conversation := regexp.MustCompile(`^umpire\.t[0-9a-f]{32}@example\.net$`)
	refs, _ := l.header.MsgIDList("References")
	if id := l.messageID(); !conversation.MatchString(id) && (len(refs) == 0 || !conversation.MatchString("umpire."+strings.TrimPrefix(refs[0], "umpire."))) {
		t.Errorf("Message-ID = %q, References %q; want the opaque key of the seat's conversation, or a reference to it first", id, refs)
	}
	want := []string{"text/plain  ", "text/html  ", "image/png inline board.png"}
	if strings.Join(l.parts, "|") != strings.Join(want, "|") {
		t.Errorf("parts = %q; want %q", l.parts, want)
	}
	if !strings.Contains(l.html, `<img src="cid:board@example.net"`) {
		t.Errorf("HTML part shows no picture:\n%s", l.html)
	}
	for _, s := range g.Seats {
		if s.Token != p.Token && bytes.Contains(l.raw, []byte(s.Token)) {
			t.Errorf("the mail to %s holds another seat's token", to)
		}
	}
}

// TestNewWithByMail: one mail makes a game and invites a player by
// address; the invitation carries the invited seat's token in its reply
// address and subject tag, and nowhere the maker's, so a bare "join" in
// reply takes the seat and the game begins.
func TestNewWithByMail(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	tb.writeConfirmed(t, alice, "new kriegspiel with "+bob)
	created := tb.nextWith(t, alice, ") created.")
	g := tb.game(t, alice)
	white, black := g.Seats["white"].Token, g.Seats["black"].Token
	if !strings.Contains(created.text, "Black: invitation sent to "+bob) {
		t.Errorf("alice's mail says %q; want the invitation named", created.text)
	}
	if want := "umpire+" + white + "@example.net"; created.replyTo() != want || bytes.Contains(created.raw, []byte(black)) {
		t.Errorf("alice's mail: Reply-To %q, want %q and no word of Black's token", created.replyTo(), want)
	}
	inv := tb.nextWith(t, bob, "invites you")
	if want := "umpire+" + black + "@example.net"; inv.replyTo() != want || !strings.HasSuffix(inv.subject(), "["+black+"]") {
		t.Errorf("invitation: Reply-To %q, Subject %q; want %q and the tag [%s]", inv.replyTo(), inv.subject(), want, black)
	}
	if bytes.Contains(inv.raw, []byte(white)) {
		t.Error("the invitation holds White's token")
	}
	tb.reply(t, bob, inv, "join")
	checkLetter(t, tb.nextWith(t, alice, "begins"), tb.game(t, alice), alice)
	checkLetter(t, tb.nextWith(t, bob, "begins"), tb.game(t, bob), bob)
	if g := tb.game(t, bob); g.ID != tb.game(t, alice).ID || g.State != store.StatePlaying {
		t.Errorf("bob's game is #%d %s; want alice's, playing", g.ID, g.State)
	}
}

// TestInvitationByMail: an invitation has a short subject of its own and
// says what the game is, how play by reply goes and how to decline; a
// reply "stop" declines it, and the inviter is told the seat is free.
func TestInvitationByMail(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	tb.writeConfirmed(t, alice, "new kriegspiel with "+bob)
	inv := tb.nextWith(t, bob, "invites you")
	g := tb.game(t, alice)
	if want := fmt.Sprintf(" invites you to Kriegspiel, game #%d [%s]", g.ID, g.Seats["black"].Token); !strings.HasSuffix(inv.subject(), want) {
		t.Errorf("invitation's Subject = %q; want …%q", inv.subject(), want)
	}
	for _, s := range []string{"Kriegspiel: you see only your own men", "Reply with your move on the first line, one reply a move",
		"your seat's key is in the reply address", "Reply stop"} {
		if !strings.Contains(inv.text, s) {
			t.Errorf("the invitation does not say %q:\n%s", s, inv.text)
		}
	}
	tb.reply(t, bob, inv, "stop")
	if l := tb.next(t, bob); !strings.Contains(l.text, fmt.Sprintf("You declined game #%d", g.ID)) {
		t.Errorf("bob's answer to stop: %q", l.text)
	}
	if l := tb.nextWith(t, alice, "declined"); !strings.Contains(l.text, "Black is free again") {
		t.Errorf("alice is told %q; want Black free again", l.text)
	}
	tb.write(t, bob, "stop") // bob stopped his invitation: a stop needs no proof then
	if l := tb.next(t, bob); !strings.Contains(l.text, "will not write to you any more") {
		t.Errorf("a stop without an invitation: %q", l.text)
	}
}

// confirmPhrase is what a confirmation of a command by mail says
// (bot/confirmation.go): the mail to reply to.
const confirmPhrase = "reply yes to this mail"

// writeConfirmed is write for a command that acts by mail only on proof
// of the sender's mailbox: the umpire answers with a confirmation, and
// the sender replies to it, as a player does.
func (tb *table) writeConfirmed(t testing.TB, from, body string, extra ...string) {
	t.Helper()
	tb.write(t, from, body, extra...)
	tb.reply(t, from, tb.nextWith(t, from, confirmPhrase), "yes")
}

// TestConversationKeepsGame: every mail about a game to a seat belongs to
// that seat's one conversation, from the maker's first (the game is made)
// to the answer to a command sent by reply that is not a move (lang). The
// subject is the game's in the reader's language, so it follows a change
// of language.
func TestConversationKeepsGame(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, _ := tb.start(t)
	root := tb.created
	checkThread(t, root, white)
	tb.reply(t, alice, white, "lang ru")
	answer := tb.nextWith(t, alice, "по-русски")
	// the subject is now in the reader's new language; the thread is the same
	refs, _ := answer.header.MsgIDList("References")
	if len(refs) == 0 || refs[0] != root.messageID() || !strings.HasPrefix(answer.subject(), "Кригшпиль #1: вы играете белыми") {
		t.Errorf("the answer to lang: Subject %q, References %q; want the game's subject in Russian and %q first", answer.subject(), refs, root.messageID())
	}
}

// TestTellConfirmationThreaded: the confirmation of a tell sent by mail
// belongs to the sender's conversation about the game: its subject, its
// thread, and its seat's key in the Reply-To, as every mail about the
// game to that seat; so does the confirmation of a conditional move.
func TestTellConfirmationThreaded(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, _ := tb.start(t)
	tb.reply(t, alice, white, "tell black Good luck")
	ack := tb.nextWith(t, alice, "Told Black in game #1: Good luck")
	checkThread(t, tb.created, ack)
	if ack.replyTo() != white.replyTo() {
		t.Errorf("the confirmation's Reply-To %q; want the seat's %q", ack.replyTo(), white.replyTo())
	}
	if refs, _ := ack.header.MsgIDList("In-Reply-To"); len(refs) == 0 {
		t.Errorf("the confirmation has no In-Reply-To")
	}
}
