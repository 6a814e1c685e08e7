package telegram

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"umpire/bot/wire"
)

func addr(id string) wire.Address { return wire.Address{Transport: "telegram", ID: id} }

func TestSendPhotoToSeatIsProtected(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Start(ann)
	pic := testPNG(t)
	err := f.tr.Send(context.Background(), wire.Message{To: addr("1001"), Text: "Game #1, you play White.\nYour move.",
		Image: pic, Seat: "white", Private: true, Game: 1})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := f.srv.Last(ann)
	if m.Method != "sendPhoto" || !bytes.Equal(m.Photo, pic) || !m.Protected || !strings.HasPrefix(m.Text, "Game #1") {
		t.Errorf("sent %+v", m)
	}
	// Public news to a group is not protected.
	if err := f.tr.Send(context.Background(), wire.Message{To: addr("-4001"), Text: "Capture on e5.", Image: pic,
		Seat: "spectator", Game: 1}); err != nil {
		t.Fatal(err)
	}
	if m, _ := f.srv.Last(club); m.Protected {
		t.Errorf("public news sent protected")
	}
}

func TestSendSplitsLongText(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Start(ann)
	var lines []string
	for range 400 {
		lines = append(lines, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6")
	}
	long := strings.Join(lines, "\n") // about 12,000 characters
	err := f.tr.Send(context.Background(), wire.Message{To: addr("1001"), Text: long, Image: testPNG(t),
		Buttons: []wire.Button{{Label: "Board", Command: "board #1"}}})
	if err != nil {
		t.Fatal(err)
	}
	sent := f.srv.To(ann)
	if len(sent) != 4 || sent[0].Method != "sendPhoto" || len([]rune(sent[0].Text)) > 1024 {
		t.Fatalf("sent %d parts, first %s of %d", len(sent), sent[0].Method, len(sent[0].Text))
	}
	var all []string
	for i, m := range sent {
		all = append(all, m.Text)
		if (m.Buttons != nil) != (i == len(sent)-1) {
			t.Errorf("part %d buttons %v", i, m.Buttons)
		}
	}
	if strings.Join(all, "\n") != long {
		t.Errorf("the parts do not add up to the text")
	}
}

func TestSendRetriesOnlyTheRest(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Start(ann)
	f.srv.FloodWait("sendMessage", ann, 3)
	m := wire.Message{To: addr("1001"), Text: strings.Repeat("a line of text\n", 100), Image: testPNG(t), Key: "k1"}
	err := f.tr.Send(context.Background(), m)
	var te *wire.TemporaryError
	if !errors.As(err, &te) || te.RetryAfter != 3*time.Second {
		t.Fatalf("Send under flood wait = %v; want a temporary error, retry after 3s", err)
	}
	if err := f.tr.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if n := len(f.srv.Photos(ann)); n != 1 {
		t.Errorf("the photo went %d times", n)
	}
}

func TestFloodWaitOnUploadIsTemporary(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Start(ann)
	f.srv.FloodWait("sendPhoto", 0, 12)
	err := f.tr.Send(context.Background(), wire.Message{To: addr("1001"), Text: "x", Image: testPNG(t)})
	var te *wire.TemporaryError
	if !errors.As(err, &te) || te.RetryAfter != 12*time.Second || errors.Is(err, wire.ErrPermanent) {
		t.Errorf("Send = %v; want a temporary error, retry after 12s", err)
	}
}

func TestCallbackData(t *testing.T) {
	t.Parallel()
	tests := []struct {
		who  int64
		cmd  string
		data string
		ok   bool
	}{
		{1001, "resign #12", "rt|resign #12", true},
		{0, "join #3 white", "|join #3 white", true},
		{5_000_000_000, "any? #123456", "2aovcow|any? #123456", true},
		{1001, strings.Repeat("x", 62), "", false},
	}
	for _, tt := range tests {
		data, ok := makeData(tt.who, tt.cmd)
		if ok != tt.ok || ok && data != tt.data {
			t.Errorf("makeData(%d, %q) = %q, %v; want %q, %v", tt.who, tt.cmd, data, ok, tt.data, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		who, cmd, ok := readData(data)
		if !ok || who != tt.who || cmd != tt.cmd {
			t.Errorf("readData(%q) = %d, %q, %v", data, who, cmd, ok)
		}
	}
	for _, bad := range []string{"", "resign", "zz$|x", "rt|"} {
		if _, _, ok := readData(bad); ok {
			t.Errorf("readData(%q) accepted", bad)
		}
	}
}

func TestPressChecksThePresser(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Start(ann)
	f.srv.Start(bob)
	r := &recorder{}
	f.receive(t, f.tr, r)
	data, _ := makeData(ann, "resign #1")
	f.tr.sendPart(context.Background(), dest{chat: ann, protect: true}, part{text: "Your move."}, keyboardOf(data))
	m, _ := f.srv.Last(ann)
	forged := f.srv.Press(bob, ann, m.MessageID, data) // Bob forges Ann's press
	mine := f.srv.Press(ann, ann, m.MessageID, data)
	f.handled(t, mine)
	var presses []wire.Inbound
	for _, in := range r.inbounds() {
		if in.Text == "resign #1" {
			presses = append(presses, in)
		}
	}
	if len(presses) != 1 || presses[0].From != "1001" || !presses[0].Private {
		t.Fatalf("presses handed over: %+v; want Ann's only", presses)
	}
	if a, err := f.srv.WaitAnswer(wait(t), forged); err != nil || a.Text != "This button is not for you." || !a.ShowAlert {
		t.Errorf("forged press answered %+v, %v; want an alert", a, err)
	}
	if _, err := f.srv.WaitAnswer(wait(t), mine); err != nil {
		t.Errorf("Ann's press not answered: %v", err)
	}
}

func TestSendFollowsAGroupToItsSupergroup(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Migrate(club, -1004001)
	err := f.tr.Send(context.Background(), wire.Message{To: addr("-4001"), Text: "Capture on e5.", Image: testPNG(t), Seat: "spectator"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.srv.Photos(-1004001)); n != 1 {
		t.Errorf("the supergroup got %d pictures", n)
	}
}
