// Package glicko is the Glicko-2 rating system, as Mark Glickman sets it
// out in "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf).
//
// A rating is three numbers: R, the strength (1500 for a newcomer); RD, the
// rating deviation, how uncertain R is (350 for a newcomer, smaller as
// games are played, larger again while none are); and Vol, the volatility
// σ, how erratic the player's results are (0.06 to start). After a rating
// period a player's rating moves by the surprise of its results against
// its opponents' ratings at the start of the period, weighed by how
// uncertain its own rating is and how sure theirs are. The umpire rates
// each game as a period of its own, as lichess does.
//
// The computation runs on the Glicko-2 scale: μ = (R − 1500)/173.7178,
// φ = RD/173.7178, in the paper's eight steps; Update cites them.
package glicko

import "math"

// Rating is a player's rating on the Glicko scale.
type Rating struct{ R, RD, Vol float64 }

// New is a newcomer's rating: 1500 / 350 / 0.06.
func New() Rating { return Rating{R: 1500, RD: 350, Vol: 0.06} }

// Result is one game of a rating period: the opponent's rating before the
// period, and the score: 1 a win, 0.5 a draw, 0 a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// Tau is the system constant τ, which bounds how fast the volatility may
// change. The paper suggests a value between 0.3 and 1.2; we take 0.5, the
// value of its worked example (lichess takes 0.75), as the issue asked.
const Tau = 0.5

// scale turns the Glicko scale into the Glicko-2 one (step 2).
const scale = 173.7178

// epsilon is the convergence tolerance of step 5.
const epsilon = 0.000001

// maxRD is a newcomer's deviation: a rating never becomes less certain
// than a newcomer's, however long its player rests.
const maxRD = 350

// Update returns r after one rating period with the given results (the
// paper's steps 1 to 8). With no results only the deviation grows
// (step 6 alone: φ' = √(φ² + σ²)).
func Update(r Rating, results []Result, tau float64) Rating {
	mu, phi := (r.R-1500)/scale, r.RD/scale // step 2
	if len(results) == 0 {
		return Rating{R: r.R, RD: math.Min(math.Sqrt(phi*phi+r.Vol*r.Vol)*scale, maxRD), Vol: r.Vol}
	}
	v, delta := variance(mu, results) // steps 3 and 4
	vol := volatility(phi, r.Vol, v, delta, tau)
	phiStar := math.Sqrt(phi*phi + vol*vol)          // step 6
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v) // step 7
	muNew := mu + phiNew*phiNew*delta/v
	return Rating{R: scale*muNew + 1500, RD: math.Min(scale*phiNew, maxRD), Vol: vol} // step 8
}

// g weighs a game by how sure the opponent's rating is.
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is E(μ, μj, φj), the expected score on the Glicko-2 scale.
func expected(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// variance is the estimated variance v of the rating from the game
// outcomes alone (step 3), and the estimated improvement Δ (step 4).
func variance(mu float64, results []Result) (v, delta float64) {
	var inv, sum float64
	for _, res := range results {
		muj, phij := (res.Opponent.R-1500)/scale, res.Opponent.RD/scale
		e := expected(mu, muj, phij)
		inv += g(phij) * g(phij) * e * (1 - e)
		sum += g(phij) * (res.Score - e)
	}
	v = 1 / inv
	return v, v * sum
}

// volatility is σ', by the Illinois algorithm of step 5, to within
// epsilon.
func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Game is the update of one game taken as a rating period of its own.
func Game(r, opp Rating, score float64) Rating {
	return Update(r, []Result{{Opponent: opp, Score: score}}, Tau)
}

// Provisional reports whether a rating is still uncertain: a deviation of
// 110 or more, shown with a "?".
func (r Rating) Provisional() bool { return r.RD >= 110 }

// Expected is the expected score of r against opp.
func Expected(r, opp Rating) float64 {
	return expected((r.R-1500)/scale, (opp.R-1500)/scale, opp.RD/scale)
}
