package bot_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"umpire/bot/record"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// seatedUser is the user (the transport's id) in seat s of game g.
func (w *world) seatedUser(g *store.Game, s referee.Seat) string {
	w.t.Helper()
	p, err := w.db.Player(g.Seats[s].PlayerID)
	if err != nil {
		w.t.Fatal(err)
	}
	return p.Addresses[0].ID
}

// tourneyGames are the ids of tournament id's games, by pairing.
func (w *world) tourneyGames(id uint64) []uint64 {
	w.t.Helper()
	var out []uint64
	err := w.db.View(func(tx *store.Tx) error {
		games, err := tx.TourneyGames(id)
		for i := range len(games) {
			out = append(out, games[i])
		}
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return out
}

// ratingOf is a player's rating in a pool.
func (w *world) ratingOf(user, pool string) store.Rating {
	w.t.Helper()
	p, err := w.db.PlayerAt(store.Address{Transport: "test", ID: user})
	if err != nil {
		w.t.Fatal(err)
	}
	return p.Ratings[pool]
}

// groupMessages are the messages to a chat whose text contains s.
func groupMessages(ms []wire.Message, s string) []wire.Message {
	var out []wire.Message
	for _, m := range ms {
		if strings.Contains(m.Text, s) {
			out = append(out, m)
		}
	}
	return out
}

// A three-player round robin of chess in a group: sign-up with the
// button, a refused start, the start, three games played to their ends
// (a resignation each way and a draw agreed), the standings after each,
// the final table with its picture and one PGN of all games, and the
// ratings the games gave.
func TestTournamentRoundRobin(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, u := range []string{"ann", "bob", "cy"} {
		w.say(u, "name "+strings.ToUpper(u[:1])+u[1:])
	}
	w.group("club", "ann", "tournament chess 3d")
	signup := w.last("club")
	if !strings.Contains(signup, "Tournament 1: chess, 3 d per move") || !strings.Contains(signup, "Players (1): Ann") {
		t.Fatalf("sign-up: %q", signup)
	}
	btns := w.tr.Last("club").Buttons
	if len(btns) != 2 || btns[0].Command != "tournament join 1" || btns[1].Command != "tournament begin 1" {
		t.Fatalf("sign-up buttons: %+v", btns)
	}
	w.group("club", "bob", "tournament join")
	in := w.tr.Group("club", "cy", btns[0].Command)
	in.Pressed = "msg-1"
	w.do(in)
	if s := w.last("club"); !strings.Contains(s, "Players (3): Ann, Bob, Cy") {
		t.Fatalf("sign-up after joins: %q", s)
	}
	w.group("club", "bob", "tournament begin")
	if s := w.last("bob"); !strings.Contains(s, "Only the player who opened tournament 1 can begin it") {
		t.Fatalf("a start by another: %q", s)
	}
	w.group("club", "cy", "tournament join")
	if s := w.last("cy"); !strings.Contains(s, "signed up for tournament 1 already") {
		t.Fatalf("a second join: %q", s)
	}
	w.group("club", "ann", "tournament start")
	if s := w.last("club"); !strings.Contains(s, "Tournament 1 has begun") || !strings.Contains(s, "3 games") {
		t.Fatalf("start: %q", s)
	}
	games := w.tourneyGames(1)
	if len(games) != 3 {
		t.Fatalf("games made: %v", games)
	}
	w.group("club", "ann", "tournament join")
	if s := w.last("ann"); !strings.Contains(s, "has begun already") {
		t.Fatalf("a join after the start: %q", s)
	}
	// Each player has two games, one with each colour (Berger: 2-3, 1-2, 3-1).
	count := map[string]int{}
	for _, id := range games {
		g, _ := w.db.Game(id)
		if g.State != store.StatePlaying || g.Chat.ID != "club" || g.Tournament != 1 {
			t.Fatalf("game %d: %+v", id, g)
		}
		count[w.seatedUser(g, "white")]++
		count[w.seatedUser(g, "black")] += 10
	}
	for u, c := range count {
		if c != 11 {
			t.Errorf("%s plays %d as White and %d as Black", u, c%10, c/10)
		}
	}
	// Game 1: Black resigns. Game 2: a draw agreed. Game 3: White resigns.
	end := func(i int, how string) {
		g, _ := w.db.Game(games[i])
		white, black := w.seatedUser(g, "white"), w.seatedUser(g, "black")
		w.say(white, fmt.Sprintf("#%d e2e4", g.ID))
		switch how {
		case "black resigns":
			w.say(black, fmt.Sprintf("#%d resign", g.ID))
		case "white resigns":
			w.say(white, fmt.Sprintf("#%d resign", g.ID))
		case "draw":
			w.say(black, fmt.Sprintf("#%d draw", g.ID))
			w.say(white, fmt.Sprintf("#%d draw", g.ID))
		}
		if g, _ = w.db.Game(g.ID); g.State != store.StateOver {
			t.Fatalf("game %d did not end (%s)", g.ID, how)
		}
	}
	end(0, "black resigns")
	standings := groupMessages(w.tr.To("club"), "standings after")
	if len(standings) != 1 || !strings.Contains(standings[0].Text, "after 1 of 3 games") || standings[0].Image == nil {
		t.Fatalf("standings after one game: %+v", standings)
	}
	if standings[0].Status != "" && standings[0].Status != "tournament 1" {
		t.Errorf("standings slot %q", standings[0].Status)
	}
	end(1, "draw")
	end(2, "white resigns")
	final := groupMessages(w.tr.To("club"), "is over: the final table")
	if len(final) != 1 {
		t.Fatalf("final tables: %d; sent to the group: %v", len(final), w.tr.To("club"))
	}
	f := final[0]
	if f.Image == nil {
		t.Error("the final table has no picture")
	}
	pgn := string(fileNamed(f, ".pgn"))
	if n := strings.Count(pgn, "[Event "); n != 3 {
		t.Fatalf("the PGN holds %d games:\n%s", n, pgn)
	}
	for _, one := range strings.SplitAfter(pgn, "\n\n[Event")[0:1] {
		if _, err := record.ReadPGN(strings.TrimSuffix(one, "[Event")); err != nil {
			t.Errorf("the first game of the PGN does not read: %v", err)
		}
	}
	t.Logf("final table:\n%s", f.Text)
	// Everybody won one game, lost or drew one: the points say who.
	rows := strings.Split(f.Text, "\n")[1:]
	rows = rows[:len(rows)-1] // under the rows, what SB is
	if len(rows) != 3 {
		t.Fatalf("final rows: %q", rows)
	}
	for _, r := range rows {
		if !strings.Contains(r, "2 of 2 games played") {
			t.Errorf("row %q", r)
		}
	}
	// Ratings: two rated games each, with a deviation still provisional.
	for _, u := range []string{"ann", "bob", "cy"} {
		r := w.ratingOf(u, "chess")
		if r.Games != 2 || r.RD >= 350 || r.RD < 110 {
			t.Errorf("%s's rating: %+v", u, r)
		}
	}
	w.group("club", "ann", "top chess")
	top := w.last("club")
	if !strings.Contains(top, "best chess players of this group") || strings.Count(top, "?") != 3 {
		t.Errorf("top: %q", top)
	}
	for _, name := range []string{"Ann", "Bob", "Cy"} {
		if !strings.Contains(top, name) {
			t.Errorf("top lacks %s: %q", name, top)
		}
	}
	if strings.Contains(top, "test:") {
		t.Errorf("top shows an address: %q", top)
	}
	w.say("bob", "rating")
	if s := w.last("bob"); !strings.Contains(s, "chess: ") || !strings.Contains(s, "(2 games)") {
		t.Errorf("rating: %q", s)
	}
	w.group("club", "ann", "tournament")
	if s := w.last("club"); !strings.Contains(s, "Tournament 1 (chess) is over: the final table") {
		t.Errorf("tournament after the end: %q", s)
	}
}

// A player who leaves a tournament under way forfeits the games left:
// the umpire resigns them in the leaver's name, and the table says who
// left.
func TestTournamentLeave(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament dark casual")
	w.group("club", "bob", "tournament join")
	w.group("club", "cy", "tournament join")
	w.group("club", "ann", "tournament begin")
	games := w.tourneyGames(1)
	w.group("club", "cy", "tournament leave")
	if s := groupMessages(w.tr.To("club"), "left tournament 1"); len(s) != 1 {
		t.Fatalf("no word of the leaving: %v", w.tr.To("club"))
	}
	over := 0
	for _, id := range games {
		g, _ := w.db.Game(id)
		if _, in := g.SeatOf(mustPlayer(t, w, "cy").ID); in {
			if g.State != store.StateOver || g.Reason != "resignation" {
				t.Errorf("cy's game %d: %s %s %s", id, g.State, g.Result, g.Reason)
			}
			over++
		}
	}
	if over != 2 {
		t.Fatalf("cy had %d games", over)
	}
	st := groupMessages(w.tr.To("club"), "standings after 2 of 3")
	if len(st) == 0 || !strings.Contains(st[len(st)-1].Text, "left the tournament") {
		t.Errorf("standings: %v", st)
	}
	if r := w.ratingOf("ann", "dark"); r.Games != 0 {
		t.Errorf("a casual tournament rated a game: %+v", r)
	}
	w.group("club", "cy", "tournament leave")
	if s := w.last("cy"); !strings.Contains(s, "not playing in tournament 1") {
		t.Errorf("a second leave: %q", s)
	}
}

func mustPlayer(t *testing.T, w *world, user string) *store.Player {
	t.Helper()
	p, err := w.db.PlayerAt(store.Address{Transport: "test", ID: user})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Tournaments are a group's; bounded per group; an unknown number, and
// the words players get wrong, get answers that say what to write.
func TestTournamentRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "tournament chess")
	if s := w.last("ann"); !strings.Contains(s, "played in a group") {
		t.Errorf("in private: %q", s)
	}
	w.group("club", "ann", "tournament chess")
	w.group("club", "ann", "tournament korona")
	if s := w.last("ann"); !strings.Contains(s, "You opened tournament 1 here") || !strings.Contains(s, "tournament cancel 1") {
		t.Errorf("a second of the same maker: %q", s)
	}
	w.group("club", "cy", "tournament korona")
	w.group("club", "dan", "tournament dark")
	if s := w.last("dan"); !strings.Contains(s, "2 tournaments open already") || !strings.Contains(s, "lapses after 7 d") {
		t.Errorf("a third: %q", s)
	}
	w.group("club", "bob", "tournament join")
	if s := w.last("bob"); !strings.Contains(s, "tournaments 1, 2 open") {
		t.Errorf("join which: %q", s)
	}
	w.group("club", "bob", "tournament join 7")
	if s := w.last("bob"); !strings.Contains(s, "no open tournament 7") {
		t.Errorf("join 7: %q", s)
	}
	w.group("club", "bob", "tournament join 2")
	w.group("club", "bob", "tournament begin 2")
	if s := w.last("bob"); !strings.Contains(s, "Only the player who opened") {
		t.Errorf("begin by bob: %q", s)
	}
	w.group("club", "ann", "tournament begin 1")
	if s := w.last("ann"); !strings.Contains(s, "needs at least 2 players") {
		t.Errorf("begin alone: %q", s)
	}
	w.group("club", "ann", "tournament leave 1") // the maker cancels it
	if s := w.last("club"); !strings.Contains(s, "Tournament 1 is cancelled") {
		t.Errorf("cancel: %q", s)
	}
	w.group("club", "ann", "tournament chess vs house") // the house plays no tournament
	if s := w.last("ann"); !strings.Contains(s, "Write: tournament VARIANT") {
		t.Errorf("vs house: %q", s)
	}
	if slices.ContainsFunc(w.tr.To("club"), func(m wire.Message) bool { return strings.Contains(m.Text, "test:") }) {
		t.Error("an address was shown in the group")
	}
}

// A player who cannot press the group's button takes part by the maker's
// invitation: invited, it joins from its own chat by the tournament's
// number; a stranger who writes the same is refused, and learns nothing
// of the tournament.
func TestTournamentInvited(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament korona")
	w.group("club", "bob", "tournament invite carol")
	if s := w.last("bob"); !strings.Contains(s, "Only the player who opened tournament 1 sends") {
		t.Errorf("an invitation by another: %q", s)
	}
	w.group("club", "ann", "tournament invite carol")
	if s := w.last("carol"); !strings.Contains(s, "ann invites you to tournament 1: Korona") || !strings.Contains(s, "tournament join 1") {
		t.Fatalf("the invitation: %q", s)
	}
	if s := w.last("club"); !strings.Contains(s, "invitation to tournament 1 was sent") || strings.Contains(s, "carol") {
		t.Errorf("the group was told %q", s)
	}
	w.say("dave", "tournament join 1")
	if s := w.last("dave"); !strings.Contains(s, "played in a group") || strings.Contains(s, "Korona") {
		t.Errorf("a stranger's join: %q", s)
	}
	w.say("carol", "tournament join 1")
	if s := w.last("carol"); !strings.Contains(s, "You are signed up for tournament 1") {
		t.Fatalf("carol's join: %q", s)
	}
	w.group("club", "ann", "tournament begin")
	games := w.tourneyGames(1)
	if len(games) != 1 { // two players: one game
		t.Fatalf("games: %v", games)
	}
	g, _ := w.db.Game(games[0])
	if _, in := g.SeatOf(mustPlayer(t, w, "carol").ID); !in {
		t.Fatalf("carol is not seated in game %d", g.ID)
	}
}

// A three-player chess tournament of three: one game, played in the
// group, its points as the game gives them (the last in the game 2, then
// 1, then 0).
func TestTournamentTriad(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament triad")
	w.group("club", "bob", "tournament join")
	w.group("club", "ann", "tournament begin")
	if s := w.last("ann"); !strings.Contains(s, "needs at least 3 players") {
		t.Errorf("begin with two: %q", s)
	}
	w.group("club", "cy", "tournament join")
	w.group("club", "ann", "tournament begin")
	games := w.tourneyGames(1)
	if len(games) != 1 {
		t.Fatalf("games: %v", games)
	}
	g, _ := w.db.Game(games[0])
	v, _ := referee.Lookup("triad")
	first, second := w.seatedUser(g, v.Seats[0]), w.seatedUser(g, v.Seats[1])
	w.group("club", first, fmt.Sprintf("#%d resign", g.ID))
	w.group("club", second, fmt.Sprintf("#%d resign", g.ID))
	if g, _ = w.db.Game(g.ID); g.State != store.StateOver {
		t.Fatalf("game %d: %s", g.ID, g.State)
	}
	final := groupMessages(w.tr.To("club"), "is over: the final table")
	if len(final) != 1 || !strings.Contains(strings.Split(final[0].Text, "\n")[1], ": 2 (") {
		t.Fatalf("final: %v", final)
	}
	if r := w.ratingOf(first, "triad"); r.Games != 1 || r.R >= 1500 {
		t.Errorf("the first to resign: %+v", r)
	}
}

// A tournament keeps a pace as a game does (new … ext2 cd): its sign-up
// says it, and every game it makes starts with it; a pace without a
// clock is refused as in new.
func TestTournamentPace(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament chess ext2")
	if s := w.last("ann"); !strings.Contains(s, "give it one") {
		t.Errorf("a pace without a clock: %q", s)
	}
	w.group("club", "ann", "tournament chess 1d ext2 cd")
	if s := w.last("club"); !strings.Contains(s, "Pace: 2 extensions each, civil disorder") {
		t.Errorf("the sign-up does not say the pace: %q", s)
	}
	w.group("club", "bob", "tournament join")
	w.group("club", "ann", "tournament begin")
	games := w.tourneyGames(1)
	if len(games) != 1 {
		t.Fatalf("games: %v", games)
	}
	g, _ := w.db.Game(games[0])
	if want := (store.Pace{Ext: 2, Disorder: true}); g.Pace.Ext != want.Ext || g.Pace.Disorder != want.Disorder || g.Clock != 24*time.Hour {
		t.Errorf("the tournament's game has clock %v and pace %+v; want 1 d and %+v", g.Clock, g.Pace, want)
	}
	w.say("cy", "tz Europe/Moscow")
	w.group("club", "cy", "tournament dark 1d@21:00")
	if s := w.last("club"); !strings.Contains(s, "1 d per move at 21:00 Moscow") {
		t.Errorf("the sign-up does not say the maker's hour: %q", s)
	}
}

// A rematch: offered after the end by one player (the end's button
// carries it), heard by the other with a button, accepted, played with
// the colours swapped; once only; refused to a stranger and before the
// end.
func TestRematch(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess")
	w.say("carl", "rematch #1")
	if s := w.last("carl"); !strings.Contains(s, "did not play game #1") {
		t.Errorf("a stranger: %q", s)
	}
	w.say("ann", "rematch #1")
	if s := w.last("ann"); !strings.Contains(s, "not over yet") {
		t.Errorf("before the end: %q", s)
	}
	w.say("ann", "e2e4")
	w.say("bob", "resign")
	end := w.tr.Last("ann")
	if !slices.ContainsFunc(end.Buttons, func(b wire.Button) bool { return b.Command == "rematch #1" }) {
		t.Errorf("the end has no rematch button: %+v", end.Buttons)
	}
	w.say("bob", "rematch")
	if s := w.last("bob"); !strings.Contains(s, "offer of a rematch of game #1 went to your opponent") {
		t.Errorf("the offerer was told %q", s)
	}
	offer := w.tr.Last("ann")
	if !strings.Contains(offer.Text, "offers a rematch of game #1") || len(offer.Buttons) != 1 {
		t.Fatalf("the offer: %+v", offer)
	}
	w.say("bob", "rematch 1")
	if s := w.last("bob"); !strings.Contains(s, "offered the rematch of game #1 already") {
		t.Errorf("a second offer: %q", s)
	}
	w.say("ann", offer.Buttons[0].Command)
	g, err := w.db.Game(2)
	if err != nil || g.State != store.StatePlaying {
		t.Fatalf("no rematch: %v %+v", err, g)
	}
	if w.seatedUser(g, "white") != "bob" || w.seatedUser(g, "black") != "ann" {
		t.Errorf("colours not swapped: white %s", w.seatedUser(g, "white"))
	}
	w.say("ann", "rematch #1")
	if s := w.last("ann"); !strings.Contains(s, "had its rematch already") {
		t.Errorf("a second rematch: %q", s)
	}
}

// tokenOf is the token of a seat of game id.
func tokenOf(t *testing.T, w *world, id uint64, seat referee.Seat) string {
	t.Helper()
	g, err := w.db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Seats[seat].Token
}

// The house plays again at once.
func TestRematchHouse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "new chess vs house 1")
	w.say("ann", "resign")
	w.say("ann", "rematch")
	g, err := w.db.Game(2)
	if err != nil || g.State != store.StatePlaying || g.House != 1 {
		t.Fatalf("no rematch with the house: %v %+v", err, g)
	}
	if w.seatedUser(g, "black") != "ann" {
		t.Errorf("ann is not Black in the rematch")
	}
}

// A start cut short after the tournament was marked begun, before its
// games were made (a crash), is finished by the next tick: every game
// made once, none twice.
func TestTournamentUnmadeAfterCrash(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament chess")
	w.group("club", "bob", "tournament join")
	w.group("club", "cy", "tournament join")
	err := w.db.Update(func(tx *store.Tx) error { // what Begin's first transaction leaves
		tn, err := tx.Tournament(1)
		if err != nil {
			return err
		}
		tn.State = store.TourneyPlaying
		tn.Pairings = []store.Pairing{{Round: 1, Seats: []int{1, 2}}, {Round: 2, Seats: []int{0, 1}}, {Round: 3, Seats: []int{2, 0}}}
		return tx.PutTournament(tn)
	})
	if err != nil {
		t.Fatal(err)
	}
	w.tick()
	w.tick()
	if games := w.tourneyGames(1); len(games) != 3 {
		t.Fatalf("games after the ticks: %v", games)
	}
	tn, _ := w.db.Tournament(1)
	if !tn.Made {
		t.Error("the tournament is not marked made")
	}
	n := 0
	for id := uint64(1); ; id++ {
		if _, err := w.db.Game(id); err != nil {
			break
		}
		n++
	}
	if n != 3 {
		t.Errorf("%d games in the store, want 3", n)
	}
}

// An offer of a rematch lapses after a week: a later one is an offer
// anew, which the other must accept.
func TestRematchLapses(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess")
	w.say("ann", "e2e4")
	w.say("bob", "resign")
	w.say("ann", "rematch")
	w.now = w.now.Add(8 * 24 * time.Hour)
	w.say("bob", "rematch")
	if _, err := w.db.Game(2); err == nil {
		t.Fatal("a lapsed offer made the game")
	}
	if s := w.last("ann"); !strings.Contains(s, "bob offers a rematch of game #1") {
		t.Errorf("ann was not offered anew: %q", s)
	}
	w.say("ann", "rematch #1")
	if g, err := w.db.Game(2); err != nil || g.State != store.StatePlaying {
		t.Fatalf("no rematch: %v", err)
	}
}

// A rematch between a player of one transport and one by mail: each is
// offered it, and answers it, on its own.
func TestRematchAcrossTransports(t *testing.T) {
	t.Parallel()
	w := newCrossWorld(t, true)
	w.say("ann", "new chess white")
	w.say("ann", "invite black friend@example.org")
	w.flushBoth()
	m := joinToken.FindStringSubmatch(w.email.Last("friend@example.org").Text)
	if m == nil {
		t.Fatal("no invitation mailed")
	}
	w.mail("friend@example.org", "join "+m[1])
	w.say("ann", "e2e4")
	w.mail("friend@example.org", "#1 resign")
	w.say("ann", "rematch #1")
	w.flushBoth()
	offer := w.email.Last("friend@example.org")
	if !strings.Contains(offer.Text, "offers a rematch of game #1") {
		t.Fatalf("the mail player's offer: %q", offer.Text)
	}
	w.mail("friend@example.org", "rematch #1")
	g, err := w.db.Game(2)
	if err != nil || g.State != store.StatePlaying {
		t.Fatalf("no rematch: %v", err)
	}
	if w.seatedUser(g, "black") != "ann" || w.seatedUser(g, "white") != "friend@example.org" {
		t.Errorf("seats of the rematch: %+v", g.Seats)
	}
	if !strings.Contains(w.email.Last("friend@example.org").Text, "#2") {
		t.Errorf("the mail player did not hear of game #2: %q", w.email.Last("friend@example.org").Text)
	}
}

// A tournament's time rules go to each of its games.
func TestTournamentTimeRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "ann", "tournament chess 2d+1d claim")
	if s := w.last("club"); !strings.Contains(s, "chess, 2 d + 1 d per move") {
		t.Errorf("sign-up: %q", s)
	}
	w.group("club", "bob", "tournament join")
	w.group("club", "ann", "tournament begin")
	g := w.game(w.tourneyGames(1)[0])
	if g.Clock != 2*day || g.Increment != day || g.TimeRule != "claim" {
		t.Errorf("the game's clock: %v + %v, rule %q", g.Clock, g.Increment, g.TimeRule)
	}
}

// A mail player, whose sender could be forged, is asked to confirm a
// rematch by reply before it is offered in its name (the reply's
// confirmation is the mail transport's, tested with it).
func TestRematchByForgeableMail(t *testing.T) {
	t.Parallel()
	w := newCrossWorld(t, true)
	w.say("ann", "new chess white")
	w.say("ann", "invite black friend@example.org")
	w.flushBoth()
	m := joinToken.FindStringSubmatch(w.email.Last("friend@example.org").Text)
	w.mail("friend@example.org", "join "+m[1])
	w.say("ann", "e2e4")
	w.say("ann", "resign")
	in := w.email.Private("friend@example.org", "rematch #1")
	in.Forgeable = true
	if err := w.bot.Handle(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	w.flushBoth()
	ask := w.email.Last("friend@example.org")
	if !strings.Contains(ask.Text, "the command rematch: “rematch #1”") {
		t.Fatalf("no confirmation asked: %q", ask.Text)
	}
	if strings.Contains(w.last("ann"), "offers a rematch") {
		t.Fatal("offered before the confirmation")
	}
	in = w.email.Private("friend@example.org", "rating")
	in.Forgeable = true
	if err := w.bot.Handle(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	w.flushBoth()
	if s := w.email.Last("friend@example.org").Text; !strings.Contains(s, "chess: ") {
		t.Errorf("rating by mail: %q", s)
	}
}

// A game aborted before all its seats were taken has no rematch, and the
// answer says so; nor does a tournament's game abort.
func TestRematchUnseatedAndTourneyAbort(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("ann", "new chess")
	w.say("ann", "abort #1")
	w.say("ann", "rematch #1")
	if s := w.last("ann"); !strings.Contains(s, "never had all its players") {
		t.Errorf("rematch of an unseated game: %q", s)
	}
	w.group("club", "ann", "tournament chess")
	w.group("club", "bob", "tournament join")
	w.group("club", "ann", "tournament begin")
	id := w.tourneyGames(1)[0]
	w.say("bob", fmt.Sprintf("abort #%d", id))
	if g := w.game(id); g.State != store.StatePlaying {
		t.Errorf("a tournament game was aborted")
	}
}
