package elo

import (
	"errors"
	"math"
	"testing"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) < eps }

// TestTwoPlayers is the case worked by hand: 75 points of 100 (60 wins,
// 30 draws, 10 losses) is a difference of 400·log10(0.75/0.25) = 190.85
// points; its standard error is 400/ln 10 · 1/√(100·0.75·0.25) = 40.12.
func TestTwoPlayers(t *testing.T) {
	t.Parallel()
	got, err := Fit(2, 1, []Pairing{{A: 0, B: 1, Wins: 60, Draws: 30, Losses: 10}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !near(got[0].Elo, 190.85, 0.01) || !near(got[0].SE, 40.12, 0.01) || got[1] != (Rating{}) {
		t.Errorf("Fit = %+v; want 190.85 ± 40.12 and the anchor at 0 ± 0", got)
	}
}

// TestThreePlayers is a round robin whose results fit the model exactly:
// A scores 75% against B, B 75% against C, A 90% against C (odds 3, 3 and
// 9), so with C held at 0 the ratings are 400·log10 9 = 381.70 and
// 400·log10 3 = 190.85. The Fisher information, with n·p·(1−p) of 18.75
// for each 75% pairing and 9 for the 90% one, is [[27.75, −18.75],
// [−18.75, 37.5]] over A and B, determinant 689.0625; its inverse's
// diagonal, 37.5/689.0625 and 27.75/689.0625, gives standard errors of
// 173.72·0.23328 = 40.53 for A and 173.72·0.20068 = 34.86 for B.
func TestThreePlayers(t *testing.T) {
	t.Parallel()
	games := []Pairing{
		{A: 0, B: 1, Wins: 75, Losses: 25},
		{A: 1, B: 2, Wins: 70, Draws: 10, Losses: 20},
		{A: 2, B: 0, Wins: 10, Losses: 90},
	}
	got, err := Fit(3, 2, games, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Rating{{381.70, 40.53}, {190.85, 34.86}, {0, 0}}
	for i, w := range want {
		if !near(got[i].Elo, w.Elo, 0.01) || !near(got[i].SE, w.SE, 0.01) {
			t.Errorf("player %d: %+v; want %+v", i, got[i], w)
		}
	}
}

// TestCleanSweep: a player who won every game has no finite rating
// without a prior; with one drawn game added it scores 100.5 of 101, a
// difference of 400·log10(201) = 921.28.
func TestCleanSweep(t *testing.T) {
	t.Parallel()
	games := []Pairing{{A: 0, B: 1, Wins: 100}}
	if _, err := Fit(2, 1, games, Options{}); !errors.Is(err, ErrUnbounded) {
		t.Errorf("without a prior: %v; want ErrUnbounded", err)
	}
	got, err := Fit(2, 1, games, Options{Prior: 1})
	if err != nil || !near(got[0].Elo, 921.28, 0.01) {
		t.Errorf("with a prior: %+v, %v; want 921.28", got, err)
	}
}

// TestApart: a player who met nobody of the anchor's group is not rated.
func TestApart(t *testing.T) {
	t.Parallel()
	games := []Pairing{{A: 0, B: 1, Wins: 3, Losses: 2}, {A: 2, B: 3, Wins: 1, Losses: 1}}
	if _, err := Fit(4, 0, games, Options{Prior: 1}); !errors.Is(err, ErrApart) {
		t.Errorf("Fit = %v; want ErrApart", err)
	}
}

// TestExpected: equal ratings score one half; 400 points more, 10 to 1.
func TestExpected(t *testing.T) {
	t.Parallel()
	if e := Expected(1500, 1500); e != 0.5 {
		t.Errorf("Expected(1500, 1500) = %v", e)
	}
	if e := Expected(1900, 1500); !near(e, 10.0/11, 1e-12) {
		t.Errorf("Expected(1900, 1500) = %v", e)
	}
}
