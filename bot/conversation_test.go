package bot_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"umpire/bot/texts"
	"umpire/referee"
)

// hexRun is what a hash or a salt looks like: 32 hex digits or more.
var hexRun = regexp.MustCompile(`[0-9a-f]{32,}`)

// TestNoHashReadByPlayers plays every variant with sealed choices to its
// end and checks that no text a player or the chat reads, and no caption
// of a picture, carries a hash or a salt: they belong to the record, the
// reveal's text at the end.
func TestNoHashReadByPlayers(t *testing.T) {
	t.Parallel()
	for i, key := range []string{"korona", "korona2", "krono", "progressive"} {
		t.Run(key, func(t *testing.T) {
			w := newWorld(t)
			v, _ := referee.Lookup(key)
			id := w.startGame(v, "club")
			w.playOut(id, rand.New(rand.NewPCG(uint64(i), 16)), 30)
			revealed := false
			for _, m := range w.tr.Sent() {
				if m.Seat == string(referee.God) { // the reveal: the record of the game
					revealed = revealed || hexRun.MatchString(m.Text)
					continue
				}
				if h := hexRun.FindString(m.Text); h != "" {
					t.Errorf("a message to %s carries %s:\n%s", m.To.ID, h, m.Text)
				}
			}
			for _, c := range w.captions {
				if h := hexRun.FindString(strings.Join(c, "\n")); h != "" {
					t.Errorf("a caption carries %s: %q", h, c)
				}
			}
			if !revealed {
				t.Errorf("the reveal names no salt or hash")
			}
		})
	}
}

// TestEveryRefusalHasReason reads every refusal reason the referee
// declares (a constant Reason… in its source) and checks that every
// language says it: as a refusal ("refused.X") or as the reason given with
// an illegal or impossible try ("why.X").
func TestEveryRefusalHasReason(t *testing.T) {
	t.Parallel()
	reasons := refereeReasons(t)
	if len(reasons) < 10 {
		t.Fatalf("found %d reasons in the referee's source: %v", len(reasons), reasons)
	}
	for _, r := range reasons {
		for _, lang := range texts.Languages {
			if !texts.DefaultCatalog.Has(lang, "refused."+r) && !texts.DefaultCatalog.Has(lang, "why."+r) {
				t.Errorf("%s: no words for the reason %q", lang, r)
			}
		}
	}
}

// refereeReasons are the values of the constants named Reason… in the
// referee's source.
func refereeReasons(t *testing.T) []string {
	files, err := filepath.Glob("../referee/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, id := range vs.Names {
				if lit, ok := valueAt(vs, i).(*ast.BasicLit); ok && strings.HasPrefix(id.Name, "Reason") && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					out = append(out, s)
				}
			}
			return true
		})
	}
	return out
}

func valueAt(vs *ast.ValueSpec, i int) ast.Expr {
	if i < len(vs.Values) {
		return vs.Values[i]
	}
	return nil
}

// TestRefusalsAreText: a refused or failed try is answered in words, a
// move that changes the board with its picture.
func TestRefusalsAreText(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "p0", "new kriegspiel")
	w.group("club", "p0", "join #1 white")
	w.group("club", "p1", "join #1 black")
	for _, tt := range []struct {
		who, text string
		picture   bool
	}{
		{"p0", "Zz9", false},  // unreadable
		{"p1", "e5", false},   // not its turn
		{"p0", "Bc4", false},  // impossible: its own pawn stands in the way
		{"p0", "e4", true},    // a move
		{"p1", "Nf6", true},   // a move
		{"p0", "Bc4", true},   // a move
		{"p1", "Qxh2", false}, // illegal on the umpire's board
	} {
		n := len(w.tr.To(tt.who))
		w.say(tt.who, tt.text)
		got := w.tr.To(tt.who)[n:]
		if len(got) != 1 {
			t.Fatalf("%s %q: %d answers", tt.who, tt.text, len(got))
		}
		if has := got[0].Image != nil; has != tt.picture {
			t.Errorf("%s %q: picture %v; want %v\n%s", tt.who, tt.text, has, tt.picture, got[0].Text)
		}
	}
}

// A bad option of new names what is expected, and rules explains a
// variant's rule sets.
func TestNewOptionsAndRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, tt := range []struct{ text, want string }{
		{"new kriegspiel 30m", "30m: a time control is days or hours per move, from 1h to 14d, as in 3d or 12h."},
		{"new kriegspiel wild17", "Kriegspiel has no rule set wild17. Rule sets: wild16, "},
		{"rules kriegspiel", "english: both hear a try that is not legal; you may ask any?"},
		{"rules dark", "nielsen: each man also sees the squares it attacks"},
		{"rules korona", "a generalissimo (G) moves like a queen"},
	} {
		w.say("alice", tt.text)
		w.contains("alice", tt.want)
	}
	w.say("alice", "lang eo")
	w.say("alice", "reguloj progressive")
	w.contains("alice", "kreskigu b2 Ĉ")
}

// moves gives a seat its numbered record; board repeats the last news;
// board #N shows a finished game's end again.
func TestMovesAndBoard(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new kriegspiel white")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("alice", "Bc4, e4")
	w.say("bob", "e5")
	w.say("alice", "ходы")
	w.contains("alice", "Game #1: your record, and everything I told you.\nPawn tries: 0.\n1. Bc4: no, that is not legal on the umpire's board.")
	w.contains("alice", "You played e4.")
	w.contains("alice", "\n1. Pawn tries: 0.") // Black's move, as far as White may know it
	if strings.Contains(w.last("alice"), "e5") {
		t.Errorf("the record shows Black's hidden move:\n%s", w.last("alice"))
	}
	w.say("bob", "board")
	w.contains("bob", "Move 2, White to move. Game #1 (Kriegspiel, wild16 rules), you play Black.\nYou played e5.\nPawn tries: 0.")
	w.say("alice", "resign")
	w.say("alice", "board")
	w.contains("alice", "Game #1 is over on move 2: Black wins (White resigned).\nYou lost.")
	w.say("bob", "board #1")
	w.contains("bob", "Game #1 is over on move 2: Black wins (White resigned).\nYou won.")
	if m := w.tr.Last("bob"); m.Image == nil {
		t.Error("board #1 of a finished game has no picture")
	}
}

// The Any? button comes only with the rule set that has any?: english.
// The buttons under a seat's view ask the variant what a game made with
// its options may ask (Variant.AsksIn).
func TestAnyButtonOnlyInEnglishRules(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		rules string
		want  bool
	}{{"", false}, {"wild16", false}, {"english", true}, {"rand", false}, {"cincinnati", false}} {
		got := slices.Contains(referee.Kriegspiel.AsksIn(referee.Options{Rules: tt.rules}), "any?")
		if got != tt.want {
			t.Errorf("kriegspiel %q asks any?: %v; want %v", tt.rules, got, tt.want)
		}
	}
	if q := referee.Kriegspiel.AsksIn(referee.Options{Rules: "nonesuch"}); q != nil {
		t.Errorf("a rule set that does not exist asks %v", q)
	}
}
