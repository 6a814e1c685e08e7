package referee

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// Start positions for FuzzDarkPlay: the usual start and a few with
// castling, en passant, promotion, a king to take and a stalemate near.
var darkFuzzFENs = []string{
	"",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	"k7/1P6/8/8/8/8/6p1/7K w - - 0 1",
	"6kr/8/8/8/p1p5/PpPp4/RP1P3P/KN6 b - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - - 98 80",
}

// FuzzDarkPlay plays scripts of "seat action" lines (attempt lists split
// into their items, then the whole line) from one of darkFuzzFENs, in fog
// or (start ≥ 128) nielsen. Play must never panic; a refused action must
// change nothing at all, and an impossible one nothing but the log. Seeds
// are in testdata/fuzz/FuzzDarkPlay.
func FuzzDarkPlay(f *testing.F) {
	f.Fuzz(func(t *testing.T, start uint8, script string) {
		rules := []string{"fog", "nielsen"}[start/128]
		g, err := newDark(Options{Rules: rules, FEN: darkFuzzFENs[int(start%128)%len(darkFuzzFENs)]})
		if err != nil {
			t.Fatal(err)
		}
		d := g.(*dark)
		for _, line := range strings.Split(script, "\n") {
			seat, text, _ := strings.Cut(line, " ")
			for _, item := range append(SplitList(text), text) {
				darkPlayChecked(t, d, Action{Seat: Seat(seat), Text: item})
			}
		}
	})
}

func darkPlayChecked(t *testing.T, g *dark, a Action) {
	t.Helper()
	before, entries, fen := darkState(t, g), len(g.j.entries), g.t.pos.FEN()
	r := g.Play(a)
	after := darkState(t, g)
	switch r.Verdict {
	case Refused:
		if after != before || len(g.j.entries) != entries {
			t.Fatalf("Play(%s %q) refused (%s) but changed the game:\n%s\n%s", a.Seat, a.Text, r.Reason, before, after)
		}
		if r.Reason == "" {
			t.Fatalf("Play(%s %q) refused without a reason", a.Seat, a.Text)
		}
	case Impossible:
		if g.t.pos.FEN() != fen || g.Turn() != a.Seat {
			t.Fatalf("Play(%s %q) impossible but moved", a.Seat, a.Text)
		}
		if len(g.j.entries) != entries+1 || darkSaid(r.Said) != "impossible >"+string(a.Seat) {
			t.Fatalf("Play(%s %q) impossible: logged %d, said %q", a.Seat, a.Text, len(g.j.entries)-entries, darkSaid(r.Said))
		}
	case Accepted:
		if len(g.j.entries) != entries+1 {
			t.Fatalf("Play(%s %q) accepted but not logged", a.Seat, a.Text)
		}
	default:
		t.Fatalf("Play(%s %q): verdict %q", a.Seat, a.Text, r.Verdict)
	}
}

// darkState writes everything a game holds: the position, the repetition
// counts, the result, the draw offer and every view.
func darkState(t *testing.T, g *dark) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s %s|%s|%d|", g.t.pos.FEN(), g.t.result, g.t.reason, g.offers.by, len(g.t.moves))
	for _, k := range slices.Sorted(maps.Keys(g.t.seen)) {
		fmt.Fprintf(&b, "%s=%d;", k, g.t.seen[k])
	}
	for _, s := range []Seat{White, Black, Spectator, God} {
		v, err := json.Marshal(g.View(s))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(v)
	}
	return b.String()
}
