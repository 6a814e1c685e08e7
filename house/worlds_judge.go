package house

import (
	"slices"
	"sort"

	"umpire/referee"
	"umpire/referee/board"
)

// Judging a try in the worlds. A try is played, if at all, in the world
// that is real; so the house scores it by its mean over the worlds it is
// legal in: what the enemy can take back there (level 2: the captures
// that follow, level 3: the enemy's every reply and the captures after),
// a mate, and a stalemate, which it shuns as the draw it is. Near the end,
// when the enemy has few men, the enemy king's room to move counts
// against the try too: a king is mated by taking its squares. A try legal
// in no world comes after all the others, in the order of the belief of
// level 1, so the referee's rulings still lead to a legal move.

// judgeWorlds ranks the seat's tries in the worlds, best first, leaving
// out those tried this turn.
func (e *eight) judgeWorlds(s *sight, ws []world, l Level, seed uint64, tried map[string]bool, track *kingTrack) []string {
	_, judged := worldCount(l)
	ws = distinct(slices.DeleteFunc(ws, func(w world) bool { return !possible(&w.pos, s.us) }), judged)
	ladder := referee.StalemateLoses(s.v.Variant, s.v.Rules)
	legal := make([]map[string]board.Move, len(ws))
	for i := range ws {
		ws[i].pos.ToMove = s.us // the seat's turn, however the replay left the world
		legal[i] = map[string]board.Move{}
		for _, m := range ws[i].pos.Legal(nil) {
			legal[i][m.Coord(board.Standard)] = m
		}
	}
	b := believe(s)
	sr := &searcher{us: s.us, limit: maxNodes, mating: true, advanced: l >= Level3}
	mean := func(t string, deep bool) (int, bool) {
		sum, n, worst := 0, 0, mateScore*4
		for i := range ws {
			if wm, ok := legal[i][t]; ok && ws[i].pos.King[s.us^1] != board.NoCell {
				v := sr.inWorld(&ws[i].pos, wm, deep, ladder)
				if track != nil && track.men <= endMen && taking(&ws[i].pos, wm, s.us) {
					v += takeWorth // the enemy's last men: with each, the hunt and the fifty moves nearer
				}
				sum, n, worst = sum+v, n+1, min(worst, v)
			}
		}
		if n == 0 {
			return 0, false
		}
		return wary(sum/n, worst), true
	}
	var list []scored
	worth := map[string]int{} // each try's mean over the worlds, where it has one
	seen := map[string]bool{}
	for _, m := range s.tries() {
		t := m.Coord(board.Standard)
		if tried[t] || seen[t] {
			continue
		}
		seen[t] = true
		sc := noise(seed, s.v.Ply, t) + shape(s, s.pos.At(m.From), m) - drawRisk(track, &s.pos, s.us, m) - kingHazard(track, s, m)
		if track != nil && track.men <= endMen {
			sc += endgame(s, m, track, ladder)
		}
		if v, ok := mean(t, false); ok {
			sc += v
			worth[t] = v
		} else {
			sc += b.judge(s, m) - mateScore*4 // legal nowhere the house can imagine: last
		}
		list = append(list, scored{t, sc})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	if l >= Level3 {
		// level 3 reads the enemy's every reply to its best few tries
		for i := range min(deeper, len(list)) {
			if v, ok := worth[list[i].text]; ok {
				deep, _ := mean(list[i].text, true)
				list[i].score += deep - v
			}
		}
	}
	return mixed(list, mixMargin, seed, s.v.Ply)
}

// mateWorld is what a mate is worth in one world, in the scale of the
// balance of men (a queen 90): a chance of the win, not the win. A try
// that mates in one world of eight and leaves the queen to the king in
// the others comes out about even (600/8 against 90·7/8); one that mates
// in one world of thirty-two and loses the queen elsewhere, which the
// house once played as if the mate were sure, comes out far behind. It is
// less than a stalemate risked in any world (a sure half point lost) and
// more than a mate in two (netScore).
const mateWorld = 600

// takeWorth is what taking one of the enemy's last men (endMen) is worth
// in a world where the man that takes stands unattacked after: each one
// taken brings the hunt of the lone king nearer (hunt.go, with its
// tables) and starts the fifty moves again. Without it the house, far
// ahead, judged mates against a king whose one blocked pawn it never took,
// and fifty moves ran out.
const takeWorth = 150

// taking reports whether the seat's move m takes a man in p, the man that
// takes unattacked after.
func taking(p *board.Position, m board.Move, us board.Army) bool {
	if p.Captured(m) == board.NoCell {
		return false
	}
	q := *p
	q.Apply(m)
	return !q.Attacked(m.To, us)
}

// wary is what a try is worth by its mean over the worlds and its worst
// in one of them: the mean drawn a third of the way to the worst. The
// worlds are guesses, and the enemy men they leave out are most often
// those that take back what the house just took; a try that loses a queen
// in one world of eight is likelier to lose it than one in eight, while a
// pawn that takes a pawn risks little wherever it is.
func wary(mean, worst int) int {
	if worst >= mean {
		return mean
	}
	return mean - (mean-worst)/3
}

// kingHazard is what move m risks to the enemy king, which the score
// sheet places (kingTrack) better than any world: the man it moves, where
// it goes unguarded, by the share of the king's cells next to that cell.
func kingHazard(k *kingTrack, s *sight, m board.Move) int {
	if k == nil || k.cells == 0 {
		return 0
	}
	q := s.pos
	q.ToMove = s.us
	q.Apply(m)
	if q.Attacked(m.To, s.us^1) {
		return 0 // guarded: the king takes it at its peril
	}
	n := 0
	for _, x := range board.Standard.King[m.To] {
		if k.cells.Has(x) {
			n++
		}
	}
	return 10 * worth(q.At(m.To), false) * n / k.cells.Len()
}

// endMen is how many enemy men beside its king make an endgame: from
// there the house judges each try against every cell the score sheet
// leaves the king (kingTrack), as the hunt does once the king is alone.
const endMen = 3

// endgame scores a try against every cell the enemy king may stand on,
// its other men left out, as if they could not move (a pawn blocked, a
// piece pinned: the seat cannot tell): a chance of mate counts for it, a
// chance of stalemate far more against it, whatever the chance; and a
// king walled in by cells its own frozen pawns may hold (walled), or a
// mate from afar that one of its men may stand pinned in the way of
// (blockable), by their chance.
func endgame(s *sight, m board.Move, k *kingTrack, ladder bool) int {
	p := s.pos
	p.ToMove = s.us
	o := against(&p, s.us, m, k.cells)
	maybe := 0 // stalemates that take an enemy man frozen where the seat cannot tell
	switch {
	case ladder:
		o.mates, o.stalemates = o.mates+o.stalemates, 0
	case k.men > 0:
		o.mates, maybe = o.mates-o.blockable, o.blockable+walled(&p, s.us, m, k.cells, k.men)
	}
	if o.legal == 0 {
		return 0
	}
	score := 2000 * o.mates / o.legal
	if o.stalemates > 0 {
		score -= mateScore
	}
	return score - mateScore*(o.stalemates+maybe)/o.legal // where every try risks one, the least risk
}

// possible reports whether a world may be the real one: the enemy king
// on the board and not attacked on the seat's turn (the enemy never
// leaves it so; a world the replay had to force may).
func possible(p *board.Position, us board.Army) bool {
	them := us ^ 1
	return p.King[them] != board.NoCell && !p.Attacked(p.King[them], them)
}

// deeper is how many of its best tries level 3 reads deeper.
const deeper = 8

// inWorld is what the seat's move m is worth in one world, for the seat:
// a mate, a stalemate, else the balance of men once the enemy has answered
// (deep: any reply; else only captures) and the captures are over, less
// the enemy king's room near the end, where a mate in two (mateIn2) counts
// next to a mate.
func (sr *searcher) inWorld(p *board.Position, m board.Move, deep, ladder bool) int {
	q := *p
	q.Apply(m)
	replies := q.Legal(nil)
	if len(replies) == 0 {
		switch {
		case q.InCheck(), ladder:
			return mateWorld
		}
		return -mateScore / 2
	}
	sr.nodes = 0
	if few(&q, q.ToMove) && sr.mateIn2(&q) {
		return netScore
	}
	sr.nodes = 0
	var v int
	if deep {
		v = -sr.negamax(&q, 1, -mateScore*2, mateScore*2)
	} else {
		v = -sr.quiet(&q, -mateScore*2, mateScore*2, 4)
	}
	if few(&q, q.ToMove) {
		room := kingRoom(&q, replies)
		v -= 3 * room
		if room == 0 && !q.InCheck() && !ladder {
			v -= mateScore / 8 // its pawns may be stuck too, as far as the seat can tell: a stalemate near
		}
	}
	return v
}

// kingRoom counts the moves of the king of the side to move among its
// legal moves.
func kingRoom(p *board.Position, moves []board.Move) int {
	n := 0
	for _, m := range moves {
		if m.From == p.King[p.ToMove] {
			n++
		}
	}
	return n
}

// mend moves each world's enemy king that stands where the score sheet
// says it cannot (kingTrack, which always holds the real king) onto a cell
// the sheet allows, drawn by the seed.
func mend(ws []world, k *kingTrack, us board.Army, seed uint64) {
	if k == nil || k.cells == 0 {
		return
	}
	for i := range ws {
		p := &ws[i].pos
		at := p.King[us^1]
		if at == board.NoCell || k.cells.Has(at) {
			continue
		}
		var free []board.Cell
		for c := range board.Cell(64) {
			if k.cells.Has(c) && p.At(c).Empty() {
				free = append(free, c)
			}
		}
		if len(free) == 0 {
			continue
		}
		to := free[(seed+uint64(i)*0x9e3779b9)%uint64(len(free))]
		p.Put(to, p.At(at))
		p.Put(at, board.Man(0))
	}
}

// distinct keeps the first n worlds among the likeliest (fewest misses)
// that differ from one another.
func distinct(ws []world, n int) []world {
	least := 1 << 30
	for _, w := range ws {
		least = min(least, w.miss)
	}
	var out []world
	for _, w := range ws {
		if w.miss != least {
			continue
		}
		dup := false
		for _, o := range out {
			if o.pos.Cells == w.pos.Cells {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, w)
		}
		if len(out) == n {
			break
		}
	}
	return out
}
