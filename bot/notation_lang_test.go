package bot_test

import (
	"strings"
	"testing"
	"umpire/bot/record"

	"umpire/referee"
)

// kriegspiel.md §6.2 and 6.3: each player's Latin piece letters are read in
// the player's notation language, and the log keeps it, so the stored game
// replays the same. After 1.e4 e5, White (English) plays Ke2, the king, and
// Black (Esperanto) Ke7, the bishop (kuriero).
func TestNotationLanguageOfEachPlayer(t *testing.T) {
	t.Parallel()
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

// TestOpponentMoveInReaderLetters: an opponent's move the reader may see
// reaches it in SAN with its own language's letters — in the news after the
// move and in its record (`moves`) — whatever letters the mover wrote; the
// PGN stays in English SAN.
func TestOpponentMoveInReaderLetters(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, news, record string }{
		{"ru", "Белые сыграли e:d5.", "Белые сыграли Кf3."},
		{"eo", "ludis exd5.", "ludis Ĉf3."},
		{"en", "White played exd5.", "White played Nf3."},
	} {
		t.Run(c.lang, func(t *testing.T) {
			w := newWorld(t)
			w.group("club", "p0", "new chess")
			w.group("club", "p0", "join #1 white")
			w.group("club", "p1", "join #1 black")
			w.say("p0", "lang ru") // the mover writes Russian letters
			w.say("p1", "lang "+c.lang)
			for _, line := range [][2]string{{"p0", "e4"}, {"p1", "d5"}, {"p0", "e:d5"}} {
				w.say(line[0], line[1])
			}
			w.contains("p1", c.news)
			w.say("p1", "Qxd5")
			w.contains("p0", "Чёрные сыграли Ф:d5.")
			w.say("p0", "Кf3")
			w.say("p1", map[string]string{"ru": "ходы", "eo": "movoj", "en": "moves"}[c.lang])
			w.contains("p1", c.record)
			if pgn, err := record.PGN(w.db, 1); err != nil || !strings.Contains(pgn, "2. exd5") || !strings.Contains(pgn, "Qxd5") || !strings.Contains(pgn, "3. Nf3") {
				t.Errorf("PGN (%v):\n%s", err, pgn)
			}
		})
	}
}
