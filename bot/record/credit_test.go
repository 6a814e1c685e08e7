package record_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"umpire/bot/record"
	"umpire/bot/texts"
	"umpire/internal/testkit"
	"umpire/referee"
)

// TestRecordCreditsHeldOrder: Black serves White and Red; White's order is
// held, Red's own is impossible and Red then passes, which plays White's
// order. The PGN and the replay name White's order, as Black's move, not
// Red's, whose order was written last (triad.md 3.15).
func TestRecordCreditsHeldOrder(t *testing.T) {
	t.Parallel()
	fen, err := testkit.TriadFEN(testkit.TriadServantMen, "white")
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, referee.Triad, referee.Options{FEN: fen}, "en")
	lines := append(strings.Split(testkit.TriadServant, "\n"), "white order black d3", "red order black Nxwa2", "red order pass")
	for _, line := range lines {
		seat, text, _ := strings.Cut(line, " ")
		g.say(referee.Seat(seat), text)
	}
	sg, _ := g.load()
	if last := sg.Log[len(sg.Log)-2]; last.Text != "order black Nxwa2" {
		t.Fatalf("the log ends %+v; want Red's impossible order before its pass", sg.Log[len(sg.Log)-3:])
	}
	pgn, err := record.PGN(g.db, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`B: bd3 \{[^}]*White's order, for Black\.`).MatchString(strings.ReplaceAll(pgn, "\n", " ")) || strings.Contains(pgn, "Red's order") {
		t.Errorf("the PGN does not credit White's order as Black's move:\n%s", pgn)
	}
	frames, err := record.Frames(texts.DefaultCatalog, "en", sg, len(sg.Log))
	if err != nil {
		t.Fatal(err)
	}
	last := frames[len(frames)-1].Captions
	if !slices.ContainsFunc(last, func(c []string) bool { return slices.Contains(c, "White, for Black: bd3.") }) {
		t.Errorf("the replay's last frame says %q; want White's order for Black", last)
	}
}

// The replay's caption and board agree in every frame: the frame that
// says a move shows the board after it and before the next, in every
// variant, failed tries and all.
func TestReplayFramesAgree(t *testing.T) {
	t.Parallel()
	for i, v := range referee.Variants() {
		t.Run(v.Key, func(t *testing.T) {
			t.Parallel()
			g := newGame(t, v, referee.Options{}, "en")
			g.playOut(rand.New(rand.NewPCG(uint64(i), 45)), 12)
			sg, _ := g.load()
			frames, err := record.Frames(texts.DefaultCatalog, "en", sg, len(sg.Log))
			if err != nil {
				t.Fatal(err)
			}
			sans, err := referee.SAN(v, sg.Options, sg.Log)
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for _, s := range sans {
				if s != "" {
					moves = append(moves, s)
				}
			}
			for k, f := range frames {
				god := f.Views[len(f.Views)-1]
				want := min(k, len(moves))
				if god.Ply != want {
					t.Fatalf("frame %d (%q) shows the board after %d moves; want %d", k, f.Captions[len(f.Captions)-1], god.Ply, want)
				}
				if k > 0 && k <= len(moves) && !strings.HasSuffix(f.Captions[len(f.Captions)-1][1], ": "+moves[k-1]) {
					t.Errorf("frame %d says %q; want the move %s", k, f.Captions[len(f.Captions)-1], moves[k-1])
				}
			}
		})
	}
}
