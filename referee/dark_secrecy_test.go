package referee

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"umpire/referee/board"
)

// The non-interference property (DESIGN.md) for dark chess: two games that
// one seat cannot tell apart — the same own actions, the same boards in its
// views, different men where it cannot see — give that seat byte-identical
// views (the JSON of View) and rulings. Pairs come from two sources: a
// position and a twin with its unseen squares changed, and one game played
// twice with the opponent's unseen moves differing. Each pair is then played
// on with random actions; while the seat's boards agree, everything it gets
// must agree. Ends may tell the twins apart: the end lifts the fog
// (dark.md 3.5), and stalemate, repetition and fifty moves are public news
// of the whole position (§4).

func TestDarkNonInterference(t *testing.T) {
	trials := 300
	if testing.Short() {
		trials = 60
	}
	for _, rs := range []string{"fog", "nielsen"} {
		for _, s := range []Seat{White, Black} {
			steps := 0
			for trial := range trials {
				rnd := darkRand(uint64(trial)<<8 | uint64(len(rs))<<1 | uint64(len(s)))
				var a, b *dark
				if trial%2 == 0 {
					a, b = darkTwins(t, rs, s, rnd)
				} else {
					a, b = newTestDark(t, rs, ""), newTestDark(t, rs, "")
				}
				if a == nil {
					continue
				}
				steps += darkTwinWalk(t, a, b, s, rnd, 80)
			}
			t.Logf("%s %s: %d trials, %d steps compared", rs, s, trials, steps)
			if steps < trials*5 {
				t.Errorf("%s %s: only %d steps compared", rs, s, steps)
			}
		}
	}
}

// darkTwins plays a random game for a while, then makes two games: one
// from its position, one from a twin that differs on squares seat s cannot
// see. It returns nil when the game ended or no twin was found.
func darkTwins(t *testing.T, rules string, s Seat, rnd *rand.Rand) (*dark, *dark) {
	base := newTestDark(t, rules, "")
	for range 4 + rnd.IntN(40) {
		if base.Turn() == "" {
			return nil, nil
		}
		darkPlayRandom(t, base, rnd)
	}
	if base.Turn() == "" {
		return nil, nil
	}
	base.t.pos.Halfmove = 0
	fen := base.t.pos.FEN()
	a := newTestDark(t, rules, fen)
	want := a.View(s).Board
	for range 50 {
		twin, ok := darkPerturb(base.t.pos, s, want, rnd)
		if !ok {
			continue
		}
		g, err := newDark(Options{Rules: rules, FEN: twin.FEN()})
		if err != nil { // the twin's hidden men make its en passant square impossible
			continue
		}
		b := g.(*dark)
		if b.View(s).Board == want && b.Turn() != "" && a.Turn() != "" && twin.FEN() != fen {
			return a, b
		}
	}
	return nil, nil
}

// darkPerturb changes the men on squares that board (seat s's view) shows as
// '?': moves, removes or adds enemy men, moves the enemy king, drops the
// enemy's castling rights or the en passant right.
func darkPerturb(p board.Position, s Seat, view string, rnd *rand.Rand) (board.Position, bool) {
	us, _ := armyOf(s)
	them := p.Next(us)
	var hidden []board.Cell
	for c, ch := range cells(view) {
		if ch == '?' {
			hidden = append(hidden, board.Cell(c))
		}
	}
	if len(hidden) < 2 {
		return p, false
	}
	pick := func() board.Cell { return hidden[rnd.IntN(len(hidden))] }
	for range 1 + rnd.IntN(3) {
		from, to := pick(), pick()
		m := p.Cells[from]
		switch op := rnd.IntN(5); {
		case op == 0 && !m.Empty() && p.Cells[to].Empty() && darkPawnFits(m, to):
			p.Cells[from], p.Cells[to] = 0, m
		case op == 1 && !m.Empty() && m.Kind() != board.King:
			p.Cells[from] = 0
		case op == 2 && m.Empty():
			k := []board.Kind{board.Pawn, board.Knight, board.Bishop, board.Rook, board.Queen}[rnd.IntN(5)]
			if darkPawnFits(board.NewMan(them, k), from) {
				p.Cells[from] = board.NewMan(them, k)
			}
		case op == 3:
			p.Rights &^= 0b1100 >> (2 * uint(us)) // the enemy's two rights
		case op == 4:
			p.EP, p.EPVictim = board.NoCell, board.NoCell
		}
	}
	return p, true
}

// darkPawnFits keeps pawns off the first and last ranks.
func darkPawnFits(m board.Man, c board.Cell) bool {
	return m.Kind() != board.Pawn || (board.RankOf(c) != 0 && board.RankOf(c) != 7)
}

// darkTwinWalk plays on two games that seat s cannot tell apart and checks that
// s gets the same bytes from both. Seat s plays the same random actions in
// both; its opponent mostly plays the same moves, sometimes different ones,
// and makes private failed tries in one game only. The walk stops when the
// boards of s differ (its men saw something) or at the end, which lifts
// the fog. It returns the number of steps compared.
func darkTwinWalk(t *testing.T, a, b *dark, s Seat, rnd *rand.Rand, steps int) int {
	t.Helper()
	darkSameFor(t, a, b, s, "start")
	for step := 0; step < steps; step++ {
		if a.Turn() == "" || b.Turn() == "" {
			return step
		}
		var ra, rb []Played
		if a.Turn() == s {
			if ca, cb := darkCoords(a.t.pos.Generate(nil), &a.t.pos), darkCoords(b.t.pos.Generate(nil), &b.t.pos); ca != cb {
				t.Fatalf("%s's move lists differ:\n%s: %s\n%s: %s", s, a.t.pos.FEN(), ca, b.t.pos.FEN(), cb)
			}
			text := darkRandomTry(a, s, rnd)
			ra, rb = PlayList(a, Action{Seat: s, Text: text}), PlayList(b, Action{Seat: s, Text: text})
			if pa, pb := darkHeard(ra, s, true), darkHeard(rb, s, true); pa != pb && !darkPublicDraw(a) && !darkPublicDraw(b) {
				t.Fatalf("%s %q: rulings differ\n%s: %s\n%s: %s", s, text, a.t.pos.FEN(), pa, b.t.pos.FEN(), pb)
			}
		} else {
			ra, rb = darkOpponentPlays(t, a, b, rnd)
		}
		if a.t.result != "" || b.t.result != "" || a.View(s).Board != b.View(s).Board {
			return step // the end lifts the fog; or s saw something new
		}
		if pa, pb := darkHeard(ra, s, false), darkHeard(rb, s, false); pa != pb {
			t.Fatalf("%s hears differently:\n%s: %s\n%s: %s", s, a.t.pos.FEN(), pa, b.t.pos.FEN(), pb)
		}
		darkSameFor(t, a, b, s, "step")
	}
	return steps
}

// darkOpponentPlays makes the opponent's move in both games: sometimes after a
// private failed try in one game only, usually the same move in both (when
// the same man can make it), otherwise a random one in each.
func darkOpponentPlays(t *testing.T, a, b *dark, rnd *rand.Rand) (ra, rb []Played) {
	seat := a.Turn()
	if rnd.IntN(4) == 0 {
		ra = append(ra, PlayList(a, Action{Seat: seat, Text: darkRandomSquares(rnd)})...)
		ra = append(ra, PlayList(a, Action{Seat: seat, Text: "hello"})...)
	}
	if rnd.IntN(6) == 0 {
		rb = append(rb, PlayList(b, Action{Seat: seat, Text: "any?"})...)
	}
	if rnd.IntN(10) == 0 {
		ra = append(ra, PlayList(a, Action{Seat: seat, Text: "draw"})...)
		rb = append(rb, PlayList(b, Action{Seat: seat, Text: "draw"})...)
	}
	la, lb := a.t.pos.Generate(nil), b.t.pos.Generate(nil)
	ma := la[rnd.IntN(len(la))]
	mb := lb[rnd.IntN(len(lb))]
	if rnd.IntN(4) != 0 {
		for _, m := range lb {
			if m == ma && a.t.pos.Cells[m.From] == b.t.pos.Cells[m.From] {
				mb = m
			}
		}
	}
	ra = append(ra, PlayList(a, Action{Seat: seat, Text: ma.Coord(a.t.pos.Geo)})...)
	rb = append(rb, PlayList(b, Action{Seat: seat, Text: mb.Coord(b.t.pos.Geo)})...)
	return ra, rb
}

// darkPublicDraw reports an end that the rules announce although it depends on
// men the seat cannot see.
func darkPublicDraw(g *dark) bool {
	_, reason := g.Result()
	return reason == "stalemate" || reason == "repetition" || reason == "fifty-move"
}

// darkSameFor fails unless seat s and the spectators get byte-identical views.
func darkSameFor(t *testing.T, a, b *dark, s Seat, when string) {
	t.Helper()
	for _, seat := range []Seat{s, Spectator} {
		va, vb := darkViewJSON(t, a, seat), darkViewJSON(t, b, seat)
		if va != vb {
			t.Fatalf("%s: %s's views differ\n%s: %s\n%s: %s", when, seat, a.t.pos.FEN(), va, b.t.pos.FEN(), vb)
		}
	}
}

func darkViewJSON(t *testing.T, g *dark, s Seat) string {
	t.Helper()
	b, err := json.Marshal(g.View(s))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// darkHeard writes what seat s learns of a message's rulings: everything
// of its own (own), or what it hears of the opponent's.
func darkHeard(ps []Played, s Seat, own bool) string {
	type seen struct {
		Verdict  Verdict
		Reason   string
		Readings []string
		Move     string
		Said     []Announcement
	}
	var out []seen
	for _, p := range ps {
		r := p.Ruling
		if own {
			out = append(out, seen{r.Verdict, r.Reason, r.Readings, r.Move, For(r.Said, s)})
		} else if said := For(r.Said, s); len(said) > 0 {
			out = append(out, seen{Said: said})
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// darkRandomTry makes a message for seat s: usually one of its moves, else
// tries that are impossible, unreadable, ambiguous or refused, and lists.
func darkRandomTry(g *dark, s Seat, rnd *rand.Rand) string {
	one := func() string {
		switch rnd.IntN(8) {
		case 0, 1, 2:
			list := g.t.pos.Generate(nil)
			return list[rnd.IntN(len(list))].Coord(g.t.pos.Geo)
		case 3:
			return darkRandomSquares(rnd)
		case 4:
			return string("KQRBNTDp"[rnd.IntN(8)]) + g.t.pos.Geo.CellName(board.Cell(rnd.IntN(64)))
		case 5:
			sq := g.t.pos.Geo.CellName(board.Cell(rnd.IntN(64)))
			return string(rune('a'+rnd.IntN(8))) + "x" + sq
		case 6:
			return []string{"O-O", "O-O-O", "any?", "e7e8", "a2a1=Q", "hello", "Ke2", "decline"}[rnd.IntN(8)]
		}
		return darkRandomSquares(rnd) + string("qrbnkp"[rnd.IntN(6)])
	}
	if rnd.IntN(5) == 0 {
		return strings.Join([]string{one(), one(), one()}, ", ")
	}
	return one()
}

func darkRandomSquares(rnd *rand.Rand) string {
	g := board.Standard
	return g.CellName(board.Cell(rnd.IntN(64))) + g.CellName(board.Cell(rnd.IntN(64)))
}
