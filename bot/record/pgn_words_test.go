package record_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"umpire/bot/record"
	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// recordRead plays a game as `new spec` makes it (a variant's key, then
// its rule set if any), p0 White and p1 Black, both reading lang, by the
// lines given (player, text), and returns the record of its end a player
// reading lang gets: the PGN in lang, with the store and the game.
func recordRead(t *testing.T, lang, spec string, lines [][2]string) (*store.DB, *store.Game, string) {
	t.Helper()
	words := strings.Fields(spec)
	v, ok := referee.Lookup(words[0])
	if !ok {
		t.Fatalf("no variant %q", words[0])
	}
	var o referee.Options
	if len(words) > 1 {
		o.Rules = words[1]
	}
	g := newGame(t, v, o, lang)
	for _, l := range lines {
		g.say(g.seat(l[0]), l[1])
	}
	sg, _ := g.load()
	if sg.State != store.StateOver {
		t.Fatalf("%s %s: the game is %s after the lines; want it over", lang, spec, sg.State)
	}
	pgn, err := record.WritePGN(g.db, texts.DefaultCatalog, lang, sg, len(sg.Log))
	if err != nil {
		t.Fatalf("%s %s: no record at the end: %v", lang, spec, err)
	}
	if _, err := record.ReadPGN(pgn); err != nil {
		t.Fatalf("%s %s: the record does not read: %v\n%s", lang, spec, err, pgn)
	}
	return g.db, sg, pgn
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
	t.Parallel()
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
			"La nigraj proponas remizon. La blankaj rifuzis la remizon. La blankaj provis f2f5: neeble. " +
				"La blankaj proponas remizon. La nigraj akceptis la remizon."}},
		{"ru", "kriegspiel english", "any", []string{"Белые: Есть ли взятия пешками? Нет.", "Белые сдались."}},
	} {
		t.Run(c.lang+"/"+c.key+"/"+c.end, func(t *testing.T) {
			t.Parallel()
			lines := slices.Concat(korona, [][2]string{{"p0", "draw"}, {"p1", "draw"}})
			switch c.end {
			case "resign":
				lines = slices.Concat(korona, [][2]string{{"p0", "resign"}})
			case "any":
				lines = [][2]string{{"p0", "any?"}, {"p0", "e2e4"}, {"p1", "e7e5"}, {"p0", "resign"}}
			}
			_, _, pgn := recordRead(t, c.lang, c.key, lines)
			got := comments(pgn)
			if len(got) != len(c.want) {
				t.Fatalf("comments %q; want %q\n%s", got, c.want, pgn)
			}
			for i, want := range c.want {
				if !strings.HasPrefix(got[i], want) {
					t.Errorf("comment %d is\n%q; want it to begin\n%q", i, got[i], want)
				}
				if lowerStart.MatchString(got[i]) {
					t.Errorf("a sentence starts with a small letter: %q", got[i])
				}
				for _, word := range []string{"crown", "resign", "draw", "decline", "any?", "white", "black"} {
					if c.lang != "en" && strings.Contains(strings.ToLower(got[i]), word) {
						t.Errorf("English %q in %q", word, got[i])
					}
				}
			}
		})
	}
}
