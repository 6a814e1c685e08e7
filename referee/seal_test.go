package referee

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"testing"
)

func TestSealHash(t *testing.T) {
	// korona.md 8.4–8.5 and progressive.md §8.
	for _, c := range []struct{ secret, salt, hash string }{
		{"king", "01", "78edd1a2cc78596f5917e9cac07c978128260a6eca13e8b0d3b78c999626f651"},
		{"king", "02", "3a3fc7b59d106e885fffef9bbc83e940f9f33da5bfd4fa16192ba19eb8be0c65"},
		{"dame", "02", "2d2c164b4d66cb8162f316ca044cc43d3c753009afd267d4aa8e261177de49b5"},
		{"h1=R", "11", "d449ebc63bb0eb03ad5eae6462a0872bbed4030878fbd3cd24b0f302a83b8155"},
		{"f4=R", "23", "f3ebc54868e790a6f51aceb5e095c138cf8c44d21725873e0557c9195e5277c4"},
	} {
		if got := sealHash(c.secret, c.salt); got != c.hash {
			t.Errorf("sealHash(%q, %q) = %s; want %s", c.secret, c.salt, got, c.hash)
		}
	}
}

type saltTest struct {
	text, given string
	body, salt  string
	ok          bool
}

var saltTests = []saltTest{
	{"crown king salt=01", "", "crown king", "01", true},
	{"crown king salt=01", "ff", "crown king", "01", true}, // the text wins
	{"crown king", "abcd", "crown king", "abcd", true},
	{"  grow b2 N   salt=5e  ", "", "grow b2 N", "5e", true},
	{"S@c3,X@e5 salt=0123456789abcdef", "", "S@c3,X@e5", "0123456789abcdef", true},
	{"crown king", "", "", "", false},         // no salt at all
	{"crown king salt=", "aa", "", "", false}, // an empty one
	{"crown king salt=0", "", "", "", false},  // half a byte
	{"crown king salt=AB", "", "", "", false}, // upper case
	{"crown king salt=zz", "", "", "", false},
	{"crown king salt=01 x", "", "", "", false},
	{"crown kingsalt=01", "", "", "", false}, // the field stands alone; the given salt is empty
}

func TestSplitSalt(t *testing.T) {
	long := ""
	for range maxSaltBytes {
		long += "ab"
	}
	tests := append(slices.Clone(saltTests),
		saltTest{"crown dame salt=" + long, "", "crown dame", long, true},
		saltTest{"crown dame salt=" + long + "ab", "", "", "", false})
	for _, c := range tests {
		body, salt, err := splitSalt(c.text, c.given)
		if (err == nil) != c.ok || c.ok && (body != c.body || salt != c.salt) {
			t.Errorf("splitSalt(%q, %q) = %q, %q, %v; want %q, %q, ok %v", c.text, c.given, body, salt, err, c.body, c.salt, c.ok)
		}
	}
	if _, _, err := splitSalt("crown king", ""); !errors.Is(err, errNoSalt) {
		t.Errorf("splitSalt without salt: %v; want errNoSalt", err)
	}
}

// TestBadReveal corrupts a sealed note: the umpire must refuse every action
// rather than publish a reveal that does not verify, and change nothing.
func TestBadReveal(t *testing.T) {
	games := []struct {
		key     string
		fen     string
		actions []string
		notes   func(Game) *sealBook
	}{
		{"korona", "5d1k/1R6/R7/8/7N/8/8/4K3 w - - 0 1",
			[]string{"white crown king salt=01", "black crown king salt=02", "white Ng6", "black Kg8"},
			func(g Game) *sealBook { return &g.(*korona).notes }},
		{"progressive", "8/p7/5k2/1p6/2P2P2/8/7P/7K w - - 0 1",
			[]string{"white grow c4 N salt=21", "white h2h3"},
			func(g Game) *sealBook { return &g.(*progressive).notes }},
	}
	for _, tc := range games {
		v, _ := Lookup(tc.key)
		g, err := v.New(Options{FEN: tc.fen})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range tc.actions {
			seat, text, _ := cutSeat(a)
			if r := g.Play(Action{Seat: seat, Text: text}); r.Verdict != Accepted {
				t.Fatalf("%s: Play(%q) = %v", tc.key, a, r)
			}
		}
		tc.notes(g).list[0].secret = "dame"
		before := viewJSON(t, g, God)
		for _, text := range []string{"Nxf8", "resign", "Kg2"} {
			if r := g.Play(Action{Seat: g.Turn(), Text: text}); r.Verdict != Refused || r.Reason != ReasonBadReveal || len(r.Said) > 0 {
				t.Errorf("%s: Play(%q) with a corrupt note = %+v; want refused %s", tc.key, text, r, ReasonBadReveal)
			}
		}
		if after := viewJSON(t, g, God); after != before {
			t.Errorf("%s: a refused action changed the game:\n%s\n%s", tc.key, before, after)
		}
	}
}

// cutSeat splits "white e2e4" into seat and action text.
func cutSeat(line string) (Seat, string, bool) {
	for i := range len(line) {
		if line[i] == ' ' {
			return Seat(line[:i]), line[i+1:], true
		}
	}
	return "", line, false
}

var hashJSON = regexp.MustCompile(`"hash":"[0-9a-f]{64}"`)

// maskHashes hides commitments. A commitment with a fresh random salt is a
// random string whatever the secret, so two games told apart by nothing
// else carry different hashes only because the test reuses one salt.
func maskHashes(s string) string { return hashJSON.ReplaceAllString(s, `"hash":"-"`) }

// viewJSON is the view of seat s as bytes, commitments masked.
func viewJSON(t *testing.T, g Game, s Seat) string {
	t.Helper()
	b, err := json.Marshal(g.View(s))
	if err != nil {
		t.Fatal(err)
	}
	return maskHashes(string(b))
}

// heardJSON is what seat o learns of a ruling: everything when the action
// was its own, otherwise the announcements it hears and the public move.
func heardJSON(t *testing.T, r Ruling, actor, o Seat) string {
	t.Helper()
	v := any(struct {
		Said []Announcement
		Move string
	}{For(r.Said, o), r.Move})
	if actor == o {
		v = struct {
			R    Ruling
			Said []Announcement
		}{r, For(r.Said, o)}
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return maskHashes(string(b))
}

// twins are two games that differ in one secret of seat s: the opponent
// and the spectators must not tell them apart until the secret's note (its
// n-th note) is opened.
type twins struct {
	a, b  Game
	s     Seat
	note  int // the note number of the secret that differs
	plies int // actions compared
}

// opens reports whether a ruling opens the secret that differs.
func (tw *twins) opens(r Ruling) bool {
	for _, a := range r.Said {
		if a.Code == "reveal" && Seat(a.Str("seat")) == tw.s && a.Get("note") == tw.note {
			return true
		}
	}
	return false
}

// play plays one action in each game and compares what the opponent and
// the spectators learn. It reports false once the games may differ: the
// secret was opened, or the game is over.
func (tw *twins) play(t *testing.T, actA, actB Action) bool {
	t.Helper()
	ra, rb := tw.a.Play(actA), tw.b.Play(actB)
	if tw.opens(ra) || tw.opens(rb) {
		return false
	}
	o := other(tw.s)
	if ha, hb := heardJSON(t, ra, actA.Seat, o), heardJSON(t, rb, actB.Seat, o); ha != hb {
		t.Fatalf("ply %d %s %q / %q: %s hears\n%s\n%s", tw.plies, actA.Seat, actA.Text, actB.Text, o, ha, hb)
	}
	for _, s := range []Seat{o, Spectator} {
		if va, vb := viewJSON(t, tw.a, s), viewJSON(t, tw.b, s); va != vb {
			t.Fatalf("ply %d %s %q / %q: view of %s\n%s\n%s", tw.plies, actA.Seat, actA.Text, actB.Text, s, va, vb)
		}
	}
	tw.plies++
	return tw.a.Turn() != "" && tw.b.Turn() != ""
}

// seeds is how many random games a property test plays: n, or a third of
// them with -short.
func seeds(n uint64) uint64 {
	if testing.Short() {
		return n / 3
	}
	return n
}
