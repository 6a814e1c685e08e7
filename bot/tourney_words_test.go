package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"umpire/store"
)

// A tournament's game says so wherever it is named: its start, each "your
// move", games and its end ("Tournament 1, game 2 of 3"); its end offers
// no rematch, and a rematch asked for all the same is said to be outside
// the tournament; the standings say what SB is; `tournament` after the
// end shows the final table; and the group's leaderboard counts the games
// played in the group alone.
func TestTournamentGameNamed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament chess")
	w.group("club", "bob", "tournament join")
	w.group("club", "cy", "tournament join")
	w.group("club", "ann", "tournament begin")
	games := w.tourneyGames(1)
	g, _ := w.db.Game(games[1])
	white, black := w.seatedUser(g, "white"), w.seatedUser(g, "black")
	name := fmt.Sprintf("Game #%d (chess, tournament 1, game 2 of 3)", g.ID)
	if s := w.last(black); !strings.Contains(s, name) {
		t.Errorf("the start does not name the tournament's game:\n%s", s)
	}
	w.say(white, fmt.Sprintf("#%d e2e4", g.ID))
	if s := w.last(black); !strings.Contains(s, "your turn. "+name+", you play Black.") {
		t.Errorf("your move does not name the tournament's game:\n%s", s)
	}
	w.say(black, "games")
	if s := w.last(black); !strings.Contains(s, fmt.Sprintf("#%d chess, tournament 1, game 2 of 3 against", g.ID)) {
		t.Errorf("games does not name the tournament's game:\n%s", s)
	}
	w.say(black, fmt.Sprintf("#%d resign", g.ID))
	end := w.tr.Last(black)
	if !strings.Contains(end.Text, "Tournament 1, game 2 of 3: the standings are in the tournament's group.") {
		t.Errorf("the end does not name the tournament's game:\n%s", end.Text)
	}
	if len(end.Buttons) != 0 {
		t.Errorf("a tournament's game ends with buttons %+v; want no rematch", end.Buttons)
	}
	if s := w.last("club"); !strings.Contains(s, "SB, the Sonneborn–Berger score, breaks a tie on points") {
		t.Errorf("the first standings do not say what SB is:\n%s", s)
	}
	w.say(black, fmt.Sprintf("rematch #%d", g.ID))
	if s := w.last(black); !strings.Contains(s, "outside tournament 1: it counts for no standings") {
		t.Errorf("the rematch of a tournament's game is not said to be outside it:\n%s", s)
	}
	for _, id := range games {
		if g, _ := w.db.Game(id); g.State == store.StatePlaying {
			w.say(w.seatedUser(g, "white"), fmt.Sprintf("#%d resign", id))
		}
	}
	w.group("club", "ann", "tournament")
	if s := w.last("club"); !strings.Contains(s, "Tournament 1 (chess) is over: the final table") {
		t.Errorf("tournament after the end: %q", s)
	}
	w.say("ann", "new chess vs house 1") // in private: no game of the group's
	w.say("ann", "resign")
	w.group("club", "ann", "top chess")
	if s := w.last("club"); !strings.Contains(s, "(2 games)") || strings.Contains(s, "(3 games)") {
		t.Errorf("the group's board counts games played elsewhere:\n%s", s)
	}
	w.say("ann", "top chess")
	if s := w.last("ann"); !strings.Contains(s, "(3 games)") {
		t.Errorf("ann's own board does not count every game:\n%s", s)
	}
}
