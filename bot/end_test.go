package bot_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image/gif"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"umpire/bot/record"

	"umpire/bot"
	"umpire/referee"
)

// TestEndOfGame: at the end of a Korona game every player and the group
// get one message in their own language: who won, how and on which move;
// the sealed notes, each of which checks out as the message says
// (SHA-256 of SECRET:SALT is its seal); the god's view; the record as a
// .pgn file in the reader's language that ReadPGN reads; and the replay.
func TestEndOfGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, _ := referee.Lookup("korona")
	w.say("p1", "lang ru")
	id := w.startGame(v, "club")
	w.playOut(id, rand.New(rand.NewPCG(5, 5)), 12)
	note := regexp.MustCompile(`: \S+ \(\S+ \S+ (king|dame), \S+ ([0-9a-f]+), \S+ ([0-9a-f]{64})\)`)
	for who, want := range map[string]string{"p0": "Game #1 is over on move", "p1": "Партия #1 окончена на", "club": "Game #1 is over on move"} {
		m := w.tr.Last(who)
		if m.Seat != string(referee.God) || !strings.Contains(w.last(who), want) || !strings.HasPrefix(string(m.Image), "god:") {
			t.Errorf("%s: the end is %s %q; want the god's view and %q", who, m.Seat, w.last(who), want)
		}
		notes := note.FindAllStringSubmatch(m.Text, -1)
		if len(notes) != 2 || !strings.Contains(m.Text, "| sha256sum") {
			t.Errorf("%s: %d sealed notes, or no way to check them:\n%s", who, len(notes), m.Text)
		}
		for _, n := range notes {
			if sum := sha256.Sum256([]byte(n[1] + ":" + n[2])); hex.EncodeToString(sum[:]) != n[3] {
				t.Errorf("%s: note %q does not check out", who, n[0])
			}
		}
		pgn := string(fileNamed(m, ".pgn"))
		if _, err := record.ReadPGN(pgn); err != nil {
			t.Errorf("%s: the record does not read: %v\n%s", who, err, pgn)
		}
		// Comments are wrapped at 80 columns, anywhere between words.
		if ru := strings.Contains(strings.Join(strings.Fields(pgn), " "), "Партия окончена"); ru != (who == "p1") {
			t.Errorf("%s: the record's comments in Russian: %v\n%s", who, ru, pgn)
		}
		if m.Files[0].Name != "game-1.pgn" || m.Files[1].Name != "game-1.gif" || m.Files[1].Type != "image/gif" {
			t.Errorf("%s: files %s %s", who, m.Files[0].Name, m.Files[1].Name)
		}
	}
}

// TestReplayOnlyAfterEnd: in a private game, no message before the end
// carries a file; at the end each player gets the replay once, and every
// frame shows both seats' views and the god's.
func TestReplayOnlyAfterEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.newPrivateGame("ann", "bob")
	w.flush()
	for i, m := range []string{"f3", "e5", "g4"} {
		w.say([]string{"ann", "bob"}[i%2], m)
	}
	for _, m := range w.tr.Sent() {
		if len(m.Files) > 0 || m.Seat == string(referee.God) {
			t.Fatalf("before the end, %s got %d files, seat %s", m.To.ID, len(m.Files), m.Seat)
		}
	}
	w.say("bob", "Qh4")
	for _, who := range []string{"ann", "bob"} {
		replays := 0
		for _, m := range w.tr.To(who) {
			if gif := fileNamed(m, ".gif"); gif != nil {
				replays++
				frames := strings.Split(strings.TrimSpace(string(gif)), "\n")[1:]
				if len(frames) != 5 {
					t.Errorf("%s: %d frames; want the start and four moves", who, len(frames))
				}
				for _, f := range frames {
					if !strings.Contains(f, "white:") || !strings.Contains(f, "black:") || !strings.Contains(f, "god:") {
						t.Errorf("%s: a frame without every view: %s", who, f)
					}
				}
			}
		}
		if replays != 1 {
			t.Errorf("%s got %d replays; want 1", who, replays)
		}
	}
}

// TestReplayGIFReal: with render's replay, the end of a triad game carries
// a GIF that decodes, a frame for the start and one a move, four panels
// wide (three seats and the god).
func TestReplayGIFReal(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	b, err := bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: fakePicture})
	if err != nil {
		t.Fatal(err)
	}
	w.bot, w.send = b, b.Sender(w.tr)
	v, _ := referee.Lookup("triad")
	id := w.startGame(v, "table")
	w.playOut(id, rand.New(rand.NewPCG(1, 1)), 6)
	data := fileNamed(w.tr.Last("table"), ".gif")
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the replay does not decode: %v", err)
	}
	game, rg := w.replay(id)
	if want := rg.View(referee.God).Ply + 1; len(g.Image) < want || g.Config.Width != 360 || g.Config.Height < 4*360 {
		t.Errorf("%d frames %d×%d; want at least %d (%d log entries), four panels one above the other, 360 wide", len(g.Image), g.Config.Width, g.Config.Height, want, len(game.Log))
	}
}
