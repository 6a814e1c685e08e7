package bot_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"umpire/bot/post"
	"umpire/bot/wire"

	"umpire/bot"
)

// TestNonInterference plays two Kriegspiel games that White cannot tell
// apart — Black's hidden moves differ, and in one Black makes failed tries
// first, alone and in attempt lists — and checks that every byte sent to
// White is the same: texts, pictures (drawn by render), boards, buttons,
// move numbers and subjects, and the number of messages. (Message keys are an HMAC of the outbox
// sequence under a secret of the database: they differ, but tell nothing
// without the secret.)
func TestNonInterference(t *testing.T) {
	t.Parallel()
	scripts := [2][]string{
		{"white e4", "black Nf6", "white d3", "black Nc6", "white Nf3"},
		{"white e4", "black Qh4", "black Ke7, Qh4, Nc6", "white d3", "black a6, Nf6", "white Nf3"},
	}
	sameToWhite(t, "kriegspiel", scripts)
}

// TestNonInterferenceDarkPictures plays two dark chess games that White
// cannot tell apart — Black's pawn goes to b6 in one, g6 in the other,
// squares White never sees — through a capture White sees (its pawn on d5,
// watched by its knight). Everything White gets must be the same, the
// pictures' header and the tints of both last moves included, and the
// capture must be said in words.
func TestNonInterferenceDarkPictures(t *testing.T) {
	t.Parallel()
	scripts := [2][]string{
		{"white Nc3", "black b6", "white e4", "black d5", "white exd5", "black Qxd5"},
		{"white Nc3", "black g6", "white e4", "black d5", "white exd5", "black Qxd5"},
	}
	sent := sameToWhite(t, "dark", scripts)
	last := sent[len(sent)-1]
	if !strings.Contains(last.Text, "Your pawn on d5 was taken by a queen.") || len(last.Image) == 0 {
		t.Errorf("White's last message does not show the capture it saw:\n%s", last.Text)
	}
}

// sameToWhite plays two scripts of a variant with real pictures and fails
// unless White got the same messages, byte for byte, in both; it returns
// the first game's.
func sameToWhite(t *testing.T, variant string, scripts [2][]string) []wire.Message {
	t.Helper()
	var sent [2][]wire.Message
	for i, script := range scripts {
		w := newWorld(t)
		var err error
		if w.bot, err = bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: post.Picture, Rand: zeros{}}); err != nil {
			t.Fatal(err)
		}
		w.send = w.bot.Sender(w.tr)
		w.group("club", "p0", "new "+variant)
		w.group("club", "p0", "join #1 white")
		w.group("club", "p1", "join #1 black")
		for _, line := range script {
			var who, text string
			fmt.Sscanf(line, "%s", &who)
			text = line[len(who)+1:]
			if who == "white" {
				w.say("p0", text)
			} else {
				w.say("p1", text)
			}
		}
		sent[i] = w.tr.To("p0")
	}
	sameMessages(t, "White", sent)
	return sent[0]
}

// sameMessages fails unless a reader (who) got the same messages in two
// runs, byte for byte: texts, pictures, boards, buttons, move numbers and
// subjects, and as many.
func sameMessages(t *testing.T, who string, sent [2][]wire.Message) {
	t.Helper()
	if len(sent[0]) != len(sent[1]) {
		t.Fatalf("%s got %d messages in one run, %d in the other", who, len(sent[0]), len(sent[1]))
	}
	for i := range sent[0] {
		a, b := sent[0][i], sent[1][i]
		if a.Text != b.Text || a.Board != b.Board || a.Seat != b.Seat || !bytes.Equal(a.Image, b.Image) || fmt.Sprint(a.Buttons) != fmt.Sprint(b.Buttons) ||
			a.Move != b.Move || a.Subject != b.Subject {
			t.Errorf("message %d to %s differs:\n%s\n---\n%s", i, who, a.Text, b.Text)
		}
	}
}

// zeros is a Rand that gives the same "random" bytes in both games, as two
// games would have no way to tell apart.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }
