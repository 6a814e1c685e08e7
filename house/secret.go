package house

import (
	"umpire/referee"
	"umpire/referee/board"
)

// koronaMind plays the korona family: crown first, then moves that guard
// the crowned monarch and hunt the enemy's.
func koronaMind(r *board.Rules) func(referee.View, uint64, Level) []string {
	return (&eight{rules: fixed(r), royal: crowned, secret: crown, bothSeal: true}).choose
}

// crown is the sealed crown: the king or the dame, by the house's coin.
// It is due until the seat's own crown note appears among its secrets.
func crown(s *sight, seed uint64) (string, bool) {
	text := "crown king"
	if seed&1 == 1 {
		text = "crown dame"
	}
	for _, x := range s.v.Secrets {
		if x.Kind == "crown" && x.Seat == s.v.Seat {
			return "", false
		}
	}
	return text, true
}

// crowned reports whether the man on c holds a crown as far as the seat
// knows: its own crowned monarch, the enemy's once revealed, and either
// enemy monarch while its crown is sealed.
func crowned(s *sight, c board.Cell) bool {
	m := s.pos.At(c)
	if k := m.Kind(); k != board.King && k != board.Dame {
		return false
	}
	for _, x := range s.v.Secrets {
		if x.Kind == "crown" && armyOf(x.Seat) == m.Army() {
			return (x.Value == "king") == (m.Kind() == board.King)
		}
	}
	return m.Army() != s.us
}

// grow is progressive chess's choice: a pawn far from the enemy king, a
// knight mostly (quick to grow), sometimes a rook or a queen. It is due
// on the seat's turn while it has pawns and no growing pawn among its
// secrets.
func grow(s *sight, seed uint64) (string, bool) {
	best, far := board.NoCell, -1
	enemyKing := s.pos.King[s.us^1]
	for c := range board.Cell(64) {
		m := s.pos.At(c)
		if m.Empty() || m.Army() != s.us || m.Kind() != board.Pawn {
			continue
		}
		d := 8
		if enemyKing != board.NoCell {
			d = kingSteps(c, enemyKing)
		}
		if d > far || (d == far && (uint64(c)^seed)&1 == 1) {
			best, far = c, d
		}
	}
	if best == board.NoCell {
		return "", false
	}
	i := (seed>>1 + uint64(s.v.Ply)) % 5
	text := "grow " + board.Standard.CellName(best) + " " + "NNBRQ"[i:i+1]
	for _, x := range s.v.Secrets {
		if x.Kind == "growing" && x.Seat == s.v.Seat {
			return text, false
		}
	}
	return text, s.v.Turn == s.v.Seat
}

// growing reports whether the seat's man on c is its growing pawn, which
// may not move.
func growing(s *sight, c board.Cell) bool {
	name := board.Standard.CellName(c)
	for _, x := range s.v.Secrets {
		if x.Kind == "growing" && x.Seat == s.v.Seat && x.Cell == name {
			return true
		}
	}
	return false
}

// inert is progressive chess's doubt: a growing pawn attacks nothing
// (rules 3.8). The growing pawns the seat knows (its own, an exposed enemy
// one) become stones in s.pos; while the enemy's is unknown, each enemy
// pawn in turn may be the one, and those positions are returned.
func inert(s *sight) []board.Position {
	them := s.us ^ 1
	known := false
	for _, x := range s.v.Secrets {
		if x.Kind != "growing" {
			continue
		}
		c, ok := board.Standard.Lookup(x.Cell)
		if !ok || s.pos.At(c).Kind() != board.Pawn {
			continue
		}
		s.pos.Put(c, board.NewMan(s.pos.At(c).Army(), board.Stone))
		known = known || armyOf(x.Seat) == them
	}
	if known {
		return nil
	}
	var out []board.Position
	for c := range board.Cell(64) {
		if m := s.pos.At(c); !m.Empty() && m.Army() == them && m.Kind() == board.Pawn {
			q := s.pos
			q.Put(c, board.NewMan(them, board.Stone))
			out = append(out, q)
		}
	}
	return out
}
