package bot_test

import (
	"strings"
	"testing"
	"time"
	"umpire/internal/testkit"

	"umpire/referee"
	"umpire/store"
)

// heard reports whether any message to id holds want.
func (w *world) heard(id, want string) bool {
	return strings.Contains(strings.Join(textsOf(w.tr.To(id)), "\n"), want)
}

// waitKeys lists the decisions game id is timing.
func (w *world) waitKeys(id uint64) []string {
	var out []string
	for _, wt := range w.game(id).Waits {
		out = append(out, wt.Key)
	}
	return out
}

// TestClockKoronaCrowns: in Korona the crowns are sealed on the game's
// time; a seat that has not sealed by then loses on time, before any move;
// the move clock starts when both have sealed.
func TestClockKoronaCrowns(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := w.now
	w.say("alice", "new korona 1d with bob")
	w.say("bob", "join "+w.token(1, referee.Black))
	if got := strings.Join(w.waitKeys(1), ","); got != "crown white,crown black" {
		t.Fatalf("waiting for %s; want both crowns", got)
	}
	w.contains("alice", "Time left to seal your crown: 1 d.")
	w.contains("bob", "Move 1, White to move.")
	w.contains("bob", "begins: alice (White), bob (Black).\nTime left to seal your crown: 1 d.")
	w.now = start.Add(2 * time.Hour)
	w.say("alice", "crown king")
	if got := strings.Join(w.waitKeys(1), ","); got != "crown black" {
		t.Fatalf("after white's crown, waiting for %s; want black's", got)
	}
	w.now = start.Add(18 * time.Hour)
	alice := len(w.tr.To("alice"))
	w.tick()
	w.contains("bob", "Game #1: seal your crown (crown king or crown dame, in private); 6 h left, then you lose on time.")
	if len(w.tr.To("alice")) != alice {
		t.Errorf("white, who sealed, was reminded: %q", w.last("alice"))
	}
	w.say("alice", "games")
	w.contains("alice", "#1 Korona (1 d per move) against bob (Black): Black to seal the crown, 6 h left")
	w.now = start.Add(24 * time.Hour)
	w.tick()
	g := w.game(1)
	if g.State != store.StateOver || g.Result != "1-0" || g.Reason != "timeout" {
		t.Fatalf("black out of time before sealing: %s %s %s; want over, 1-0 on time", g.State, g.Result, g.Reason)
	}
	if last := g.Log[len(g.Log)-1]; last.Seat != referee.Black || last.Text != "timeout" {
		t.Errorf("last log entry %+v; want black's timeout", last)
	}
	for _, id := range []string{"alice", "bob"} {
		if !w.heard(id, ": White wins (time, ruled by the umpire).") {
			t.Errorf("%s is not told of the loss on time:\n%s", id, w.last(id))
		}
	}
	if _, rg := w.replay(1); rg.Turn() != "" {
		t.Errorf("the replay goes on")
	}

	w.now = start.Add(48 * time.Hour)
	w.say("alice", "new korona 1d with bob")
	w.say("bob", "join "+w.token(2, referee.Black))
	w.now = w.now.Add(time.Hour)
	w.say("alice", "#2 crown dame")
	w.now = w.now.Add(4 * time.Hour)
	w.say("bob", "#2 crown king")
	g = w.game(2)
	if len(g.Waits) != 1 || g.Waits[0].Key != "move white 0" || !g.Waits[0].Ends.Equal(w.now.Add(24*time.Hour)) {
		t.Fatalf("once both sealed: waits %+v; want white's first move, a day from the second seal", g.Waits)
	}
	w.contains("alice", "Move 1, your turn.")
	w.contains("alice", "\nTime left for your move: 1 d.")
}

// triadMen: black will serve white and red, who may both order on black's
// third turn.
const triadMen = "................/................/wPwP............/........wK....wR | ................/................/..rPrP........../rR......rK...... | ................/bN............bN/..bPbPbP..bPbPbP/........bK......"

// TestClockTriadOrder: in triad every decision has the time control:
// orders held for a Servant that does not choose are dropped when its
// time runs out, the Servant then moves itself on a new time, and a seat
// out of time on its move leaves the game.
func TestClockTriadOrder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := w.now
	w.group("table", "p0", "new triad 1d")
	if _, err := w.db.Apply(1, "", func(g *store.Game) ([]store.Outgoing, error) {
		g.Options.FEN = triadMen + " white"
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, s := range []string{"white", "red", "black"} {
		w.group("table", "p"+string(rune('0'+i)), "join #1 "+s)
	}
	seat := map[string]string{"white": "p0", "red": "p1", "black": "p2"}
	for _, line := range strings.Split(testkit.TriadServant, "\n") {
		who, text, _ := strings.Cut(line, " ")
		w.group("table", seat[who], text)
	}
	w.now = start.Add(time.Hour)
	w.group("table", "p0", "order black d3")
	w.group("table", "p1", "order black f3")
	if got := strings.Join(w.waitKeys(1), ","); got != "choose black 3" {
		t.Fatalf("waiting for %s; want black's choice", got)
	}
	if ends := w.game(1).Waits[0].Ends; !ends.Equal(start.Add(25 * time.Hour)) {
		t.Fatalf("the choice runs out at %v; want a day after the first order held", ends)
	}
	w.now = start.Add(19 * time.Hour)
	w.tick()
	w.contains("p2", "Game #1: choose one of the orders held for you (choose SEAT); 6 h left, then they are dropped and you move yourself.")
	w.now = start.Add(25 * time.Hour)
	w.tick()
	w.contains("table", "Black did not choose in time: the orders held are dropped, and Black moves on its own.")
	g := w.game(1)
	if g.State != store.StatePlaying || len(g.Waits) != 1 || g.Waits[0].Key != "move black 3" || !g.Waits[0].Ends.Equal(w.now.Add(24*time.Hour)) {
		t.Fatalf("after the orders lapsed: %s, waits %+v; want black's own move on a new day", g.State, g.Waits)
	}
	w.group("table", "p0", "order black d3")
	w.contains("p0", "impossible") // refused: to its writer alone
	w.group("table", "p2", "g3")
	w.now = w.now.Add(24 * time.Hour)
	w.tick()
	if !w.heard("table", "White's king is gone (time, ruled by the umpire)") {
		t.Errorf("white's timeout is not told:\n%s", w.last("table"))
	}
	// black still serves red, so red alone is in the game, which ends
	g = w.game(1)
	if g.State != store.StateOver || g.Result != "1-2-0" || g.Reason != "timeout" || len(g.Waits) != 0 {
		t.Fatalf("after white's timeout: %s %s %s, waits %+v; want over, 1-2-0 on time (black left first, as a Servant)", g.State, g.Result, g.Reason, g.Waits)
	}
	if _, rg := w.replay(1); rg.Turn() != "" {
		t.Errorf("the replay goes on, %s to move", rg.Turn())
	}
}

// TestClockTriadOffer: an offer not answered in time lapses.
func TestClockTriadOffer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := w.now
	v, _ := referee.Lookup("triad")
	w.group("table", "p0", "new triad 2d")
	for i, s := range v.Seats {
		w.group("table", "p"+string(rune('0'+i)), "join #1 "+string(s))
	}
	for _, m := range []struct{ who, text string }{{"p0", "d2d4"}, {"p1", "d4"}, {"p2", "bd2bd4"}, {"p0", "Nf3"},
		{"p1", "f4"}, {"p2", "dxrd4"}, {"p0", "wd4rd4"}} {
		w.group("table", m.who, m.text)
	}
	w.now = start.Add(time.Hour)
	w.group("table", "p0", "vassal offer black")
	if got := strings.Join(w.waitKeys(1), ","); got != "move red 3,offer vassal white black" {
		t.Fatalf("waiting for %s; want red's move and black's answer", got)
	}
	w.now = start.Add(49 * time.Hour)
	w.tick() // red's time ran out first: red leaves; then the offer lapses
	w.contains("table", "No answer in time: the offer that Black serve White has lapsed.")
	if !w.heard("table", "Red's king is gone (time, ruled by the umpire)") {
		t.Errorf("red's timeout is not told:\n%s", w.last("table"))
	}
	w.group("table", "p2", "vassal accept white")
	w.contains("p2", "impossible")
	w.group("table", "p0", "timeout lord black")
	w.contains("p0", "timeout is the umpire's word")
}

// TestVacation: a vacation stops the clocks of all the player's games at
// once within the yearly allowance, and the opponents are told; back ends
// it early, gives back the whole days not used and starts the clocks.
func TestVacation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := w.now
	w.say("alice", "new dark 1d with bob")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("alice", "new kriegspiel 2d black with carol")
	w.say("carol", "join "+w.token(2, referee.White))
	w.say("alice", "vacation")
	w.contains("alice", "Write vacation and a number of days, as in vacation 5d. You have 30 d of vacation left this year")
	w.say("alice", "back")
	w.contains("alice", "You are not on vacation.")

	w.now = start.Add(6 * time.Hour)
	w.say("alice", "vacation 5d")
	w.contains("alice", "You are on vacation until 2026-05-06 18:00 UTC: the clocks of your games stand still. Vacation left this year: 25 d.")
	w.contains("bob", "Game #1: alice is on vacation; the clocks stand still until 2026-05-06 18:00 UTC.")
	w.contains("carol", "Game #2: alice is on vacation; the clocks stand still until 2026-05-06 18:00 UTC.")
	if e1, e2 := turnEnds(w.game(1)), turnEnds(w.game(2)); !e1.Equal(start.Add(6*24*time.Hour)) || !e2.Equal(start.Add(7*24*time.Hour)) {
		t.Fatalf("clocks after the vacation began: %v, %v; want both pushed back 5 days", e1, e2)
	}
	if r := w.game(1).Waits[0].Remind; len(r) != 2 || !r[0].Equal(start.Add(5*24*time.Hour+18*time.Hour)) {
		t.Errorf("reminders after the vacation began: %v; want a quarter of the day and the last hour before the new end", r)
	}
	w.say("bob", "games")
	w.contains("bob", "White to move, 5 d 18 h left (the clocks stand still until 2026-05-06 18:00 UTC)")
	w.say("alice", "отпуск 3д")
	w.contains("alice", "You are on vacation until 2026-05-06 18:00 UTC; write back first to end it.")

	w.now = start.Add(3 * 24 * time.Hour)
	w.tick()
	if g := w.game(1); g.State != store.StatePlaying {
		t.Fatalf("game 1 ended during the vacation: %s", g.Reason)
	}
	w.say("carol", "#2 e4") // a move during the pause: alice's time starts at its end
	if e := turnEnds(w.game(2)); !e.Equal(start.Add(6*time.Hour + 7*24*time.Hour)) {
		t.Fatalf("alice's clock after a move in the pause ends %v; want two days after the pause", e)
	}

	w.now = start.Add(4 * 24 * time.Hour)
	w.say("alice", "reen")
	w.contains("alice", "Welcome back: the clocks of your games run again. Vacation left this year: 26 d.")
	w.contains("bob", "Game #1: alice is back; the clocks run again.")
	w.contains("carol", "Game #2: alice is back; the clocks run again.")
	back := 30 * time.Hour // the pause that was not used
	if e1, e2 := turnEnds(w.game(1)), turnEnds(w.game(2)); !e1.Equal(start.Add(6*24*time.Hour-back)) || !e2.Equal(w.now.Add(48*time.Hour)) {
		t.Fatalf("clocks after back: %v, %v; want the unused pause taken off", e1, e2)
	}
	w.now = start.Add(6*24*time.Hour - back)
	w.tick()
	if g := w.game(1); g.Result != "0-1" || g.Reason != "timeout" {
		t.Fatalf("game 1 after its pushed-back time: %s %s; want 0-1 on time", g.Result, g.Reason)
	}
	w.say("alice", "ferio 27")
	w.contains("alice", "27: you have only 26 d of vacation left this year (30 a year).")
	w.say("alice", "vacation 26d")
	w.contains("alice", "Vacation left this year: 0 d.")
}

// TestTimeZone: a player's time zone is read and kept; a reminder due in
// its night comes at the night's start instead.
func TestTimeZone(t *testing.T) {
	t.Parallel()
	w := newWorld(t) // 12:00 UTC, 15:00 in Moscow
	w.say("alice", "tz Nowhere/City")
	w.contains("alice", "Write tz and a time zone, as in tz Europe/Moscow or tz UTC.")
	w.say("alice", "пояс Europe/Moscow")
	w.contains("alice", "Your time zone: Europe/Moscow. I send no reminders between 22:00 and 08:00 there.")
	w.say("alice", "new dark 12h with bob")
	w.say("bob", "join "+w.token(1, referee.Black))
	g := w.game(1)
	dusk := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC) // 22:00 in Moscow
	if len(g.Waits) != 1 || len(g.Waits[0].Remind) != 1 || !g.Waits[0].Remind[0].Equal(dusk) {
		t.Fatalf("reminders %+v; want one, at 22:00 Moscow time, for both night ones (00:00 and 02:00)", g.Waits)
	}
	w.now = dusk
	w.tick()
	w.contains("alice", "Game #1: your move; 5 h left, then you lose on time.")
	n := len(w.tr.To("alice"))
	w.now = dusk.Add(4 * time.Hour)
	w.tick()
	if len(w.tr.To("alice")) != n {
		t.Errorf("a reminder in the night: %q", w.last("alice"))
	}
}

// TestGamesList: games in play first, with whose turn and the time left,
// then the open ones, then only the latest finished ones.
func TestGamesList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := uint64(1); i <= 7; i++ {
		w.say("alice", "new chess with bob")
		w.say("bob", "join "+w.token(i, referee.Black))
		w.say("alice", "resign")
	}
	w.say("alice", "new chess 3d with bob")
	w.say("bob", "join "+w.token(8, referee.Black))
	w.say("alice", "new dark")
	w.say("alice", "games")
	got := w.last("alice")
	want := "Your games:\n#8 chess (3 d per move) against bob (Black): your move, 3 d left\n#9 dark chess, fog rules: waiting for players\n" +
		"#7 chess against bob (Black): over, 0-1\n#6 chess against bob (Black): over, 0-1\n#5 chess against bob (Black): over, 0-1\n" +
		"#4 chess against bob (Black): over, 0-1\n#3 chess against bob (Black): over, 0-1\n" +
		"… and 2 older finished games."
	if !strings.HasPrefix(got, want) {
		t.Errorf("games:\n%s\nwant:\n%s", got, want)
	}
}

// TestClockTimeoutDraw: time running out is a draw when the other side
// could not win with the men left, and the players are told why.
func TestClockTimeoutDraw(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new chess 1h with bob")
	if _, err := w.db.Apply(1, "", func(g *store.Game) ([]store.Outgoing, error) {
		g.Options.FEN = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1" // black has a bare king
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	w.say("bob", "join "+w.token(1, referee.Black))
	w.now = w.now.Add(time.Hour)
	w.tick()
	if g := w.game(1); g.Result != "1/2-1/2" || g.Reason != "timeout" {
		t.Fatalf("white out of time against a bare king: %s %s; want a draw on time", g.Result, g.Reason)
	}
	for _, id := range []string{"alice", "bob"} {
		if !w.heard(id, "Time ran out, but the game is drawn: the other side could not have won with the men left") {
			t.Errorf("%s is not told why the game is drawn:\n%s", id, w.last(id))
		}
	}
}
