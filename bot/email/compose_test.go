package email

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"

	"umpire/bot/wire"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenLetter is a mail to white in game 12, with a picture.
func goldenLetter() letter {
	from, _ := mail.ParseAddress("Umpire <umpire@example.net>")
	return letter{
		msg: wire.Message{To: wire.Address{Transport: Name, ID: alice}, Game: 12, Seat: "white",
			Move: 7, Subject: "Kriegspiel #12: you play White", Thread: "t00112233445566778899aabbccddeeff",
			Text:  "Move 7, your turn. Game #12 (Kriegspiel), you play White.\nBlack moved.\nYour move.",
			Board: "8 . . . . . . . .\n1 R N B Q K B N R\n  a b c d e f g h", Image: []byte("\x89PNG\r\n\x1a\n not really"),
			Key: "0123456789abcdef0123456789abcdef"},
		from: from, to: alice, token: "12-00112233aabbccdd", replyTo: "p7@example.org",
		date: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC),
	}
}

// recordLetter is the end of game 12 to white: the god's view, the record
// and the replay as attachments.
func recordLetter() letter {
	l := goldenLetter()
	l.msg.Seat, l.msg.Text = "god", "Game #12 is over on move 7: White wins by checkmate."
	l.msg.Files = []wire.File{{Name: "game-12.pgn", Type: "application/x-chess-pgn", Data: []byte("[Event \"umpire game #12\"]\n")},
		{Name: "game-12.gif", Type: "image/gif", Data: []byte("GIF89a not really")}}
	return l
}

func TestComposeGolden(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		l    letter
	}{
		{"letter.golden", goldenLetter()},
		{"notice.golden", letter{msg: wire.Message{To: wire.Address{Transport: Name, ID: alice}, Text: "Your mail was over 1 MB and was not read."},
			from: goldenLetter().from, to: alice, date: goldenLetter().date}},
		{"invitation.golden", letter{msg: wire.Message{To: wire.Address{Transport: Name, ID: bob}, Game: 12,
			Subject: "Alice invites you to Kriegspiel, game #12",
			Text:    "Alice invites you to game #12 (Kriegspiel) as Black. To accept, write: join 12-00112233aabbccdd",
			Buttons: []wire.Button{{Label: "join black", Command: "join 12-00112233aabbccdd"}}, Key: "fedcba9876543210fedcba9876543210",
			Unsolicited: true},
			from: goldenLetter().from, to: bob, token: "12-00112233aabbccdd", date: goldenLetter().date,
			unsubscribe: "https://umpire.example.net/unsubscribe?t=0123456789abcdef0123456789abcdef&to=bob%40example.com"}},
		{"record.golden", recordLetter()},
	} {
		got, err := compose(tt.l)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", tt.name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("compose(%s) differs from %s (go test -update rewrites it):\n%s", tt.name, path, got)
		}
	}
}

// TestComposeSaysNothingElse checks that the header is made of the
// recipient, its token, the game's number, the message key and the first
// line of the text only: the rest of the text, the board and the picture
// change nothing in it but the body's Content-Type, and the same letter
// makes the same bytes.
func TestComposeSaysNothingElse(t *testing.T) {
	t.Parallel()
	a := goldenLetter()
	b := goldenLetter()
	b.msg.Text = "Move 7, your turn. Game #12 (Kriegspiel), you play White.\nCapture on e5.\nYour move."
	b.msg.Board, b.msg.Image = "8 . . . . q . . .", []byte("another picture")
	ra, _ := compose(a)
	rb, _ := compose(b)
	ha, _, _ := bytes.Cut(ra, []byte("\r\n\r\n"))
	hb, _, _ := bytes.Cut(rb, []byte("\r\n\r\n"))
	if !bytes.Equal(ha, hb) {
		t.Errorf("headers differ with the body:\n%s\n---\n%s", ha, hb)
	}
	again, _ := compose(a)
	if !bytes.Equal(ra, again) {
		t.Error("compose makes different bytes for one letter")
	}
	for _, f := range strings.Split(string(ha), "\r\n") {
		k, _, _ := strings.Cut(f, ":")
		if !strings.HasPrefix(f, " ") && !allowedHeader[strings.ToLower(k)] {
			t.Errorf("header field %q is not one of the fields a mail may have", k)
		}
	}
}

// allowedHeader are the header fields the bot's mails have.
var allowedHeader = map[string]bool{
	"date": true, "from": true, "to": true, "reply-to": true, "subject": true, "message-id": true,
	"in-reply-to": true, "references": true, "auto-submitted": true, "mime-version": true, "content-type": true,
	"content-transfer-encoding": true, "list-id": true,
}

func TestSubject(t *testing.T) {
	t.Parallel()
	l := goldenLetter()
	if s, want := l.subject(), "Kriegspiel #12: you play White [12-00112233aabbccdd]"; s != want {
		t.Errorf("subject = %q; want %q", s, want)
	}
	l.msg.Subject = ""
	if s, want := l.subject(), "Move 7, your turn. Game #12 (Kriegspiel), you play White. [12-00112233aabbccdd]"; s != want {
		t.Errorf("subject without one of the message's = %q; want %q (the first line)", s, want)
	}
	l.msg.Text = strings.Repeat("ж", 300)
	s := l.subject()
	if want := strings.Repeat("ж", maxSubject-1) + "… [12-00112233aabbccdd]"; s != want {
		t.Errorf("subject = %q; want %q", s, want)
	}
	l.msg.Text, l.token = "", ""
	if s := l.subject(); s != "Umpire" {
		t.Errorf("subject of an empty text = %q; want the bot's name", s)
	}
}

func TestTokenOf(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		to      []string
		subject string
		want    string
	}{
		{[]string{"umpire+12-00112233aabbccdd@example.net"}, "", "12-00112233aabbccdd"},
		{[]string{"other@example.net", "umpire+12-00112233aabbccdd@example.net"}, "", "12-00112233aabbccdd"},
		{[]string{"umpire+12-00112233aabbccdd@elsewhere.net"}, "", ""},
		{[]string{"umpire2+12-00112233aabbccdd@example.net"}, "", ""},
		{[]string{"umpire+nonsense@example.net"}, "Re: Game #3 [3-0011aabb]", "3-0011aabb"},
		{[]string{"umpire@example.net"}, "Re: Game #3 [3-0011AABB] [4-ffffeeee]", "4-ffffeeee"},
		{[]string{"umpire@example.net"}, "Re: Game #3 [not-a-token]", ""},
	} {
		if got := tokenOf(&Mail{To: tt.to, Subject: tt.subject}, botAddr); got != tt.want {
			t.Errorf("tokenOf(%q, %q) = %q; want %q", tt.to, tt.subject, got, tt.want)
		}
	}
}
