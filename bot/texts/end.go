package texts

import (
	"slices"
	"strconv"
	"strings"

	"umpire/referee"
)

// The end of a game in words: who won, and where there are more than two
// seats the place and points of each ("White wins with 2 points; Black is
// second with 1; Red has 0"), and to each player its own result ("You
// won.", "You came second."). Both are read from the result the referee
// gives in seat order: "1-0", "0-1", "1/2-1/2", "2-0-1", "1.5-1.5-0".

// place is the seats that share one place, and their points as written.
type place struct {
	rank   int // 1 + the seats above
	seats  []referee.Seat
	points string
}

// places orders the seats of a result by their points, most first,
// seats with equal points sharing a place; nil when result is not one
// number a seat.
func places(seats []referee.Seat, result string) []place {
	parts := strings.Split(result, "-")
	if len(parts) != len(seats) || len(seats) < 2 {
		return nil
	}
	pts := make([]float64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseFloat(p, 64)
		if p == "1/2" {
			v, err = 0.5, nil
		}
		if err != nil {
			return nil
		}
		pts[i] = v
	}
	order := make([]int, len(seats))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return compareDesc(pts[a], pts[b]) })
	var out []place
	for k, i := range order {
		if n := len(out); n > 0 && pts[order[k-1]] == pts[i] {
			out[n-1].seats = append(out[n-1].seats, seats[i])
			continue
		}
		out = append(out, place{rank: k + 1, seats: []referee.Seat{seats[i]}, points: parts[i]})
	}
	return out
}

func compareDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// Standing words the result of a finished game for everyone in lang: for
// two seats who won ("White wins") or "a draw"; for more, each place with
// its points. "" when result is no result of the seats (an aborted game).
func (c *Catalog) Standing(lang string, seats []referee.Seat, result string) string {
	ps := places(seats, result)
	switch {
	case ps == nil:
		return ""
	case len(ps) == 1 && len(seats) == 2:
		return c.Text(lang, "standing.draw", nil)
	case len(seats) == 2:
		return c.Text(lang, "standing.win2", c.placeArgs(lang, ps[0]))
	}
	var parts []string
	for _, p := range ps {
		id := map[int]string{1: "standing.win", 2: "standing.second"}[p.rank]
		if id == "" {
			id = "standing.last"
		}
		if len(p.seats) > 1 {
			id = map[int]string{1: "standing.share-first", 2: "standing.share-second"}[p.rank]
			if id == "" {
				id = "standing.share-last"
			}
		}
		parts = append(parts, c.Text(lang, id, c.placeArgs(lang, p)))
	}
	return strings.Join(parts, c.Text(lang, "standing-sep", nil))
}

// placeArgs are the arguments of a place's text: its seat (the first),
// all its seats as a list, and its points.
func (c *Catalog) placeArgs(lang string, p place) Args {
	args := Args{"points": p.points}
	c.PutSeat(lang, args, "seat", p.seats[0])
	names := make([]string, len(p.seats))
	for i, s := range p.seats {
		names[i] = c.Value(lang, "seat", string(s))
	}
	args["seats"] = c.List(lang, names)
	return args
}

// Outcome words seat's own result of a finished game: "You won.", "You
// lost.", "It is a draw." with two seats; "You won.", "You came second.",
// "You share first place."… with more. "" for a seat not of the game or
// a result of no points.
func (c *Catalog) Outcome(lang string, seats []referee.Seat, result string, seat referee.Seat) string {
	ps := places(seats, result)
	for _, p := range ps {
		if !slices.Contains(p.seats, seat) {
			continue
		}
		id := "end-you.third"
		switch {
		case len(seats) == 2 && len(ps) == 1:
			id = "end-you.draw"
		case len(seats) == 2 && p.rank == 2:
			id = "end-you.lost"
		case p.rank == 1 && len(p.seats) > 1:
			id = "end-you.share-first"
		case p.rank == 1:
			id = "end-you.won"
		case p.rank == 2 && len(p.seats) > 1:
			id = "end-you.share-second"
		case p.rank == 2:
			id = "end-you.second"
		}
		return c.Text(lang, id, nil)
	}
	return ""
}
