package tourney

import (
	"cmp"
	"slices"
)

// Game is one game of a tournament as the standings see it: its players
// (places in the tournament's list) in seat order, and the points each
// seat scored once it ended with a result; nil while it is played, or
// when it ended without one (aborted).
type Game struct {
	Players []int
	Points  []float64
	// Void marks a game that ended without a result (aborted, abandoned):
	// ended for everyone, scoring nothing, against nobody.
	Void bool
}

// Row is one player's line of the standings.
type Row struct {
	Player int     // the place in the tournament's list of players
	Place  int     // 1 for the first; players level on points and tie-break share a place
	Points float64 // the points of the games ended
	// SB is the Sonneborn–Berger score: for every game ended and every
	// opponent in it, the player's score against that opponent (1 for
	// more points than they, ½ for as many, 0 for fewer) times the
	// opponent's points. In a game of two this is the classic sum of the
	// points of the opponents beaten and half of those drawn.
	SB     float64
	Played int // games ended
	Games  int // games in all
	// Against are the player's scores against each player of the list
	// (by place in the list), one per game between them ended, in the
	// order of the games; Pending counts those still played.
	Against [][]float64
	Pending []int
}

// Standings ranks n players by the games: points, then Sonneborn–Berger,
// then the order of the list (who signed up first).
func Standings(n int, games []Game) []Row {
	rows := make([]Row, n)
	for i := range rows {
		rows[i] = Row{Player: i, Against: make([][]float64, n), Pending: make([]int, n)}
	}
	for _, g := range games {
		for si, p := range g.Players {
			rows[p].Games++
			if g.Void {
				rows[p].Played++
				continue
			}
			if g.Points != nil {
				rows[p].Played++
				rows[p].Points += g.Points[si]
			}
			for sj, q := range g.Players {
				if sj == si {
					continue
				}
				if g.Points == nil {
					rows[p].Pending[q]++
					continue
				}
				rows[p].Against[q] = append(rows[p].Against[q], Versus(g.Points[si], g.Points[sj]))
			}
		}
	}
	for i := range rows {
		for q, scores := range rows[i].Against {
			for _, s := range scores {
				rows[i].SB += s * rows[q].Points
			}
		}
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		return cmp.Compare(b.SB, a.SB)
	})
	for i := range rows {
		rows[i].Place = i + 1
		if i > 0 && rows[i].Points == rows[i-1].Points && rows[i].SB == rows[i-1].SB {
			rows[i].Place = rows[i-1].Place
		}
	}
	return rows
}

// Versus is a seat's score against another seat of the same game: 1 for
// more points, ½ for as many, 0 for fewer.
func Versus(mine, theirs float64) float64 {
	switch {
	case mine > theirs:
		return 1
	case mine == theirs:
		return 0.5
	}
	return 0
}
