package telegram

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"umpire/store"
)

// groupStep is one message of a three-player game through the fake Bot
// API: who writes it and how (a command in the group, a reply to the
// umpire's last message there, or a private message), and whether it is
// played (the log grows).
type groupStep struct {
	who    int64
	how    string // "cmd", "reply" or "private"
	text   string
	played bool
}

// TestTriadInTelegramGroup plays three-player chess to its end in a
// Telegram group: moves written there as /m commands (with and without
// the bot's @name) and as replies to the umpire, moves in private, offers,
// an order and a declared check written in the group as commands. The
// group sees every accepted action; the game ends 0-2-1 by vassals.
func TestTriadInTelegramGroup(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	for _, u := range []int64{ann, bob, carol} {
		g.step(g.srv.Start(u))
	}
	g.step(g.srv.Group(club, ann, "/new@umpire_test_bot triad"))
	inv, _ := g.srv.Last(club)
	var id uint64
	if _, num, _ := strings.Cut(inv.Text, "#"); num == "" {
		t.Fatalf("no game made: %q", inv.Text)
	} else {
		fmt.Sscanf(num, "%d", &id)
	}
	var links []string
	for _, row := range inv.Buttons {
		for _, b := range row {
			links = append(links, b.URL)
		}
	}
	if len(links) != 3 {
		t.Fatalf("invitation buttons = %+v; want a deep link per seat", inv.Buttons)
	}
	for i, u := range []int64{ann, bob, carol} { // white, red, black in turn order
		g.step(g.srv.FollowLink(u, links[i]))
	}
	if sg := g.stored(id); sg.State != store.StatePlaying {
		t.Fatalf("game is %s after three seats were taken", sg.State)
	}
	steps := []groupStep{
		{ann, "cmd", "/m d2d4", true},
		{bob, "cmd", "/declare a3", true}, // ruled impossible (red has no partner), logged as a failed try
		{bob, "private", "d4", true},
		{carol, "reply", "bd2bd4", true},
		{ann, "cmd", "/m@umpire_test_bot Nf3", true},
		{bob, "cmd", "/m f4", true},
		{carol, "cmd", "/m dxrd4", true},
		{ann, "cmd", "/m dxrf4", true}, // impossible by the neutrality rule: a failed try
		{ann, "reply", "wd4rd4", true},
		{ann, "cmd", "/vassal offer black", true},
		{carol, "private", "vasalo akcepti Blankaj", true},
		{bob, "cmd", "/m c3", true},
		{ann, "cmd", "/order black Nf3", true},
		{ann, "cmd", "/m h3", true},
		{bob, "cmd", "/m cxd4", true},
		{bob, "cmd", "/vassal offer white", true},
		{ann, "cmd", "/vassal accept red", true},
		{carol, "cmd", "/m e3", true},
		{ann, "private", "a3", true},
		{bob, "reply", "Nc3", true},
		{carol, "cmd", "/m e4", true},
		{ann, "cmd", "/m a4", true},
		{bob, "cmd", "/m rc3be4", true},
		{bob, "cmd", "/vassal offer black", true},
		{carol, "cmd", "/vassal accept red", true},
	}
	for i, st := range steps {
		before := len(g.stored(id).Log)
		switch st.how {
		case "cmd":
			g.step(g.srv.Group(club, st.who, st.text))
		case "reply":
			last, _ := g.srv.Last(club)
			g.step(g.srv.Reply(club, st.who, last.MessageID, st.text))
		default:
			g.step(g.srv.Private(st.who, st.text))
		}
		if played := len(g.stored(id).Log) > before; played != st.played {
			t.Fatalf("step %d (%d %s %q): played %v; want %v", i, st.who, st.how, st.text, played, st.played)
		}
	}
	sg := g.stored(id)
	if sg.State != store.StateOver || sg.Result != "0-2-1" || sg.Reason != "vassals" {
		t.Errorf("game: %s %s %s; want over, 0-2-1, vassals", sg.State, sg.Result, sg.Reason)
	}
}

// TestTriadPromptInPrivate: in a triad game in a Telegram group, the seat
// to move also gets a private "your move" in its language, saying how to
// write the move in the group. A player who blocked the bot (403) gets
// nothing and nobody hears of it: the group's news is enough, the row is
// dropped at once, not retried, and the group gets no notice about it.
func TestTriadPromptInPrivate(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	for _, u := range []int64{ann, bob, carol} {
		g.step(g.srv.Start(u))
	}
	g.step(g.srv.Private(carol, "/lang eo")) // Ann writes Russian (her Telegram language)
	g.step(g.srv.Group(club, ann, "/new@umpire_test_bot triad"))
	inv, _ := g.srv.Last(club)
	var links []string
	for _, row := range inv.Buttons {
		for _, b := range row {
			links = append(links, b.URL)
		}
	}
	if len(links) != 3 {
		t.Fatalf("invitation buttons = %+v; want a deep link per seat", inv.Buttons)
	}
	for i, u := range []int64{ann, bob, carol} {
		g.step(g.srv.FollowLink(u, links[i]))
	}
	g.srv.Block(bob)
	notices := func() (n int) {
		for _, m := range g.srv.To(club) {
			if strings.Contains(m.Text, "cannot write to you") {
				n++
			}
		}
		return n
	}
	before := notices()
	for _, st := range []struct {
		who    int64
		move   string
		prompt int64 // who gets the prompt
		text   string
	}{
		{ann, "/m d2d4", bob, ""},
		{bob, "/m d4", carol, "Via vico en la ludo #1 (Triado). Skribu vian movon en la grupo kiel /m be2be4"},
		{carol, "/m bd2bd4", ann, "Ваш ход в партии #1 (Триада). Напишите его в группе как /m we2we4"},
		{ann, "/m Nf3", bob, ""},
	} {
		g.srv.Forget()
		g.step(g.srv.Group(club, st.who, st.move))
		for _, u := range []int64{ann, bob, carol} {
			got := g.srv.To(u)
			switch {
			case u == st.prompt && st.text != "" && (len(got) != 1 || !strings.HasPrefix(got[0].Text, st.text) || got[0].Photo != nil):
				t.Errorf("after %q, %d got %+v; want one text starting %q", st.move, u, got, st.text)
			case (u != st.prompt || st.text == "") && len(got) > 0:
				t.Errorf("after %q, %d got %q; want nothing", st.move, u, got[0].Text)
			}
		}
		if rows, err := g.db.Pending(time.Now().Add(24*time.Hour), 100); err != nil || len(rows) > 0 {
			t.Errorf("after %q, rows still queued: %+v, %v", st.move, rows, err)
		}
	}
	if n := notices(); n != before {
		t.Errorf("the group was told %d times more that a player cannot be written to", n-before)
	}
}

// TestTriadOfferAskedInPrivate: a triad offer made in a Telegram group is
// put to the seat it is made to in a private message, in its language,
// with Accept and Decline buttons; the press plays the answer and the
// group hears it. An offer to a player who blocked the bot (403) is
// dropped at once: nothing stays queued, the group is not told, and the
// player can still answer in the group.
func TestTriadOfferAskedInPrivate(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	for _, u := range []int64{ann, bob, carol} {
		g.step(g.srv.Start(u))
	}
	g.step(g.srv.Private(carol, "/lang eo"))
	g.step(g.srv.Group(club, ann, "/new@umpire_test_bot triad"))
	inv, _ := g.srv.Last(club)
	for i, u := range []int64{ann, bob, carol} {
		g.step(g.srv.FollowLink(u, inv.Buttons[0][i].URL))
	}
	for _, st := range []struct {
		who  int64
		text string
	}{{ann, "/m d2d4"}, {bob, "/m d4"}, {carol, "/m bd2bd4"}, {ann, "/m Nf3"}, {bob, "/m f4"}, {carol, "/m dxrd4"}, {ann, "/m wd4rd4"}} {
		g.step(g.srv.Group(club, st.who, st.text))
	}
	g.srv.Forget()
	g.step(g.srv.Group(club, ann, "/vassal offer black"))
	asked := g.srv.To(carol)
	want := "Ludo #1 (Triado): la blankaj proponas, ke vi fariĝu iliaj vasaloj."
	if len(asked) != 1 || !strings.HasPrefix(asked[0].Text, want) || asked[0].Photo != nil {
		t.Fatalf("after the offer Black got %+v; want one text starting %q", asked, want)
	}
	if m := append(g.srv.To(ann), g.srv.To(bob)...); len(m) > 0 {
		t.Errorf("others were written to privately: %q", m[0].Text)
	}
	g.step(g.srv.Press(carol, carol, asked[0].MessageID, buttonData(t, asked[0], "Akcepti")))
	if last, _ := g.srv.Last(club); !strings.Contains(last.Text, "отныне чёрные — слуги белых.") { // the group reads Russian, as Ann does
		t.Fatalf("after Black pressed Akcepti the group got %q", last.Text)
	}
	for _, st := range []struct {
		who  int64
		text string
	}{{bob, "/m c3"}, {ann, "/order black Nf3"}, {ann, "/m h3"}, {bob, "/m cxd4"}} {
		g.step(g.srv.Group(club, st.who, st.text))
	}
	g.srv.Block(ann)
	g.srv.Forget()
	g.step(g.srv.Group(club, bob, "/vassal offer white"))
	if m := g.srv.To(ann); len(m) > 0 {
		t.Errorf("a player who blocked the bot got %q", m[0].Text)
	}
	if rows, err := g.db.Pending(time.Now().Add(24*time.Hour), 100); err != nil || len(rows) > 0 {
		t.Errorf("rows still queued: %+v, %v", rows, err)
	}
	for _, m := range g.srv.To(club) {
		if strings.Contains(m.Text, "cannot write to you") {
			t.Errorf("the group was told: %q", m.Text)
		}
	}
	g.step(g.srv.Group(club, ann, "/vassal accept red"))
	if last, _ := g.srv.Last(club); !strings.Contains(last.Text, "отныне белые — слуги красных.") {
		t.Errorf("after White accepted in the group, the group got %q", last.Text)
	}
}
