package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"umpire/store"
)

// The lock-out of a group, tried as a stranger would: one member opens
// two tournaments and walks away. The second is refused, so the group's
// other place stays free; the first lapses a week after it was opened,
// and the group is told; an administrator of the group cancels any
// tournament of it, a member who is none cannot, and its maker may cancel
// its own sign-up.
func TestTournamentLockOut(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.tr.SetAdmin("club", "carl", true)
	w.group("club", "mal", "tournament chess")
	if s := w.last("club"); !strings.Contains(s, "If nobody begins it within 7 d, the sign-up lapses") {
		t.Errorf("the sign-up does not say when it lapses: %q", s)
	}
	w.group("club", "mal", "tournament dark")
	if s := w.last("mal"); !strings.Contains(s, "You opened tournament 1 here") {
		t.Fatalf("a second tournament of one member: %q", s)
	}
	w.group("club", "ann", "tournament korona")
	if s := w.last("club"); !strings.Contains(s, "Tournament 2: Korona") {
		t.Fatalf("the group's other place was not free: %q", s)
	}
	w.group("club", "bob", "tournament cancel 2")
	if s := w.last("bob"); !strings.Contains(s, "Only an administrator of this group can cancel tournament 2") {
		t.Errorf("a member's cancel: %q", s)
	}
	w.group("club", "carl", "tournament cancel 2")
	if s := w.last("club"); !strings.Contains(s, "Tournament 2 is cancelled by an administrator of the group") {
		t.Fatalf("an administrator's cancel: %q", s)
	}
	w.group("club", "ann", "tournament dark")
	w.group("club", "ann", "tournament cancel 3")
	if s := w.last("club"); !strings.Contains(s, "Tournament 3 is cancelled by its maker") {
		t.Fatalf("the maker's cancel: %q", s)
	}
	w.now = w.now.Add(7*day - time.Minute)
	w.tick()
	if tn, _ := w.db.Tournament(1); tn.State != store.TourneySignup {
		t.Fatalf("the sign-up lapsed early: %s", tn.State)
	}
	w.now = w.now.Add(time.Minute)
	w.tick()
	w.tick() // a second tick says nothing more
	if s := groupMessages(w.tr.To("club"), "The sign-up of tournament 1 lapsed"); len(s) != 1 || !strings.Contains(s[0].Text, "within 7 d") {
		t.Fatalf("the group was not told once of the lapse: %q", textsOf(w.tr.To("club")))
	}
	w.group("club", "bob", "tournament join 1")
	if s := w.last("bob"); !strings.Contains(s, "no open tournament 1") {
		t.Errorf("a join after the lapse: %q", s)
	}
	w.group("club", "mal", "tournament chess")
	if s := w.last("club"); !strings.Contains(s, "Tournament 4: chess") {
		t.Errorf("the maker's place after the lapse: %q", s)
	}
}

// A tournament under way ends within its time: 90 days for one without a
// clock. A game not over then is lost on time by whoever it waits for,
// and the final table follows; a tick before then does nothing.
func TestTournamentTimeUp(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament chess")
	w.group("club", "bob", "tournament join")
	w.group("club", "ann", "tournament begin")
	if s := w.last("club"); !strings.Contains(s, "It has 90 d to be played") {
		t.Errorf("the start does not say the tournament's time: %q", s)
	}
	g := w.game(w.tourneyGames(1)[0])
	white, black := w.seatedUser(g, "white"), w.seatedUser(g, "black")
	w.say(white, fmt.Sprintf("#%d e2e4", g.ID))
	w.now = w.now.Add(50 * day) // slow, but within the 60 days an idle game is given
	w.say(black, fmt.Sprintf("#%d e7e5", g.ID))
	w.now = w.now.Add(40*day - time.Minute)
	w.tick()
	if g := w.game(g.ID); g.State != store.StatePlaying {
		t.Fatalf("the game ended before the tournament's time: %s %s", g.Result, g.Reason)
	}
	w.now = w.now.Add(time.Minute)
	w.tick()
	if g := w.game(g.ID); g.State != store.StateOver || g.Result != "0-1" {
		t.Fatalf("White, to move when the time was up, did not lose: %s %s %s", g.State, g.Result, g.Reason)
	}
	w.tick()
	if s := groupMessages(w.tr.To("club"), "The time of tournament 1 is up"); len(s) != 1 {
		t.Errorf("the group was told %d times that the time is up", len(s))
	}
	if s := groupMessages(w.tr.To("club"), "is over: the final table"); len(s) != 1 {
		t.Errorf("final tables: %d", len(s))
	}
}

// An administrator ends a tournament under way that a sock puppet stalls
// (a tournament without a clock, whose puppet never moves): every game it
// holds up is lost by it, the others by whoever they wait for, and the
// final table follows at once.
func TestTournamentAdminEnds(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.tr.SetAdmin("club", "carl", true)
	w.group("club", "ann", "tournament dark")
	w.group("club", "bob", "tournament join")
	w.group("club", "mal", "tournament join")
	w.group("club", "ann", "tournament begin")
	w.group("club", "ann", "tournament cancel")
	if s := w.last("ann"); !strings.Contains(s, "Only an administrator of this group can cancel tournament 1") {
		t.Errorf("the maker's cancel once begun: %q", s)
	}
	mal := mustPlayer(t, w, "mal").ID
	for _, id := range w.tourneyGames(1) {
		g := w.game(id)
		if white := w.seatedUser(g, "white"); white != "mal" {
			w.say(white, fmt.Sprintf("#%d e2e4", id)) // the puppet's opponents wait for it
		}
	}
	w.group("club", "carl", "tournament cancel")
	if s := groupMessages(w.tr.To("club"), "An administrator of the group ended tournament 1"); len(s) != 1 {
		t.Fatalf("the group was not told: %q", textsOf(w.tr.To("club")))
	}
	for _, id := range w.tourneyGames(1) {
		g := w.game(id)
		if g.State != store.StateOver {
			t.Fatalf("game %d goes on", id)
		}
		if seat, in := g.SeatOf(mal); in && !strings.HasPrefix(g.Result, map[string]string{"white": "0-1", "black": "1-0"}[string(seat)]) {
			t.Errorf("the puppet's game %d: %s %s", id, g.Result, g.Reason)
		}
	}
	if s := groupMessages(w.tr.To("club"), "is over: the final table"); len(s) != 1 {
		t.Errorf("final tables: %d", len(s))
	}
	if s := groupMessages(w.tr.To("club"), "The time of tournament 1 is up"); len(s) != 0 {
		t.Errorf("an administrator's end was said as the time's: %q", s[0].Text)
	}
}
