package bot_test

import (
	"testing"

	"umpire/referee"
)

// kriegspiel.md §6.2 and 6.3: each player's Latin piece letters are read in
// the player's notation language, and the log keeps it, so the stored game
// replays the same. After 1.e4 e5, White (English) plays Ke2, the king, and
// Black (Esperanto) Ke7, the bishop (kuriero).
func TestNotationLanguageOfEachPlayer(t *testing.T) {
	w := newWorld(t)
	w.group("club", "p0", "new chess")
	w.group("club", "p0", "join #1 white")
	w.group("club", "p1", "join #1 black")
	w.say("p1", "lang eo")
	for _, line := range [][2]string{{"p0", "e4"}, {"p1", "e5"}, {"p0", "Ke2"}, {"p1", "Ke7"}} {
		w.say(line[0], line[1])
	}
	g, err := w.db.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	want := []referee.Action{{Seat: "white", Text: "e4", Notation: "en"}, {Seat: "black", Text: "e5", Notation: "eo"},
		{Seat: "white", Text: "Ke2", Notation: "en"}, {Seat: "black", Text: "Ke7", Notation: "eo"}}
	if len(g.Log) != len(want) {
		t.Fatalf("log %+v; want %+v", g.Log, want)
	}
	for i := range want {
		if g.Log[i].Seat != want[i].Seat || g.Log[i].Text != want[i].Text || g.Log[i].Notation != want[i].Notation {
			t.Errorf("log[%d] = %+v; want %+v", i, g.Log[i], want[i])
		}
	}
	v, _ := referee.Lookup("chess")
	rg, err := referee.Replay(v, g.Options, g.Log)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rg.Board(), "rnbqk.nr/ppppbppp/......../....p.../....P.../......../PPPPKPPP/RNBQ.BNR"; got != want {
		t.Errorf("board after Ke2 (en) and Ke7 (eo) = %s; want %s", got, want)
	}
}
