package referee

import (
	"fmt"
	"strings"
)

// A second, independent dark-chess generator for the tests: a 10×12 mailbox
// written from dark.md alone, sharing nothing with package board. It checks
// the perft figures of dark.md §7 (the nielsen one in particular) and the
// vision of §2 square by square.

// mbPos is a position on a 10×12 mailbox: square 21 is a1, 98 is h8, and
// a rank is 10 squares. Off-board squares hold 'x', empty ones '.', men
// their FEN letter.
type mbPos struct {
	sq      [120]byte
	white   bool    // White to move
	castle  [4]bool // K Q k q
	ep      int     // the square a pawn may take onto en passant, or 0
	noEP    bool    // nielsen: no en passant at all
	nielsen bool
}

type mbMove struct {
	from, to int
	promo    byte // lower-case letter, or 0
	ep       bool
	castle   bool
}

func mbSq(file, rank int) int { return 21 + file + 10*rank }

func mbName(s int) string { return fmt.Sprintf("%c%d", 'a'+(s-21)%10, (s-21)/10+1) }

// mbParse reads a FEN on its own, without package board.
func mbParse(fen string, nielsen bool) mbPos {
	var p mbPos
	for i := range p.sq {
		p.sq[i] = 'x'
	}
	f := strings.Fields(fen)
	for i, row := range strings.Split(f[0], "/") {
		file := 0
		for _, ch := range []byte(row) {
			if ch >= '1' && ch <= '8' {
				for range int(ch - '0') {
					p.sq[mbSq(file, 7-i)] = '.'
					file++
				}
				continue
			}
			p.sq[mbSq(file, 7-i)] = ch
			file++
		}
	}
	p.white = f[1] == "w"
	for i, l := range "KQkq" {
		p.castle[i] = strings.ContainsRune(f[2], l)
	}
	p.noEP, p.nielsen = nielsen, nielsen
	if f[3] != "-" && !nielsen {
		p.ep = mbSq(int(f[3][0]-'a'), int(f[3][1]-'1'))
	}
	return p
}

func mbOwn(ch byte, white bool) bool {
	if ch == '.' || ch == 'x' {
		return false
	}
	return (ch < 'a') == white
}

func mbEnemy(ch byte, white bool) bool {
	return ch != '.' && ch != 'x' && !mbOwn(ch, white)
}

func mbLower(ch byte) byte {
	if ch < 'a' {
		return ch + 'a' - 'A'
	}
	return ch
}

var (
	mbKnight = []int{-21, -19, -12, -8, 8, 12, 19, 21}
	mbKing   = []int{-11, -10, -9, -1, 1, 9, 10, 11}
	mbDiag   = []int{-11, -9, 9, 11}
	mbOrth   = []int{-10, -1, 1, 10}
)

// moves lists the pseudo-legal moves of the side to move (dark.md 1.7).
func (p *mbPos) moves() []mbMove {
	var out []mbMove
	w := p.white
	for s := 21; s <= 98; s++ {
		ch := p.sq[s]
		if !mbOwn(ch, w) {
			continue
		}
		switch mbLower(ch) {
		case 'p':
			out = p.pawnMoves(out, s)
		case 'n':
			out = p.leaps(out, s, mbKnight)
		case 'k':
			out = p.leaps(out, s, mbKing)
			out = p.castlings(out)
		case 'b':
			out = p.slides(out, s, mbDiag)
		case 'r':
			out = p.slides(out, s, mbOrth)
		case 'q':
			out = p.slides(p.slides(out, s, mbDiag), s, mbOrth)
		}
	}
	return out
}

func (p *mbPos) leaps(out []mbMove, s int, offs []int) []mbMove {
	for _, d := range offs {
		if t := p.sq[s+d]; t == '.' || mbEnemy(t, p.white) {
			out = append(out, mbMove{from: s, to: s + d})
		}
	}
	return out
}

func (p *mbPos) slides(out []mbMove, s int, offs []int) []mbMove {
	for _, d := range offs {
		for t := s + d; p.sq[t] != 'x'; t += d {
			if mbOwn(p.sq[t], p.white) {
				break
			}
			out = append(out, mbMove{from: s, to: t})
			if p.sq[t] != '.' {
				break
			}
		}
	}
	return out
}

func (p *mbPos) pawnMoves(out []mbMove, s int) []mbMove {
	fwd, start, last := 10, 1, 7
	if !p.white {
		fwd, start, last = -10, 6, 0
	}
	rank := (s - 21) / 10
	add := func(m mbMove) {
		if (m.to-21)/10 != last {
			out = append(out, m)
			return
		}
		for _, k := range []byte("qrbn") {
			m.promo = k
			out = append(out, m)
		}
	}
	if p.sq[s+fwd] == '.' {
		add(mbMove{from: s, to: s + fwd})
		if rank == start && p.sq[s+2*fwd] == '.' {
			out = append(out, mbMove{from: s, to: s + 2*fwd})
		}
	}
	for _, d := range []int{fwd - 1, fwd + 1} {
		t := s + d
		switch {
		case mbEnemy(p.sq[t], p.white):
			add(mbMove{from: s, to: t})
		case !p.noEP && p.ep != 0 && t == p.ep:
			out = append(out, mbMove{from: s, to: t, ep: true})
		}
	}
	return out
}

// castlings: the right, king and rook at home, the squares between empty;
// attacks do not matter (dark.md 1.4).
func (p *mbPos) castlings(out []mbMove) []mbMove {
	type way struct {
		right          int
		king, rook, to int
		between        []int
	}
	r, k, i := 0, byte('K'), 0
	if !p.white {
		r, k, i = 7, 'k', 2
	}
	for _, w := range []way{
		{i, mbSq(4, r), mbSq(7, r), mbSq(6, r), []int{mbSq(5, r), mbSq(6, r)}},
		{i + 1, mbSq(4, r), mbSq(0, r), mbSq(2, r), []int{mbSq(1, r), mbSq(2, r), mbSq(3, r)}},
	} {
		if !p.castle[w.right] || p.sq[w.king] != k || p.sq[w.rook] != k-'K'+'R' {
			continue
		}
		free := true
		for _, b := range w.between {
			free = free && p.sq[b] == '.'
		}
		if free {
			out = append(out, mbMove{from: w.king, to: w.to, castle: true})
		}
	}
	return out
}

// play makes a move on a copy.
func (p mbPos) play(m mbMove) mbPos {
	man := p.sq[m.from]
	p.sq[m.from] = '.'
	if m.ep {
		if p.white {
			p.sq[m.to-10] = '.'
		} else {
			p.sq[m.to+10] = '.'
		}
	}
	if m.promo != 0 {
		man = m.promo
		if p.white {
			man -= 'a' - 'A'
		}
	}
	p.sq[m.to] = man
	if m.castle {
		rookFrom, rookTo := m.to+1, m.to-1
		if m.to < m.from {
			rookFrom, rookTo = m.to-2, m.to+1
		}
		p.sq[rookTo], p.sq[rookFrom] = p.sq[rookFrom], '.'
	}
	homes := [4][2]int{ // king and rook of K, Q, k, q
		{mbSq(4, 0), mbSq(7, 0)}, {mbSq(4, 0), mbSq(0, 0)},
		{mbSq(4, 7), mbSq(7, 7)}, {mbSq(4, 7), mbSq(0, 7)},
	}
	for i, h := range homes {
		for _, s := range h {
			if m.from == s || m.to == s {
				p.castle[i] = false
			}
		}
	}
	p.ep = 0
	if mbLower(man) == 'p' && (m.to-m.from == 20 || m.from-m.to == 20) && !p.noEP {
		p.ep = (m.from + m.to) / 2
	}
	p.white = !p.white
	return p
}

// mbPerft counts as dark.md §7 does: taking a king ends the line.
func mbPerft(p *mbPos, depth int) int64 {
	ms := p.moves()
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for _, m := range ms {
		if mbLower(p.sq[m.to]) == 'k' {
			continue
		}
		q := p.play(m)
		n += mbPerft(&q, depth-1)
	}
	return n
}

// mbVisible works out what one side sees, literally as dark.md 2.1 and 5.1
// list it, man by man, without a move generator.
func (p *mbPos) mbVisible(white bool) map[int]bool {
	vis := map[int]bool{}
	toMove := p.white == white
	ep := 0
	if toMove && !p.noEP {
		ep = p.ep
	}
	for s := 21; s <= 98; s++ {
		ch := p.sq[s]
		if !mbOwn(ch, white) {
			continue
		}
		vis[s] = true // a
		switch mbLower(ch) {
		case 'p':
			p.pawnSees(vis, s, white, ep)
		case 'n', 'k':
			offs := mbKnight
			if mbLower(ch) == 'k' {
				offs = mbKing
				p.castleSees(vis, white)
			}
			for _, d := range offs {
				if p.sq[s+d] != 'x' {
					vis[s+d] = true
				}
			}
		default:
			var offs []int
			if c := mbLower(ch); c == 'b' || c == 'q' {
				offs = append(offs, mbDiag...)
			}
			if c := mbLower(ch); c == 'r' || c == 'q' {
				offs = append(offs, mbOrth...)
			}
			for _, d := range offs {
				for t := s + d; p.sq[t] != 'x'; t += d {
					vis[t] = true
					if p.sq[t] != '.' {
						break
					}
				}
			}
		}
	}
	return vis
}

// pawnSees: ahead if empty, two ahead from the start if both empty, a
// forward diagonal with an enemy man or the en passant target, and then the
// pawn that may be taken (2.1c); in nielsen both diagonals always.
func (p *mbPos) pawnSees(vis map[int]bool, s int, white bool, ep int) {
	fwd, start := 10, 1
	if !white {
		fwd, start = -10, 6
	}
	if p.sq[s+fwd] == '.' {
		vis[s+fwd] = true
		if (s-21)/10 == start && p.sq[s+2*fwd] == '.' {
			vis[s+2*fwd] = true
		}
	}
	for _, t := range []int{s + fwd - 1, s + fwd + 1} {
		switch {
		case p.sq[t] == 'x':
		case p.nielsen || mbEnemy(p.sq[t], white):
			vis[t] = true
		case ep != 0 && t == ep:
			vis[t] = true
			vis[t-fwd] = true
		}
	}
}

// castleSees: g1/c1 (g8/c8) when that castling is possible now.
func (p *mbPos) castleSees(vis map[int]bool, white bool) {
	q := *p
	q.white = white
	for _, m := range q.castlings(nil) {
		vis[m.to] = true
	}
}

// mbBoard writes what a side sees as a board string.
func (p *mbPos) mbBoard(white bool) string {
	vis := p.mbVisible(white)
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		for f := range 8 {
			s := mbSq(f, r)
			if vis[s] {
				b.WriteByte(p.sq[s])
			} else {
				b.WriteByte('?')
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}
