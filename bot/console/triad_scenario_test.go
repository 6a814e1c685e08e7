package console

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"umpire/store"
)

// TestTriadNewcomers: three players who know chess but not this game play
// three-player chess through the console to its end, with a vassal act
// (two, in fact: Black serves White, then Red too), an order played at
// once, an order held and passed on by the other Lord (order pass), and
// two orders held between which the Servant chooses; then Red resigns,
// which leaves White alone in the game. Every line they type has the shape
// of an example the umpire showed that player (in its help, its help
// diplomacy, a prompt, or as a button's command): the same words, with a
// seat for a seat and cells for cells. Every line is played: none is
// refused.
func TestTriadNewcomers(t *testing.T) {
	t.Parallel()
	s := newScene(t, "en", 7)
	s.last = map[string]*message{}
	seen := map[string][]string{} // the examples each player was shown
	show := func(ms []message) {
		for _, m := range ms {
			for _, p := range []string{"ann", "bob", "cid"} {
				if m.to == p || m.to == "@club" {
					seen[p] = append(seen[p], examplesIn(m)...)
				}
			}
		}
	}
	// write has player p write line in the group (or privately, where the
	// umpire asked it privately), after checking that the line has the
	// shape of an example p was shown, and that the game took it.
	typed := 0
	write := func(p, where, line string) []message {
		t.Helper()
		if !slices.Contains(shapes(seen[p]), shape(line)) {
			t.Fatalf("%s would write %q, shaped %q, but was shown no example of that shape; its examples: %q",
				p, line, shape(line), seen[p])
		}
		before := s.logLen()
		ms := s.line(p + where + "> " + line)
		show(ms)
		if s.logLen() != before+1 {
			t.Fatalf("%s wrote %q and the game did not take it; printed:\n%s", p, line, printed(ms))
		}
		typed++
		return ms
	}

	for _, p := range []string{"ann", "bob", "cid"} {
		show(s.line(p + "> help"))
		show(s.line(p + "> help diplomacy"))
	}
	created := s.line("ann@club> new triad")
	show(created)
	for i, p := range []string{"ann", "bob", "cid"} {
		show(s.line(p + "@club> " + created[0].buttons[i][1]))
	}
	seat := map[string]string{"white": "ann", "red": "bob", "black": "cid"}
	for _, step := range strings.Split(strings.TrimSpace(newcomersGame), "\n") {
		who, line, _ := strings.Cut(step, " ")
		p, where := seat[who], "@club"
		if strings.HasPrefix(line, "#") { // a button pressed in a private message
			where = ""
			if !slices.ContainsFunc(s.lastButtons(p), func(b [2]string) bool { return b[1] == line }) {
				t.Fatalf("%s was shown no button %q; its last buttons: %q", p, line, s.lastButtons(p))
			}
		}
		ms := write(p, where, line)
		for _, m := range ms {
			if len(m.buttons) > 0 {
				s.last[m.to] = &m
			}
		}
	}
	g, err := s.db.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	if g.State != store.StateOver || g.Result != "2-1-0" || g.Reason != "resignation" {
		t.Errorf("the game ended %s %s %s; want over, 2-1-0 by resignation", g.State, g.Result, g.Reason)
	}
	// The record credits each order to its Lord, naming the Servant's man.
	moves := s.line("cid> moves #1")
	if text := printed(moves); !strings.Contains(text, "White, for Black: bh3") || !strings.Contains(text, "You take Red's order: bb1bd2.") {
		t.Errorf("Black's record does not credit the orders to their Lords:\n%s", text)
	}
	if text := printed(s.line("ann> moves #1")); !strings.Contains(text, "Red, for Black: Nbd2") {
		t.Errorf("White's record does not credit the chosen order to Red:\n%s", text)
	}
	t.Logf("%d lines typed, each after an example", typed)
}

// newcomersGame is the game the three play, a line a seat: moves in the
// full names of the cells (the example "we2we4"), the diplomacy in the
// words of help diplomacy's examples, and the buttons the umpire gives
// ("#1 …", pressed in private).
const newcomersGame = `
white wd2wd4
red rd2rd4
black bd2bd4
white wg1wf3
red rf2rf4
black bd4rd4
white wd4rd4
white vassal offer black
black #1 vassal accept white
red rb1rc3
black be2be4
white wa2wa3
red rc3be4
red vassal offer black
black #1 vassal accept red
white order black h2h3
white wb2wb3
red rh2rh3
black ba2ba3
white wc2wc3
red rg2rg3
black bb2bb3
white wh2wh3
red ra2ra3
white order black c2c3
red #1 order pass
white wg2wg3
red rb2rb3
black bg2bg3
white we2we3
red rc2rc3
black bf2bf4
white wf1we2
red rc1rb2
white order black g1f3
red order black b1d2
black #1 choose red
white wb1wd2
red resign
`

// logLen is the length of game #1's log: each line played adds an entry.
func (s *scene) logLen() int {
	g, err := s.db.Game(1)
	if err != nil {
		return 0
	}
	return len(g.Log)
}

// lastButtons are the buttons of the last message with buttons to p.
func (s *scene) lastButtons(p string) [][2]string {
	if m := s.last[p]; m != nil {
		return m.buttons
	}
	return nil
}

func printed(ms []message) string {
	var b strings.Builder
	for _, m := range ms {
		b.WriteString("── to " + m.to + " ──\n" + m.text + "\n")
	}
	return b.String()
}

var (
	asIn       = regexp.MustCompile(`as in ([^\s;,()]+)(?: or ([^\s;,().]+))?`)
	bulletEx   = regexp.MustCompile(`(?m)^• .*\. ([^.\n]+)$`)
	helpResign = regexp.MustCompile(`(?m)^(\S+), \S+ \(`)
	fullCell   = regexp.MustCompile(`[wrb][a-h][1-4]`)
	bareCell   = regexp.MustCompile(`[a-h][1-8]`)
	seatWord   = regexp.MustCompile(`\b(white|red|black)\b`)
	gamePrefix = regexp.MustCompile(`^#\d+ `)
)

// examplesIn are the lines a message shows as examples: the words after
// "as in" (and after its "or"), each act's example in help diplomacy, the
// resign word of the help, and its buttons' commands.
func examplesIn(m message) []string {
	var out []string
	for _, x := range asIn.FindAllStringSubmatch(m.text, -1) {
		out = append(out, x[1])
		if x[2] != "" {
			out = append(out, x[2])
		}
	}
	for _, x := range bulletEx.FindAllStringSubmatch(m.text, -1) {
		out = append(out, x[1])
	}
	if x := helpResign.FindStringSubmatch(m.text); x != nil {
		out = append(out, x[1])
	}
	for _, b := range m.buttons {
		out = append(out, b[1])
	}
	return out
}

// shape is a line with a game's number left out, every seat written S,
// every full cell C and every bare cell c: "order black e2e4" and "order
// red h2h3" are both "order S cc".
func shape(line string) string {
	l := gamePrefix.ReplaceAllString(strings.ToLower(strings.TrimSpace(line)), "")
	l = seatWord.ReplaceAllString(l, "S")
	l = fullCell.ReplaceAllString(l, "C")
	return bareCell.ReplaceAllString(l, "c")
}

func shapes(examples []string) []string {
	out := make([]string, len(examples))
	for i, e := range examples {
		out[i] = shape(e)
	}
	return out
}
