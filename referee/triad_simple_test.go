package referee

import (
	"slices"
	"sort"
)

// A second move generator for triad, deliberately simple and written apart
// from package tri and board: no tables, a man walks the board step by step
// each time it moves; attacks are found forwards, by generating every move
// of the other armies and looking for the king's cell; diagonal branches
// are collected in a set. It knows the neutrality rule but nothing else of
// the diplomacy, and assumes every king is on the board.

type sCell struct{ t, r, f int } // third 0–2, rank 1–4, file 1–8

type sMan struct {
	army int
	kind byte // 0 for an empty cell, else K Q R B N P
}

type sGame struct {
	b       [3][5][9]sMan
	last    [3]int // seat whose man each seat's last move took, -1 none
	ep      sCell  // cell a pawn may take en passant on the next move; t = -1 none
	epPawn  sCell
	moved   [3][3]bool // per army: king, rook a1, rook h1 have moved or gone
	toMove  int
	kingsOK bool
}

type sMove struct {
	from, to sCell
	promo    byte
	ep       bool
	castle   int // 0, or the rook's file (1 or 8)
}

func (c sCell) name() string {
	return string([]byte{"wrb"[c.t], byte('a' + c.f - 1), byte('0' + c.r)})
}

func (m sMove) String() string {
	s := m.from.name() + m.to.name()
	if m.promo != 0 {
		s += string(m.promo + 'a' - 'A')
	}
	return s
}

func newSGame() *sGame {
	g := &sGame{ep: sCell{t: -1}, kingsOK: true}
	for a := 0; a < 3; a++ {
		g.last[a] = -1
		for f := 1; f <= 8; f++ {
			g.b[a][1][f] = sMan{a, "RNBQKBNR"[f-1]}
			g.b[a][2][f] = sMan{a, 'P'}
		}
	}
	return g
}

func (g *sGame) at(c sCell) sMan { return g.b[c.t][c.r][c.f] }

// go1 moves one step: dr, df are +1, -1 or 0 (one of them 0) in the frame
// of the cell, turned round when flip is set. Going up from rank 4 lands
// on rank 4 of the third to the left (files a–d) or right (e–h), files
// mirrored, and turns the walker round.
func go1(c sCell, flip bool, dr, df int) (sCell, bool, bool) {
	if flip {
		dr, df = -dr, -df
	}
	if dr == 1 && c.r == 4 {
		t := (c.t + 2) % 3
		if c.f <= 4 {
			t = (c.t + 1) % 3
		}
		return sCell{t, 4, 9 - c.f}, !flip, true
	}
	n := sCell{c.t, c.r + dr, c.f + df}
	return n, flip, n.r >= 1 && n.r <= 4 && n.f >= 1 && n.f <= 8
}

type walker struct {
	c    sCell
	flip bool
}

// diag1 takes one diagonal step both ways round and returns the distinct
// places reached.
func diag1(w walker, dr, df int) []walker {
	var out []walker
	if c1, f1, ok := go1(w.c, w.flip, dr, 0); ok {
		if c2, f2, ok := go1(c1, f1, 0, df); ok {
			out = append(out, walker{c2, f2})
		}
	}
	if c1, f1, ok := go1(w.c, w.flip, 0, df); ok {
		if c2, f2, ok := go1(c1, f1, dr, 0); ok && (len(out) == 0 || out[0].c != c2) {
			out = append(out, walker{c2, f2})
		}
	}
	return out
}

var sOrth = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var sDiag = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// targets lists the cells a man on c could move to or capture on by its
// pattern (pawns: only their capture cells); a cell may come twice.
func (g *sGame) targets(c sCell, m sMan) []sCell {
	var out []sCell
	rook := m.kind == 'R' || m.kind == 'Q'
	bishop := m.kind == 'B' || m.kind == 'Q'
	for _, d := range sOrth {
		for w, n := (walker{c, false}), 0; ; n++ {
			next, flip, ok := go1(w.c, w.flip, d[0], d[1])
			if !ok || (n > 0 && !rook) || (!rook && m.kind != 'K') {
				break
			}
			out = append(out, next)
			w = walker{next, flip}
			if g.at(next).kind != 0 {
				break
			}
		}
	}
	for _, d := range sDiag {
		front := []walker{{c, false}}
		for n := 0; len(front) > 0 && (bishop || (m.kind == 'K' && n == 0)); n++ {
			var next []walker
			for _, w := range front {
				for _, x := range diag1(w, d[0], d[1]) {
					out = append(out, x.c)
					if g.at(x.c).kind == 0 {
						next = append(next, x)
					}
				}
			}
			front = next
		}
	}
	if m.kind == 'N' {
		out = g.knight(c, out)
	}
	if m.kind == 'P' {
		for _, df := range []int{1, -1} {
			for _, x := range diag1(walker{c, false}, pawnDir(m.army, c), df) {
				out = append(out, x.c)
			}
		}
	}
	return out
}

func (g *sGame) knight(c sCell, out []sCell) []sCell {
	for _, a := range sOrth {
		for _, b := range sOrth {
			if a[0]*b[0]+a[1]*b[1] != 0 {
				continue
			}
			for _, path := range [][3][2]int{{a, a, b}, {b, a, a}} {
				w, ok := walker{c, false}, true
				for _, d := range path {
					if ok {
						w.c, w.flip, ok = go1(w.c, w.flip, d[0], d[1])
					}
				}
				if ok {
					out = append(out, w.c)
				}
			}
		}
	}
	return out
}

// pawnDir is a pawn's forward rank step: up in its own third, down elsewhere.
func pawnDir(army int, c sCell) int {
	if c.t == army {
		return 1
	}
	return -1
}

// attacked reports whether a man of an army other than s attacks cell c.
func (g *sGame) attacked(c sCell, s int) bool {
	for t := 0; t < 3; t++ {
		for r := 1; r <= 4; r++ {
			for f := 1; f <= 8; f++ {
				m := g.b[t][r][f]
				if m.kind != 0 && m.army != s && slices.Contains(g.targets(sCell{t, r, f}, m), c) {
					return true
				}
			}
		}
	}
	return false
}

// pseudo lists the moves of army s by pattern.
func (g *sGame) pseudo(s int) []sMove {
	var out []sMove
	for t := 0; t < 3; t++ {
		for r := 1; r <= 4; r++ {
			for f := 1; f <= 8; f++ {
				c := sCell{t, r, f}
				if m := g.at(c); m.kind != 0 && m.army == s {
					out = append(out, g.manMoves(c, m)...)
				}
			}
		}
	}
	return append(out, g.castlings(s)...)
}

func (g *sGame) manMoves(c sCell, m sMan) []sMove {
	if m.kind == 'P' {
		return g.pawnMoves(c, m)
	}
	var out []sMove
	seen := map[sCell]bool{}
	for _, to := range g.targets(c, m) {
		if x := g.at(to); !seen[to] && (x.kind == 0 || x.army != m.army) {
			seen[to] = true
			out = append(out, sMove{from: c, to: to})
		}
	}
	return out
}

func (g *sGame) pawnMoves(c sCell, m sMan) []sMove {
	var out []sMove
	add := func(to sCell, ep bool) {
		if to.t != m.army && to.r == 1 {
			for _, k := range []byte("QRBN") {
				out = append(out, sMove{from: c, to: to, promo: k})
			}
			return
		}
		out = append(out, sMove{from: c, to: to, ep: ep})
	}
	if one, _, ok := go1(c, false, pawnDir(m.army, c), 0); ok && g.at(one).kind == 0 {
		add(one, false)
		two := sCell{m.army, 4, c.f}
		if c.t == m.army && c.r == 2 && g.at(two).kind == 0 {
			out = append(out, sMove{from: c, to: two})
		}
	}
	for _, to := range g.targets(c, m) {
		if x := g.at(to); x.kind != 0 && x.army != m.army {
			add(to, false)
		} else if to == g.ep && g.at(g.epPawn).army != m.army {
			add(to, true)
		}
	}
	return out
}

// castlings: king and rook unmoved on rank 1, the cells between empty, the
// king's cells from e1 to its target not attacked.
func (g *sGame) castlings(s int) []sMove {
	var out []sMove
	for i, rf := range []int{1, 8} {
		if g.moved[s][0] || g.moved[s][1+i] {
			continue
		}
		kt, clear := 3, []int{2, 3, 4}
		if rf == 8 {
			kt, clear = 7, []int{6, 7}
		}
		ok := true
		for _, f := range clear {
			ok = ok && g.b[s][1][f].kind == 0
		}
		for f := min(5, kt); f <= max(5, kt) && ok; f++ {
			ok = !g.attacked(sCell{s, 1, f}, s)
		}
		if ok {
			out = append(out, sMove{from: sCell{s, 1, 5}, to: sCell{s, 1, kt}, castle: rf})
		}
	}
	return out
}

// victim is the seat whose man a move takes, or -1.
func (g *sGame) victim(m sMove) int {
	if m.ep {
		return g.at(g.epPawn).army
	}
	if x := g.at(m.to); x.kind != 0 {
		return x.army
	}
	return -1
}

// play makes a move on a copy.
func (g *sGame) play(m sMove) *sGame {
	n := *g
	man := n.at(m.from)
	v := g.victim(m)
	if m.ep {
		n.b[g.epPawn.t][g.epPawn.r][g.epPawn.f] = sMan{}
	}
	if x := n.at(m.to); x.kind == 'K' {
		n.kingsOK = false
	}
	n.b[m.from.t][m.from.r][m.from.f] = sMan{}
	if m.promo != 0 {
		man.kind = m.promo
	}
	n.b[m.to.t][m.to.r][m.to.f] = man
	if m.castle != 0 {
		rt := 4
		if m.castle == 8 {
			rt = 6
		}
		n.b[man.army][1][rt] = n.b[man.army][1][m.castle]
		n.b[man.army][1][m.castle] = sMan{}
	}
	n.ep = sCell{t: -1}
	if man.kind == 'P' && m.from.t == man.army && m.from.r == 2 && m.to.r == 4 && m.to.t == man.army {
		n.ep, n.epPawn = sCell{man.army, 3, m.from.f}, m.to
	}
	for a := 0; a < 3; a++ {
		for i, c := range []sCell{{a, 1, 5}, {a, 1, 1}, {a, 1, 8}} {
			if m.from == c || m.to == c {
				n.moved[a][i] = true
			}
		}
	}
	n.last[g.toMove] = v
	n.toMove = (g.toMove + 1) % 3
	return &n
}

// mayTake is the neutrality rule, written out.
func (g *sGame) mayTake(a, b int) bool {
	if b < 0 {
		return true
	}
	c := 3 - a - b
	return g.last[b] == a || g.last[c] != b
}

func (g *sGame) king(s int) sCell {
	for t := 0; t < 3; t++ {
		for r := 1; r <= 4; r++ {
			for f := 1; f <= 8; f++ {
				if m := g.b[t][r][f]; m.kind == 'K' && m.army == s {
					return sCell{t, r, f}
				}
			}
		}
	}
	return sCell{t: -1}
}

// legal lists the legal moves of the seat to move, sorted by name.
func (g *sGame) legal() []string {
	s := g.toMove
	var out []string
	for _, m := range g.pseudo(s) {
		if !g.mayTake(s, g.victim(m)) {
			continue
		}
		n := g.play(m)
		if k := n.king(s); !n.attacked(k, s) {
			out = append(out, m.String())
		}
	}
	sort.Strings(out)
	return out
}

func (g *sGame) perft(depth int) int64 {
	s := g.toMove
	var n int64
	for _, m := range g.pseudo(s) {
		if !g.mayTake(s, g.victim(m)) {
			continue
		}
		next := g.play(m)
		if next.attacked(next.king(s), s) {
			continue
		}
		if depth == 1 {
			n++
		} else {
			n += next.perft(depth - 1)
		}
	}
	return n
}
