package glicko

import (
	"math"
	"testing"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) < eps }

// The worked example of Glickman's paper: 1500/200/0.06 against 1400/30
// (won), 1550/100 (lost) and 1700/300 (lost) gives 1464.06 / 151.52 /
// 0.05999, with v = 1.7785 and Δ = −0.4834 on the way. The paper rounds
// as it goes (g and E to four places), hence tolerances of its last
// printed digit.
func TestPaperExample(t *testing.T) {
	r := Rating{R: 1500, RD: 200, Vol: 0.06}
	results := []Result{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	}
	v, delta := variance(0, results)
	if !near(v, 1.7785, 0.001) || !near(delta, -0.4834, 0.001) {
		t.Errorf("v = %.4f, Δ = %.4f; want 1.7785, −0.4834", v, delta)
	}
	got := Update(r, results, 0.5)
	if !near(got.R, 1464.06, 0.01) || !near(got.RD, 151.52, 0.01) || !near(got.Vol, 0.05999, 0.00001) {
		t.Errorf("Update = %.4f / %.4f / %.6f; want 1464.06 / 151.52 / 0.05999", got.R, got.RD, got.Vol)
	}
}

// A period without games makes a rating less certain and nothing else.
func TestNoGames(t *testing.T) {
	r := Rating{R: 1600, RD: 100, Vol: 0.06}
	got := Update(r, nil, Tau)
	want := math.Sqrt(math.Pow(100/scale, 2)+0.06*0.06) * scale
	if got.R != 1600 || got.Vol != 0.06 || !near(got.RD, want, 1e-9) {
		t.Errorf("Update without games = %+v; want RD %.4f", got, want)
	}
	if got := Update(New(), nil, Tau); got.RD != 350 {
		t.Errorf("a newcomer's deviation grew past 350: %+v", got)
	}
}

func TestDirections(t *testing.T) {
	a, b := New(), New()
	if w := Game(a, b, 1); w.R <= 1500 || w.RD >= 350 {
		t.Errorf("a win: %+v", w)
	}
	if l := Game(a, b, 0); l.R >= 1500 {
		t.Errorf("a loss: %+v", l)
	}
	if d := Game(a, b, 0.5); !near(d.R, 1500, 1e-9) {
		t.Errorf("a draw between equals: %+v", d)
	}
	x, y := Rating{1700, 80, 0.06}, Rating{1450, 80, 0.06}
	if s := Expected(x, y) + Expected(y, x); !near(s, 1, 1e-12) { // equally sure: the scores share 1
		t.Errorf("E(x,y) + E(y,x) = %f", s)
	}
	if Expected(x, y) <= 0.5 {
		t.Errorf("the stronger is expected to lose: %f", Expected(x, y))
	}
	if !New().Provisional() || (Rating{1500, 109, 0.06}).Provisional() {
		t.Error("Provisional")
	}
}

// Unrounded, the paper's example gives v = 1.77898, Δ = −0.48393 and
// 1464.0507 / 151.5165 / 0.0599960 (the paper's printed 0.05999 comes from
// its rounded intermediates); these pin the arithmetic more tightly.
func TestPaperExampleFullPrecision(t *testing.T) {
	results := []Result{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	}
	v, delta := variance(0, results)
	got := Update(Rating{1500, 200, 0.06}, results, 0.5)
	if !near(v, 1.77898, 1e-5) || !near(delta, -0.48393, 1e-5) ||
		!near(got.R, 1464.0507, 1e-4) || !near(got.RD, 151.5165, 1e-4) || !near(got.Vol, 0.0599960, 1e-7) {
		t.Errorf("v = %.6f, Δ = %.6f, Update = %.5f / %.5f / %.8f", v, delta, got.R, got.RD, got.Vol)
	}
}

// The deviation never exceeds a newcomer's 350: not after long rests, not
// after a game.
func TestRDCap(t *testing.T) {
	r := Rating{R: 1500, RD: 349, Vol: 0.06}
	for range 100 {
		r = Update(r, nil, Tau)
	}
	if r.RD != 350 {
		t.Errorf("RD after 100 idle periods = %v; want 350", r.RD)
	}
	vague := Rating{R: 1500, RD: 350, Vol: 0.5} // volatile enough that φ* alone would pass 350
	for _, s := range []float64{0, 0.5, 1} {
		if got := Game(vague, Rating{1500, 350, 0.06}, s); got.RD > 350 {
			t.Errorf("RD after a game scored %v = %v; want ≤ 350", s, got.RD)
		}
	}
}
