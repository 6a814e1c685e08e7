package texts

import (
	"testing"

	"umpire/referee"
)

// The end in words, for everyone and for each seat, from the referee's
// result in seat order.
func TestStandingAndOutcome(t *testing.T) {
	t.Parallel()
	triad := []referee.Seat{referee.White, referee.Red, referee.Black}
	chess := []referee.Seat{referee.White, referee.Black}
	for _, tc := range []struct {
		lang     string
		seats    []referee.Seat
		result   string
		standing string
		outcome  []string // of each seat, in seat order
	}{
		{"en", triad, "2-0-1", "White wins with 2 points; Black is second with 1; Red has 0",
			[]string{"You won.", "You came third.", "You came second."}},
		{"ru", triad, "0-2-1", "красные побеждают с 2 очками; чёрные вторые с 1; у белых 0",
			[]string{"Вы заняли третье место.", "Вы победили.", "Вы заняли второе место."}},
		{"eo", triad, "1-0-2", "la nigraj venkas kun 2 poentoj; la blankaj estas duaj kun 1; la ruĝaj havas 0",
			[]string{"Vi okupis la duan lokon.", "Vi okupis la trian lokon.", "Vi venkis."}},
		{"en", triad, "1.5-1.5-0", "White and Red share first place with 1.5 points each; Black has 0",
			[]string{"You share first place.", "You share first place.", "You came third."}},
		{"ru", triad, "1-1-1", "белые, красные и чёрные делят первое место, по 1 очку",
			[]string{"Вы делите первое место.", "Вы делите первое место.", "Вы делите первое место."}},
		{"en", triad, "2-0.5-0.5", "White wins with 2 points; Red and Black share second place with 0.5 each",
			[]string{"You won.", "You share second place.", "You share second place."}},
		{"en", chess, "0-1", "Black wins", []string{"You lost.", "You won."}},
		{"ru", chess, "1-0", "победили белые", []string{"Вы победили.", "Вы проиграли."}},
		{"eo", chess, "1/2-1/2", "remizo", []string{"Remizo.", "Remizo."}},
		{"en", chess, "*", "", []string{"", ""}},
	} {
		if got := DefaultCatalog.Standing(tc.lang, tc.seats, tc.result); got != tc.standing {
			t.Errorf("%s: Standing(%s) = %q; want %q", tc.lang, tc.result, got, tc.standing)
		}
		for i, s := range tc.seats {
			if got := DefaultCatalog.Outcome(tc.lang, tc.seats, tc.result, s); got != tc.outcome[i] {
				t.Errorf("%s: Outcome(%s, %s) = %q; want %q", tc.lang, tc.result, s, got, tc.outcome[i])
			}
		}
	}
	if got := DefaultCatalog.Outcome("en", triad, "2-0-1", referee.Spectator); got != "" {
		t.Errorf("a spectator's outcome is %q; want none", got)
	}
}

// A finished game's picture says in its title who won, in words.
func TestPictureHeaderOver(t *testing.T) {
	t.Parallel()
	v := referee.View{Variant: "triad", Seat: referee.God, Result: "2-0-1"}
	got := DefaultCatalog.PictureHeader("ru", 1, v)
	if want := "партия окончена: белые побеждают с 2 очками; чёрные вторые с 1; у красных 0"; got[len(got)-1] != want {
		t.Errorf("the title ends %q; want %q", got[len(got)-1], want)
	}
	v = referee.View{Variant: "chess", Seat: referee.White, Result: "0-1"}
	if got := DefaultCatalog.PictureHeader("en", 1, v); got[len(got)-1] != "game over: Black wins" {
		t.Errorf("the title ends %q; want game over: Black wins", got[len(got)-1])
	}
}
