package referee

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// The seed games as their texts print them (testdata/seed-000-korona.txt
// and seed-001-krono.txt are the games' lines of ../shared/seeds/000_… and
// 001_…, unedited), read in the notation of a seat that reads Russian (the
// first) or Esperanto (the second): spaces inside moves ("е 4", "Дс 2"),
// capital files ("Л B1", "п : B4"), Latin look-alikes of Cyrillic letters
// ("Kc6", "Ce2", "Kph7"), pawn captures by two files ("gf", "cb"), the
// monarch of a castling in brackets or before it, a misprinted move number
// (". 15"). Every half-move is accepted but for the misprints named here,
// which fail as they stand, and whose correction is then played.
func TestSeedGamesAsPrinted(t *testing.T) {
	for _, c := range []struct {
		file, variant, notation string
		crowns                  []string
		misprints               map[string]string // "move. text" → the move played
		end                     string            // the result after the last move, and any action after it
		after                   []string
		result, reason          string
	}{
		{
			file: "seed-000-korona.txt", variant: "korona", notation: NotationRussian,
			crowns: []string{"white crown king salt=a1", "black crown dame salt=b2"},
			misprints: map[string]string{
				// White's d-pawn stands on d3 since move 5; 19.п:b4 and
				// 24.Ла6 need the a-pawn on a3.
				"12. d3": "a3",
				// Both black rooks reach c8; the c6 rook went.
				"23. Лс8": "Л6с8",
			},
			result: "1-0", reason: "crown-captured",
		},
		{
			file: "seed-001-krono.txt", variant: "krono", notation: NotationEsperanto,
			crowns: []string{"white crown king salt=a1", "black crown dame salt=b2"},
			// "Blankoj venkis": Black resigned after 28.T:f8.
			after:  []string{"black resign"},
			result: "1-0", reason: "resignation",
		},
	} {
		t.Run(c.variant, func(t *testing.T) {
			data, err := os.ReadFile("testdata/" + c.file)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := Lookup(c.variant)
			g, err := v.New(Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range c.crowns {
				seat, text, _ := strings.Cut(line, " ")
				text, salt, _ := strings.Cut(text, " salt=")
				if r := g.Play(Action{Seat: Seat(seat), Text: text, Salt: salt}); r.Verdict != Accepted {
					t.Fatalf("%s: %s %s", line, r.Verdict, r.Reason)
				}
			}
			played, failed := 0, map[string]bool{}
			for _, hm := range printedMoves(string(data)) {
				seat := White
				if hm.black {
					seat = Black
				}
				key := hm.number + ". " + hm.text
				r := g.Play(Action{Seat: seat, Text: hm.text, Notation: c.notation})
				fix, named := c.misprints[key]
				switch {
				case r.Verdict == Accepted && named:
					t.Errorf("%s %q was accepted; the test names it a misprint", seat, key)
				case r.Verdict != Accepted && !named:
					t.Errorf("%s %q: %s %s %v", seat, key, r.Verdict, r.Reason, r.Readings)
				case r.Verdict != Accepted:
					failed[key] = true
					if r := g.Play(Action{Seat: seat, Text: fix, Notation: c.notation}); r.Verdict != Accepted {
						t.Fatalf("%s %q, corrected to %q: %s %s", seat, key, fix, r.Verdict, r.Reason)
					}
				}
				played++
			}
			for key := range c.misprints {
				if !failed[key] {
					t.Errorf("the misprint %q was not met", key)
				}
			}
			for _, line := range c.after {
				seat, text, _ := strings.Cut(line, " ")
				g.Play(Action{Seat: Seat(seat), Text: text})
			}
			t.Logf("%d half-moves read as printed", played)
			if result, reason := g.Result(); result != c.result || reason != c.reason {
				t.Errorf("after %d half-moves the game is %q %q; want %s %s", played, result, reason, c.result, c.reason)
			}
		})
	}
}

// A printedMove is one half-move of a printed game: its move number as
// printed, whose it is, and its text with the spaces it was printed with.
type printedMove struct {
	number string
	black  bool
	text   string
}

// moveLine is a line of moves: a move number ("1.", or the misprint ". 15")
// and the moves after it. The seed indents with no-break spaces.
var moveLine = regexp.MustCompile(`^[\s\p{Zs}]*(?:(\d+)[\s\p{Zs}]*\.|\.[\s\p{Zs}]*(\d+))[\s\p{Zs}]*(.*)$`)

// printedMoves cuts a printed game into half-moves, as a reader does: a
// half-move ends with a square's rank, a bracket (the monarch of a
// castling), a castling not followed by its monarch in brackets, or a
// pawn capture by two files; a full stop ends the game's last one.
func printedMoves(text string) []printedMove {
	var out []printedMove
	for _, line := range strings.Split(text, "\n") {
		m := moveLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		number := m[1] + m[2]
		tokens := strings.Fields(m[3])
		var cur []string
		black := false
		for i, tok := range tokens {
			cur = append(cur, tok)
			next := ""
			if i+1 < len(tokens) {
				next = tokens[i+1]
			}
			if !endsHalfMove(tok, next) {
				continue
			}
			move := strings.TrimSuffix(strings.Join(cur, " "), ".")
			out = append(out, printedMove{number: number, black: black, text: move})
			cur, black = nil, true
		}
	}
	return out
}

// endsHalfMove reports whether a token, before next, ends a half-move.
func endsHalfMove(tok, next string) bool {
	t := strings.TrimRight(tok, ".+#!?")
	last := []rune(t)
	if len(last) == 0 {
		return false
	}
	r := last[len(last)-1]
	switch {
	case r >= '1' && r <= '8', r == ')':
		return !strings.HasPrefix(next, "(")
	case t == "0-0" || t == "0-0-0" || t == "O-O" || t == "O-O-O":
		return !strings.HasPrefix(next, "(")
	case len(last) == 2 && unicode.IsLower(last[0]) && unicode.IsLower(last[1]) && squareFile(last[0], false) >= 0 && squareFile(last[1], false) >= 0:
		return true // a pawn capture by two files: gf
	}
	return false
}
