package bot_test

import (
	"regexp"
	"strings"
	"testing"
	"umpire/bot/record"
)

// recordRead plays a game made by "new spec" in the club, p0 White and p1
// Black reading lang, by the lines given (player, text), and returns p1's
// record of its end: the PGN in p1's language, with the world and the
// game's id.
func recordRead(t *testing.T, lang, spec string, lines [][2]string) (*world, uint64, string) {
	t.Helper()
	w := newWorld(t)
	w.group("club", "p0", "new "+spec)
	w.group("club", "p0", "join #1 white")
	w.group("club", "p1", "join #1 black")
	id := uint64(1)
	w.say("p0", "lang "+lang)
	w.say("p1", "lang "+lang)
	for _, l := range lines {
		w.say(l[0], l[1])
	}
	pgn := string(fileNamed(w.tr.Last("p1"), ".pgn"))
	if pgn == "" {
		t.Fatalf("%s %s: no record at the end; p1 was last told %q", lang, spec, w.last("p1"))
	}
	if _, err := record.ReadPGN(pgn); err != nil {
		t.Fatalf("%s %s: the record does not read: %v\n%s", lang, spec, err, pgn)
	}
	return w, id, pgn
}

// comments are the PGN comments of a record, each with its words joined
// by single spaces (the record wraps them anywhere between words).
func comments(pgn string) []string {
	var out []string
	for _, c := range regexp.MustCompile(`\{[^}]*\}`).FindAllString(pgn, -1) {
		out = append(out, strings.Join(strings.Fields(strings.Trim(c, "{}")), " "))
	}
	return out
}

// lowerStart finds a sentence in a comment that begins with a small
// letter: at the comment's start or after a full stop.
var lowerStart = regexp.MustCompile(`(^|[.!?] )\p{Ll}`)

// TestPGNCommentsInWords: the record's comments are sentences in the
// reader's language, the ones its players were told where there are some:
// a sealed crown is "White made a sealed choice." (its content only in the
// reveal at the end), a failed try names the seat and the try ("Белые:
// f2f5 — невозможно."), a draw offered and declined, a resignation and an
// accepted draw say who; Kriegspiel's question says who asked. No
// sentence starts with a small letter, and the ru/eo records hold no
// English command word.
func TestPGNCommentsInWords(t *testing.T) {
	korona := [][2]string{{"p0", "crown king"}, {"p1", "crown dame"}, {"p0", "e2e4"}, {"p1", "draw"},
		{"p0", "decline"}, {"p1", "e7e5"}, {"p0", "f2f5"}}
	for _, c := range []struct {
		lang, key, end string
		want           []string // the comments, in order
	}{
		{"en", "korona2", "resign", []string{"White made a sealed choice. Black made a sealed choice.",
			"Black offers a draw. White declines the draw. White tried f2f5: impossible. White resigned. " +
				"White's sealed choice 1 is opened: king. White's crown is on the king. Black's sealed choice 1 is opened: dame. " +
				"Black's crown is on the dame. The game is over: 0-1, resignation."}},
		{"ru", "korona2", "resign", []string{"Белые сделали тайный выбор. Чёрные сделали тайный выбор.",
			"Чёрные предлагают ничью. Белые отклонили ничью. Белые: f2f5 — невозможно. Белые сдались. " +
				"Тайный выбор белых (1) открыт: король. Корона белых — на короле. Тайный выбор чёрных (1) открыт: дама. " +
				"Корона чёрных — на даме. Партия окончена: 0-1, сдача."}},
		{"eo", "korona2", "draw", []string{"La blankaj faris sekretan elekton. La nigraj faris sekretan elekton.",
			"La nigraj proponas remison. La blankaj rifuzis la remison. La blankaj provis f2f5: neeble. " +
				"La blankaj proponas remison. La nigraj akceptis la remison."}},
		{"ru", "kriegspiel english", "any", []string{"Белые: Есть ли взятия пешками? Нет.", "Белые сдались."}},
	} {
		lines := append(korona, [2]string{"p0", "draw"}, [2]string{"p1", "draw"})
		switch c.end {
		case "resign":
			lines = append(korona, [2]string{"p0", "resign"})
		case "any":
			lines = [][2]string{{"p0", "any?"}, {"p0", "e2e4"}, {"p1", "e7e5"}, {"p0", "resign"}}
		}
		_, _, pgn := recordRead(t, c.lang, c.key, lines)
		got := comments(pgn)
		if len(got) != len(c.want) {
			t.Errorf("%s %s: comments %q; want %q\n%s", c.lang, c.key, got, c.want, pgn)
			continue
		}
		for i, want := range c.want {
			if !strings.HasPrefix(got[i], want) {
				t.Errorf("%s %s: comment %d is\n%q; want it to begin\n%q", c.lang, c.key, i, got[i], want)
			}
			if lowerStart.MatchString(got[i]) {
				t.Errorf("%s %s: a sentence starts with a small letter: %q", c.lang, c.key, got[i])
			}
			for _, word := range []string{"crown", "resign", "draw", "decline", "any?", "white", "black"} {
				if c.lang != "en" && strings.Contains(strings.ToLower(got[i]), word) {
					t.Errorf("%s %s: English %q in %q", c.lang, c.key, word, got[i])
				}
			}
		}
	}
}
