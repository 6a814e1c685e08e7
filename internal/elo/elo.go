// Package elo rates the players of a round robin on the Elo scale by
// Bradley–Terry maximum likelihood, with each rating's standard error.
//
// The model: a player of rating Ra scores against one of rating Rb, on
// average, 1/(1+10^((Rb−Ra)/400)) a game (a draw is half a win and half
// a loss). Fit finds the ratings under which the games played are likeliest
// (Newton's method on the log-likelihood), one player held at 0 (the
// anchor: only differences are measured), and the standard errors from
// the curvature of the likelihood there (the inverse of the Fisher
// information). Where a player won or lost every game against the rest,
// no finite rating is likeliest; a prior of a few drawn games added to
// every pairing (Prior) keeps the ratings finite, as BayesElo's virtual
// draws do, and pulls them a little towards each other.
//
// The package imports nothing of the umpire's: it is arithmetic on counts.
package elo

import (
	"errors"
	"math"
)

// Pairing is the games two players played against each other: A's wins,
// the draws, and A's losses. Players are numbered from 0.
type Pairing struct {
	A, B                int
	Wins, Draws, Losses int
}

// Rating is a player's fitted rating and its standard error, in Elo
// points, relative to the anchor (whose error is 0).
type Rating struct {
	Elo, SE float64
}

// Options are Fit's knobs; the zero value fits without a prior.
type Options struct {
	// Prior is how many drawn games are added to every pairing that was
	// played: 0 for the plain maximum likelihood, which is infinite for a
	// player who won every game.
	Prior float64
}

// ErrUnbounded is returned when no finite ratings are likeliest: a player
// (or a group of them) won, or lost, every game against the rest, and
// there is no prior.
var ErrUnbounded = errors.New("elo: a player won or lost every game; no finite rating is likeliest")

// ErrApart is returned when some players are not joined to the anchor by
// games, so that their ratings cannot be compared with it.
var ErrApart = errors.New("elo: some players never met the anchor's group")

// maxSteps bounds Newton's steps; a finite optimum is reached in a few.
const maxSteps = 200

// eloPerNat turns the model's natural-log scale into Elo points.
var eloPerNat = 400 / math.Ln10

// Fit rates n players from their pairings, player anchor held at 0. It
// returns ErrApart when the games do not join every player to the anchor,
// ErrUnbounded when the likelihood has no finite maximum, and an error
// when a player number is out of range.
func Fit(n, anchor int, games []Pairing, o Options) ([]Rating, error) {
	if anchor < 0 || anchor >= n {
		return nil, errors.New("elo: anchor out of range")
	}
	for _, g := range games {
		if g.A < 0 || g.A >= n || g.B < 0 || g.B >= n || g.A == g.B {
			return nil, errors.New("elo: a pairing's players out of range")
		}
	}
	if !joined(n, anchor, games) {
		return nil, ErrApart
	}
	theta := make([]float64, n)
	converged := false
	for range maxSteps {
		grad, info := derivatives(n, theta, games, o.Prior)
		inv, ok := invertFree(info, anchor)
		if !ok {
			return nil, ErrUnbounded
		}
		step := 0.0
		for i := range n {
			d := 0.0
			for j := range n {
				d += inv[i][j] * grad[j]
			}
			d = math.Max(-2, math.Min(2, d)) // damped: far from the optimum Newton's steps overshoot
			theta[i] += d
			step = math.Max(step, math.Abs(d))
		}
		if step < 1e-10 {
			converged = true
			break
		}
	}
	_, info := derivatives(n, theta, games, o.Prior)
	cov, ok := invertFree(info, anchor)
	if !converged || !ok {
		return nil, ErrUnbounded
	}
	out := make([]Rating, n)
	for i := range n {
		out[i] = Rating{Elo: eloPerNat * theta[i], SE: eloPerNat * math.Sqrt(math.Max(0, cov[i][i]))}
	}
	return out, nil
}

// Expected is what a player of rating a scores against one of rating b,
// on average, a game.
func Expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// derivatives is the gradient of the log-likelihood at theta and its
// Fisher information (minus the Hessian).
func derivatives(n int, theta []float64, games []Pairing, prior float64) ([]float64, [][]float64) {
	grad := make([]float64, n)
	info := make([][]float64, n)
	for i := range info {
		info[i] = make([]float64, n)
	}
	for _, g := range games {
		if g.Wins+g.Draws+g.Losses == 0 {
			continue
		}
		games := float64(g.Wins+g.Draws+g.Losses) + prior
		score := float64(g.Wins) + float64(g.Draws)/2 + prior/2
		p := 1 / (1 + math.Exp(theta[g.B]-theta[g.A]))
		grad[g.A] += score - games*p
		grad[g.B] -= score - games*p
		w := games * p * (1 - p)
		info[g.A][g.A] += w
		info[g.B][g.B] += w
		info[g.A][g.B] -= w
		info[g.B][g.A] -= w
	}
	return grad, info
}

// invertFree inverts the information matrix with the anchor's row and
// column left out (its rating is held), returned at full size with zeros
// in the anchor's place; ok is false when it is singular.
func invertFree(info [][]float64, anchor int) ([][]float64, bool) {
	n := len(info)
	var free []int
	for i := range n {
		if i != anchor {
			free = append(free, i)
		}
	}
	m := len(free)
	a := make([][]float64, m)
	for r, i := range free {
		a[r] = make([]float64, 2*m)
		for c, j := range free {
			a[r][c] = info[i][j]
		}
		a[r][m+r] = 1
	}
	if !gaussJordan(a) {
		return nil, false
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
	}
	for r, i := range free {
		for c, j := range free {
			out[i][j] = a[r][m+c]
		}
	}
	return out, true
}

// gaussJordan reduces an m×2m matrix [A | I] to [I | A⁻¹] in place, with
// partial pivoting; false when A is singular.
func gaussJordan(a [][]float64) bool {
	m := len(a)
	for col := range m {
		pivot := col
		for r := col + 1; r < m; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(a[pivot][col]) < 1e-12 {
			return false
		}
		a[col], a[pivot] = a[pivot], a[col]
		d := a[col][col]
		for k := range a[col] {
			a[col][k] /= d
		}
		for r := range m {
			if r == col || a[r][col] == 0 {
				continue
			}
			f := a[r][col]
			for k := range a[r] {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	return true
}

// joined reports whether every player is linked to the anchor by a chain
// of pairings with games in them.
func joined(n, anchor int, games []Pairing) bool {
	seen := make([]bool, n)
	seen[anchor] = true
	for grew := true; grew; {
		grew = false
		for _, g := range games {
			if g.Wins+g.Draws+g.Losses == 0 || seen[g.A] == seen[g.B] {
				continue
			}
			seen[g.A], seen[g.B], grew = true, true, true
		}
	}
	for _, s := range seen {
		if !s {
			return false
		}
	}
	return true
}
