package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"umpire/bot/record"
	"umpire/referee"
)

// tellWorld is a Kriegspiel game between p0 (White) and p1 (Black), made
// in a private chat, and a triad game of p0, p1 and p2 in the group
// "table".
func tellWorld(t *testing.T) *world {
	w := newWorld(t)
	v, _ := referee.Lookup("kriegspiel")
	w.startGame(v, "club")
	tv, _ := referee.Lookup("triad")
	w.startGame(tv, "table")
	w.tr.Reset()
	return w
}

// A player's message reaches the seat it names, privately, signed with
// the sender's seat and in the reader's language, with how to answer and
// how to stop them; the sender is told it went.
func TestTellOneSeat(t *testing.T) {
	t.Parallel()
	w := tellWorld(t)
	w.say("p1", "язык ru")
	w.tr.Reset()
	w.say("p0", "#1 tell black Good luck, and may the umpire be kind!")
	got := w.tr.To("p1")
	if len(got) != 1 || !strings.HasPrefix(got[0].Text, "Партия #1 (кригшпиль, правила «wild16»), белые — вам: Good luck, and may the umpire be kind!") ||
		!strings.Contains(got[0].Text, "сказать белым ТЕКСТ") || !strings.Contains(got[0].Text, "заглушить #1") {
		t.Fatalf("Black got %q; want the message signed by White, in Russian, with how to answer", textsOf(got))
	}
	if ack := w.last("p0"); ack != "Told Black in game #1: Good luck, and may the umpire be kind!" {
		t.Errorf("White was answered %q", ack)
	}
	w.tr.Reset()
	w.say("p1", "#1 сказать белым Спасибо!") // the answer, as the message says
	if got := w.last("p0"); !strings.HasPrefix(got, "Game #1 (Kriegspiel, wild16 rules), Black to you: Спасибо!") {
		t.Errorf("White got %q", got)
	}
}

// tell all reaches every other player of a game, wherever the game is
// played; in the group a triad game is played in, a tell is answered and
// relays nothing, since every player reads the group.
func TestTellAll(t *testing.T) {
	t.Parallel()
	w := tellWorld(t)
	w.say("p2", "lingvo eo")
	w.tr.Reset()
	w.say("p1", "#2 tell all Shall we talk?")
	if got := w.last("p0"); !strings.HasPrefix(got, "Game #2 (Triad), Red to all: Shall we talk?") {
		t.Errorf("White got %q", got)
	}
	if got := w.last("p2"); !strings.HasPrefix(got, "Ludo #2 (Triado), la ruĝaj al ĉiuj: Shall we talk?") || !strings.Contains(got, "diru ĉiuj TEKSTO") {
		t.Errorf("Black got %q", got)
	}
	w.tr.Reset()
	w.group("table", "p2", "#2 diru ĉiuj saluton")
	if len(w.tr.To("p0")) != 0 || len(w.tr.To("p1")) != 0 {
		t.Errorf("a tell in the group was relayed: %q %q", textsOf(w.tr.To("p0")), textsOf(w.tr.To("p1")))
	}
	if got := w.last("p2"); !strings.Contains(got, "legas ĉi tiun grupon") {
		t.Errorf("the writer in the group was answered %q", textsOf(w.tr.Sent()))
	}
}

// A stranger's tell to a seat of a game it does not play changes nothing
// and is answered as for a game that does not exist; so is one with no
// game in play.
func TestTellStranger(t *testing.T) {
	t.Parallel()
	w := tellWorld(t)
	w.say("p9", "#1 tell white I know where you live")
	strangerSaw := w.last("p9")
	w.tr.Reset()
	w.say("p9", "#99 tell white I know where you live")
	if none := strings.Replace(w.last("p9"), "#99", "#1", 1); none != strangerSaw {
		t.Errorf("a stranger to game #1 is told %q, and for a game that does not exist %q", strangerSaw, none)
	}
	for _, p := range []string{"p0", "p1", "p2"} {
		if got := w.tr.To(p); len(got) > 0 {
			t.Errorf("%s got %q", p, textsOf(got))
		}
	}
	if talks, _ := w.db.Talks(1); len(talks) != 0 {
		t.Errorf("game #1 keeps %d messages after a stranger's", len(talks))
	}
}

// Bad tells are refused with their reason and send nothing: one's own
// seat, a seat the game has not, a message too long, too many in an
// hour.
func TestTellRefusals(t *testing.T) {
	t.Parallel()
	w := tellWorld(t)
	for _, tc := range []struct{ text, want string }{
		{"#1 tell white hello", "That is your own seat."},
		{"#1 tell red hello", "red is not a seat of another player in game #1. Write tell SEAT TEXT with one of black, or tell all TEXT."},
		{"#1 tell black", "Write: tell SEAT TEXT"},
		{"#1 tell black " + strings.Repeat("й", 501), "Your message has 501 characters, and at most 500 go."},
	} {
		w.tr.Reset()
		w.say("p0", tc.text)
		if got := w.last("p0"); !strings.Contains(got, tc.want) {
			t.Errorf("%.40q: answered %q; want %q", tc.text, got, tc.want)
		}
		if got := w.tr.To("p1"); len(got) > 0 {
			t.Errorf("%.40q: Black got %q", tc.text, textsOf(got))
		}
	}
	w.say("p0", "#1 tell black "+strings.Repeat("й", 500)) // the most that goes
	for i := 1; i < 10; i++ {
		w.say("p0", "#1 tell black one more")
	}
	w.tr.Reset()
	w.say("p0", "#1 tell black the eleventh")
	if got := w.last("p0"); !strings.Contains(got, "as many messages in game #1 as a seat may send in an hour (10)") || !strings.Contains(got, "in 60 minutes") {
		t.Errorf("the eleventh message in an hour: %q", got)
	}
	if got := w.tr.To("p1"); len(got) > 0 {
		t.Errorf("Black got the eleventh: %q", textsOf(got))
	}
	w.now = w.now.Add(61 * 60e9)
	w.say("p0", "#1 tell black an hour later")
	if got := w.last("p1"); !strings.Contains(got, "an hour later") {
		t.Errorf("an hour later Black got %q", got)
	}
}

// mute stops a player's messages to the seat, and the sender hears so;
// unmute brings them back.
func TestTellMute(t *testing.T) {
	t.Parallel()
	w := tellWorld(t)
	w.say("p1", "mute #1")
	if got := w.last("p1"); !strings.Contains(got, "You will get no messages from the players of game #1") {
		t.Errorf("mute: %q", got)
	}
	w.tr.Reset()
	w.say("p0", "#1 tell black hello?")
	if got := w.tr.To("p1"); len(got) > 0 {
		t.Errorf("a muted seat got %q", textsOf(got))
	}
	if got := w.last("p0"); !strings.Contains(got, "Nobody in game #1 can get your message") {
		t.Errorf("the sender to a muted seat was told %q", got)
	}
	w.say("p2", "mute #2")
	w.tr.Reset()
	w.say("p0", "#2 tell all hello?")
	if got := w.last("p0"); !strings.Contains(got, "Told the players of game #2: hello?") || !strings.Contains(got, "Black has muted the messages of game #2") {
		t.Errorf("the sender to one seat muted of two was told %q", got)
	}
	if len(w.tr.To("p2")) != 0 || len(w.tr.To("p1")) != 1 {
		t.Errorf("Red got %q, Black (muted) %q", textsOf(w.tr.To("p1")), textsOf(w.tr.To("p2")))
	}
	w.say("p1", "слушать #1")
	w.say("p0", "#1 tell black hello again")
	if got := w.last("p1"); !strings.Contains(got, "hello again") {
		t.Errorf("after unmute Black got %q", got)
	}
}

// The game keeps each message for its sender and the seats it reached:
// the JSON export shows it in their views only, never to the spectators,
// the god or a third seat; the PGN has none.
func TestTellRecord(t *testing.T) {
	t.Parallel()
	w := tellWorld(t)
	w.say("p0", "#2 tell red Let us take on Black") // a private word in a game of three
	w.say("p2", "#2 tell all hello both")
	data, err := record.ExportJSON(w.db, 2)
	if err != nil {
		t.Fatal(err)
	}
	var rec record.Game
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	seen := map[referee.Seat][]string{}
	for s, v := range rec.Start.Views {
		for _, m := range v.Talk {
			seen[s] = append(seen[s], m.Text)
		}
	}
	want := map[referee.Seat]string{referee.White: "Let us take on Black|hello both", referee.Red: "Let us take on Black|hello both", referee.Black: "hello both"}
	for _, s := range []referee.Seat{referee.White, referee.Red, referee.Black, referee.Spectator, referee.God} {
		if got := strings.Join(seen[s], "|"); got != want[s] {
			t.Errorf("%s's view keeps %q; want %q", s, got, want[s])
		}
	}
	pgn, err := record.PGN(w.db, 2)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(pgn, "Let us") || strings.Contains(pgn, "hello both") {
		t.Errorf("the PGN holds a message:\n%s", pgn)
	}
}

// The same message delivered twice is relayed once.
func TestTellReplayed(t *testing.T) {
	t.Parallel()
	w := tellWorld(t)
	in := w.tr.Private("p0", "#1 tell black once")
	w.do(in)
	w.do(in)
	if got := w.tr.To("p1"); len(got) != 1 {
		t.Errorf("Black got %q; want the message once", textsOf(got))
	}
	if talks, _ := w.db.Talks(1); len(talks) != 1 {
		t.Errorf("game #1 keeps %d messages; want 1", len(talks))
	}
}
