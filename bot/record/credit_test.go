package record_test

import (
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
