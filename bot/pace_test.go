package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"umpire/bot/record"
	"umpire/internal/randgame"
	"umpire/referee"
	"umpire/store"
)

// A pause by agreement: offered by one seat, it stops nothing until the
// other accepts (a button); then every decision's time moves on by it,
// and a tick within it rules nothing; resume #N ends it early and gives
// the time not used back to the game's allowance.
func TestPauseAgreedEndedEarly(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d")
	w.say("ann", "e2e4")
	due := turnEnds(w.game(1))
	w.say("bob", "pause 3d")
	w.contains("bob", "You offered to stop the clocks of game #1 for 3 d")
	offer := w.tr.Last("ann")
	if !strings.Contains(offer.Text, "Black offers to stop the clocks of game #1 for 3 d") || len(offer.Buttons) < 2 ||
		offer.Buttons[0].Command != "pause #1 accept" || offer.Buttons[1].Command != "pause #1 decline" {
		t.Fatalf("White's offer: %q, buttons %v", offer.Text, offer.Buttons)
	}
	if got := turnEnds(w.game(1)); !got.Equal(due) {
		t.Fatalf("an offer alone moved Black's move to %v", got)
	}
	w.say("bob", "pause #1 accept")
	w.contains("bob", "is your own offer")
	w.say("ann", "pause #1 accept")
	for _, who := range []string{"ann", "bob"} {
		w.contains(who, "the clocks stand still until 2026-05-04 12:00 UTC")
	}
	if got := turnEnds(w.game(1)); !got.Equal(due.Add(3 * day)) {
		t.Fatalf("with the pause Black's move is due %v; want %v", got, due.Add(3*day))
	}
	w.now = due.Add(time.Hour)
	w.tick()
	if g := w.game(1); g.State != store.StatePlaying {
		t.Fatalf("a tick within the pause ended the game: %s %s", g.Result, g.Reason)
	}
	w.say("ann", "resume #1")
	w.contains("bob", "White ended the pause, the clocks run again. Pause left in this game: 12 d 23 h.")
	g := w.game(1)
	if got, want := turnEnds(g), due.Add(25*time.Hour); !got.Equal(want) || g.Pace.Paused != 25*time.Hour {
		t.Errorf("after a pause of 25 h Black's move is due %v (want %v), %v of pause used", got, want, g.Pace.Paused)
	}
	w.say("bob", "pause 14d")
	w.contains("bob", "Game #1 has 12 d 23 h of pause left")
	w.say("bob", "resume #1")
	w.contains("bob", "No pause the players agreed is on in game #1.")
}

// A pause that a player declines changes nothing; one in a game without
// a clock, or in one not begun, is refused.
func TestPauseDeclined(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d")
	due := turnEnds(w.game(1))
	w.say("ann", "pause 2d")
	w.say("bob", "pause #1 decline")
	w.contains("ann", "Black declined the pause of game #1: the clocks run on.")
	w.say("bob", "pause #1 accept")
	w.contains("bob", "No pause is offered in game #1")
	if got := turnEnds(w.game(1)); !got.Equal(due) {
		t.Errorf("a declined pause moved White's move to %v", got)
	}
	w.say("ann", "new chess")
	w.say("ann", "#2 pause 1d")
	w.contains("ann", "The game needs a clock for it.")
	w.say("ann", "new chess 1d")
	w.say("ann", "#3 pause 1d")
	w.contains("ann", "Game #3 has not begun: seats are still free.")
}

// Two automatic extensions, each one more period from where the time
// ended, for a seat that sent nothing; both seats are told; then the loss.
// A seat that was heard (a draw offer, a pause offered, time given, a
// message told) gets none, while a seat whose only action was a try
// refused in private (dark chess) counts as silent, so that an extension
// tells nothing of it.
func TestExtensionsThenLoss(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d ext2")
	start := w.now
	if s := w.last("ann"); !strings.Contains(s, "1 d per move, 2 extensions left.") {
		t.Errorf("White's start does not say its pace:\n%s", s)
	}
	for i, left := range []string{"1", "0"} {
		w.now = start.Add(time.Duration(i+1) * day)
		w.tick()
		w.contains("ann", "an automatic extension gives you 1 d more, until 2026-05-0"+fmt.Sprint(i+3)+" 12:00 UTC. Extensions left: "+left+".")
		w.contains("bob", "White's time in game #1 ran out with nothing heard from them: an automatic extension gives them 1 d more ("+left+" left).")
		if got, want := turnEnds(w.game(1)), start.Add(time.Duration(i+2)*day); !got.Equal(want) {
			t.Errorf("extension %d: White's move is due %v; want %v", i+1, got, want)
		}
	}
	w.say("bob", "games")
	w.contains("bob", "1 d per move, 2 extensions left")
	w.now = start.Add(3 * day)
	w.tick()
	if g := w.game(1); g.State != store.StateOver || g.Result != "0-1" || g.Reason != "timeout" {
		t.Fatalf("after the extensions: %s %s %s; want 0-1 on time", g.State, g.Result, g.Reason)
	}
	pgn, err := record.PGN(w.db, 1)
	if err != nil || !strings.Contains(pgn, `[TimeControl "1/86400"]`) || !strings.Contains(pgn, `[UmpirePace "1d ext2"]`) {
		t.Errorf("PGN: %v\n%s", err, pgn)
	}
	w.say("ann", "rematch")
	w.say("bob", "rematch #1")
	if g := w.game(2); g.State != store.StatePlaying || g.Pace.Ext != 2 || len(g.Pace.Used) != 0 {
		t.Errorf("the rematch: %s, pace %+v; want two extensions each, none used", g.State, g.Pace)
	}

	for _, tt := range []struct{ control, said string }{ // White heard on its turn, so out of time
		{"1d", "draw"}, {"1d", "pause 2d"}, {"1d+1h", "give 1h"}, {"1d", "tell black hello"},
	} {
		heard := twoPlayer(t, "chess "+tt.control+" ext1")
		heard.say("ann", tt.said)
		heard.now = heard.now.Add(day)
		heard.tick()
		if g := heard.game(1); g.State != store.StateOver {
			t.Errorf("a seat heard (%s) got an extension", tt.said)
		}
	}
	private := twoPlayer(t, "dark 1d ext1")
	private.say("ann", "e2e5")
	private.now = private.now.Add(day)
	private.tick()
	if g := private.game(1); g.State != store.StatePlaying || g.Pace.Used["white"] != 1 {
		t.Errorf("a private try refused cost the extension: %s, %v used", g.State, g.Pace.Used)
	}
}

// Deadlines at a fixed hour: 21:00 in the maker's zone (Berlin), at least
// the period away, through Berlin's change of 25 October 2026 (a move
// due after it is due at 21:00 CET, 20:00 UTC); said to a player in New
// York in its own time, which changes with Berlin's change (15:00, then
// 16:00 EDT) and again with New York's of 1 November (15:00 EST).
func TestFixedHourAcrossDST(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.now = time.Date(2026, 10, 20, 12, 0, 0, 0, time.UTC)
	w.say("ann", "tz Europe/Berlin")
	w.say("bob", "tz America/New_York")
	w.say("ann", "new chess 7d@21:00")
	w.contains("ann", "7 d per move at 21:00 Berlin.")
	w.say("bob", "join "+tokenOf(t, w, 1, "black"))
	utc := func(mo time.Month, d, h int) time.Time { return time.Date(2026, mo, d, h, 0, 0, 0, time.UTC) }
	if got, want := turnEnds(w.game(1)), utc(time.October, 27, 20); !got.Equal(want) {
		t.Fatalf("White's first move is due %v; want %v, 21:00 CET", got, want)
	}
	w.contains("ann", "7 d per move at 21:00 Berlin.")
	w.contains("bob", "7 d per move at 21:00 Berlin (16:00 your time).")
	w.now = utc(time.October, 27, 19)
	w.say("ann", "e2e4")
	if got, want := turnEnds(w.game(1)), utc(time.November, 3, 20); !got.Equal(want) {
		t.Fatalf("Black's move is due %v; want %v", got, want)
	}
	w.contains("bob", "7 d per move at 21:00 Berlin (15:00 your time).")
	w.say("bob", "games")
	w.contains("bob", "(15:00 your time)")

	w.now = utc(time.October, 23, 12) // a day per move, around Berlin's change
	w.say("ann", "new chess 1d@21:00")
	w.say("bob", "join "+tokenOf(t, w, 2, "black"))
	if got, want := turnEnds(w.game(2)), utc(time.October, 24, 19); !got.Equal(want) {
		t.Fatalf("game 2: White's move is due %v; want %v, 21:00 CEST", got, want)
	}
	w.now = utc(time.October, 24, 18) // 20:00 CEST: 21:00 CET on the long day is 26 h on
	w.say("ann", "#2 e2e4")
	if got, want := turnEnds(w.game(2)), utc(time.October, 25, 20); !got.Equal(want) {
		t.Errorf("game 2: Black's move is due %v; want %v, 21:00 CET", got, want)
	}
	w.say("bob", "#2 pause 12h") // at a fixed hour a pause is of whole days
	w.contains("bob", "You offered to stop the clocks of game #2 for 1 d:")
}

// give is one rule: to the decision under way when the receiver is to
// act, else to its next one, under the control's cap, with an increment
// or without; both seats are told which decision it went to.
func TestGiveToWhichDecision(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 3d+1d")
	w.say("ann", "give 1d") // White's turn: Black's next decision, its bank
	w.contains("ann", "Black: to their next decision.")
	w.contains("bob", "It goes to your next decision.")
	if b := w.game(1).Banks["black"]; b != 4*day {
		t.Errorf("Black's bank after a gift on White's turn: %v; want 4 d", b)
	}
	w.say("ann", "e2e4")
	if got := turnEnds(w.game(1)); !got.Equal(w.now.Add(4 * day)) {
		t.Errorf("Black's move is due %v; want its bank of 4 d", got)
	}
	w.say("bob", "e7e5")
	w.say("ann", "Nf3")
	w.say("ann", "give 14d") // Black's turn: its decision under way, to the cap of a full bank
	w.contains("ann", "Black: to the decision under way, now due 2026-05-07 12:00 UTC.")
	w.contains("bob", "It goes to your decision under way, now due 2026-05-07 12:00 UTC.")
	w.contains("ann", "at most 6 d")
	w.say("bob", "Nc6")
	if b := w.game(1).Banks["black"]; b != 6*day {
		t.Errorf("Black's bank after a quick move with a gift: %v; want what was left of it, capped at 6 d", b)
	}

	plain := twoPlayer(t, "chess 3d")
	plain.say("ann", "give 1d")
	plain.contains("ann", "there is nothing to give to now")
	plain.say("ann", "e2e4")
	plain.now = plain.now.Add(day)
	plain.say("ann", "give 5d")
	plain.contains("ann", "Black: to the decision under way, now due 2026-05-05 12:00 UTC.")
	plain.contains("ann", "at most 3 d")
}

// step lets the seat to move in game id act in private: a legal move, or
// the secret choice the referee asks for first (a pawn to grow).
func (w *world) step(id uint64, rng *rand.Rand) {
	w.t.Helper()
	g, rg := w.replay(id)
	v, _ := referee.Lookup(g.Variant)
	turn := rg.Turn()
	move, refused := randgame.FindMove(randgame.TryOn(v, g.Options, g.Log), turn, randgame.Candidates(rg.View(referee.God), turn, rng))
	switch {
	case move != "":
		w.say(player(v, turn), fmt.Sprintf("#%d %s", id, move))
	case refused == referee.ReasonSecretFirst, refused == referee.ReasonSecretAwaited:
		if !w.makeSecret(g, v, rng) {
			w.t.Fatalf("game %d: a secret is owed, but none found", id)
		}
	default:
		w.t.Fatalf("game %d: no move for %s", id, turn)
	}
}

// lastBy is the seat of game id's last log entry.
func (w *world) lastBy(id uint64) referee.Seat {
	g := w.game(id)
	return g.Log[len(g.Log)-1].Seat
}

// Civil disorder in three-player chess: Red's time runs out, the group and
// Red are told, and the house plays Red from Red's view, twice; then
// Red's player moves and takes the seat back at once, the group is told,
// and the house plays Red no more. The record marks the house's moves.
func TestCivilDisorderTriad(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rng := rand.New(rand.NewPCG(1, 2))
	w.group("table", "p0", "new triad 1d cd")
	w.contains("table", "Clock: 1 d per move.\nPace: civil disorder (the house sits in for a seat out of time).")
	for i, s := range []string{"white", "red", "black"} {
		w.group("table", fmt.Sprintf("p%d", i), "join #1 "+s)
	}
	w.group("table", "p0", "d2d4")
	w.now = w.now.Add(day)
	w.tick()
	w.contains("table", "Red's time in game #1 ran out: the house plays that seat until its player acts again (civil disorder); after 7 days the seat leaves the game.")
	w.contains("p1", "Your time in game #1 ran out: the house plays your seat")
	for round := range 2 {
		w.settle()
		if by := w.lastBy(1); by != referee.Red {
			t.Fatalf("round %d: the house did not move for Red (last entry %s)", round, by)
		}
		w.step(1, rng) // Black
		w.step(1, rng) // White
	}
	if _, rg := w.replay(1); rg.Turn() != referee.Red {
		t.Fatalf("Red is not to move: %s", rg.Turn())
	}
	w.step(1, rng) // Red's player, in private
	if !strings.Contains(strings.Join(textsOf(w.tr.To("p1")), "\n"), "Your seat in game #1 is yours again") {
		t.Errorf("Red's player was not told it has its seat back")
	}
	if !strings.Contains(strings.Join(textsOf(w.tr.To("table")), "\n"), "Game #1: Red's player is back; the house plays that seat no more.") {
		t.Errorf("the group was not told that Red is back")
	}
	w.step(1, rng)
	w.step(1, rng)
	n := len(w.game(1).Log)
	w.settle()
	if g := w.game(1); len(g.Log) != n {
		t.Errorf("the house moved for Red after its player came back: %v", g.Log[n:])
	}
	pgn, err := record.PGN(w.db, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(pgn, "The house played for Red (civil disorder)."); got != 2 || !strings.Contains(pgn, `[UmpirePace "1d cd"]`) {
		t.Errorf("the PGN marks %d moves as the house's; want 2:\n%s", got, pgn)
	}
	w.say("p0", "moves #1")
	if got := strings.Count(w.last("p0"), "The house played for Red (civil disorder)."); got != 2 {
		t.Errorf("White's record marks %d moves as the house's; want 2:\n%s", got, w.last("p0"))
	}
}

// A seat in civil disorder for a whole week leaves the game as a seat out
// of time does (triad.md 2.8): its next move is its timeout.
func TestCivilDisorderWeek(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rng := rand.New(rand.NewPCG(3, 4))
	w.group("table", "p0", "new triad 1d cd")
	for i, s := range []string{"white", "red", "black"} {
		w.group("table", fmt.Sprintf("p%d", i), "join #1 "+s)
	}
	w.group("table", "p0", "d2d4")
	w.now = w.now.Add(day)
	w.tick()
	w.settle()
	for range 7 { // a week of rounds, a day each, the house moving for Red
		w.now = w.now.Add(day)
		w.step(1, rng)
		w.step(1, rng)
		w.tick()
		w.settle()
	}
	g := w.game(1)
	last := g.Log[len(g.Log)-1]
	if last.Seat != referee.Red || last.Text != "timeout" {
		t.Fatalf("after a week in disorder Red's last entry is %+v; want its timeout", last)
	}
	if !strings.Contains(strings.Join(textsOf(w.tr.To("table")), "\n"), "Red") {
		t.Errorf("the group heard nothing of Red")
	}
}

// Civil disorder in a game of two, in private: the house's move for White
// comes to White's player in White's own view, which says the house made
// it; Black is told of the disorder; White's player moves and has the
// seat back at once, and Black hears that White is back with that move.
func TestCivilDisorderTwoPlayer(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d cd")
	w.now = w.now.Add(day)
	w.tick()
	w.contains("bob", "White's time in game #1 ran out: the house plays that seat")
	w.settle()
	if by := w.lastBy(1); by != referee.White {
		t.Fatalf("the house did not move for White (last entry %s)", by)
	}
	w.contains("ann", "The house moved for you: it plays your seat in game #1 until you act again.")
	w.contains("bob", "the house plays White until its player is back")
	w.say("bob", "Nc6")
	w.settle()
	if by := w.lastBy(1); by != referee.White {
		t.Fatalf("the house did not move for White again (last entry %s)", by)
	}
	w.say("bob", "Nf6")
	w.say("ann", "h3")
	if !strings.Contains(strings.Join(textsOf(w.tr.To("ann")), "\n"), "Your seat in game #1 is yours again") {
		t.Errorf("White's player was not told it has its seat back")
	}
	if !strings.Contains(strings.Join(textsOf(w.tr.To("bob")), "\n"), "Game #1: White's player is back; the house plays that seat no more.") {
		t.Errorf("Black was not told that White is back")
	}
	n := len(w.game(1).Log)
	w.say("bob", "e6")
	w.settle()
	if g := w.game(1); len(g.Log) != n+1 {
		t.Errorf("the house moved for White after its player came back: %v", g.Log[n:])
	}
}

// A move that comes after its time ran out while the clocks did not run
// (the umpire was down, no tick) is kept in the game as the clock would
// have kept it: by the extensions it has, spent on it and told of, or
// under civil disorder; without either it is the timeout it always was.
func TestLateMoveCaught(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		control string
		late    time.Duration
		playing bool
		used    int
	}{
		{"1d ext2", 36 * time.Hour, true, 1},
		{"1d ext2", 60 * time.Hour, true, 2},
		{"1d ext2", 84 * time.Hour, false, 2},
		{"1d cd", 84 * time.Hour, true, 0},
		{"1d", 36 * time.Hour, false, 0},
	} {
		w := twoPlayer(t, "chess "+tt.control)
		w.now = w.now.Add(tt.late)
		w.say("ann", "e2e4")
		g := w.game(1)
		if (g.State == store.StatePlaying) != tt.playing || g.Pace.Used["white"] != tt.used {
			t.Errorf("%s, %v late: %s %s, %d extensions used; want playing %v, %d used",
				tt.control, tt.late, g.State, g.Reason, g.Pace.Used["white"], tt.playing, tt.used)
		}
		if tt.used > 0 && tt.playing && !strings.Contains(strings.Join(textsOf(w.tr.To("bob")), "\n"), "White's time in game #1 ran out with nothing heard from them") {
			t.Errorf("%s, %v late: Black was not told of White's extension", tt.control, tt.late)
		}
	}
}

// In three-player chess a tell counts as heard only when every other
// player read it: Red, who told Black alone, still gets its extension
// (White heard nothing, and learns nothing from it); told to all, none.
func TestTellHeardByAll(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		to       string
		extended bool
	}{{"black", true}, {"all", false}} {
		w := newWorld(t)
		w.group("table", "p0", "new triad 1d ext1")
		for i, s := range []string{"white", "red", "black"} {
			w.group("table", fmt.Sprintf("p%d", i), "join #1 "+s)
		}
		w.group("table", "p0", "d2d4")
		w.say("p1", "tell #1 "+c.to+" hello")
		w.now = w.now.Add(day)
		w.tick()
		if got := w.game(1).Pace.Used["red"] == 1; got != c.extended {
			t.Errorf("Red told %s: extension used %v; want %v (pace %+v)", c.to, got, c.extended, w.game(1).Pace)
		}
	}
}
