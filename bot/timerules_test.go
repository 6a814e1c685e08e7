package bot_test

import (
	"strings"
	"testing"
	"time"

	"umpire/bot/record"
	"umpire/store"
)

const day = 24 * time.Hour

// With an increment a seat's time is a bank: each move spends what it
// took and adds the increment, never above twice the clock; the PGN says
// the control in its incremental form.
func TestIncrementBank(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 2d+1d")
	if g := w.game(1); g.Increment != day || g.Clock != 2*day {
		t.Fatalf("control: %v + %v", g.Clock, g.Increment)
	}
	if got := turnEnds(w.game(1)); !got.Equal(w.now.Add(2 * day)) {
		t.Fatalf("White's first move is due %v, want in 2 d", got)
	}
	w.now = w.now.Add(6 * time.Hour)
	w.say("ann", "e2e4") // 2d - 6h + 1d = 2d 18h
	if b := w.game(1).Banks["white"]; b != 2*day+18*time.Hour {
		t.Errorf("White's bank after a move of 6 h: %v", b)
	}
	w.now = w.now.Add(time.Hour)
	w.say("bob", "e7e5") // Black: 2d - 1h + 1d = 2d 23h
	g := w.game(1)
	if b := g.Banks["black"]; b != 2*day+23*time.Hour {
		t.Errorf("Black's bank: %v", b)
	}
	if got := turnEnds(g); !got.Equal(w.now.Add(2*day + 18*time.Hour)) {
		t.Errorf("White's move is due %v, want its bank of 2 d 18 h from now", got)
	}
	for range 4 { // quick moves: the bank stops at twice the clock
		w.say("ann", "Nf3")
		w.say("bob", "Nf6")
		w.say("ann", "Ng1")
		w.say("bob", "Ng8")
	}
	if b := w.game(1).Banks["white"]; b != 4*day {
		t.Errorf("White's bank after quick moves: %v, want the cap of 4 d", b)
	}
	pgn, err := record.PGN(w.db, 1)
	if err != nil || !strings.Contains(pgn, `[TimeControl "172800+86400"]`) {
		t.Errorf("PGN TimeControl: %v\n%s", err, pgn)
	}
	w.say("ann", "new chess 1d+2d")
	if s := w.last("ann"); !strings.Contains(s, "1d+2d") {
		t.Errorf("an increment longer than the clock: %q", s)
	}
}

// give adds time to the opponent's decision under way, up to the most a
// decision has under the game's clock (its ceiling, the clock's longest
// form); a seat cannot give itself time; a game without a clock has none
// to give.
func TestGive(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 3d")
	w.say("ann", "e2e4")
	due := turnEnds(w.game(1))
	w.now = w.now.Add(2 * day) // a day left to Black
	w.say("ann", "give 1d")
	if got := turnEnds(w.game(1)); !got.Equal(due.Add(day)) {
		t.Errorf("after give 1d Black's move is due %v, want %v", got, due.Add(day))
	}
	if s := w.last("bob"); !strings.Contains(s, "White gave you 1 d more in game #1") {
		t.Errorf("Black was told %q", s)
	}
	if s := w.last("ann"); !strings.Contains(s, "You gave 1 d more in game #1") {
		t.Errorf("White was told %q", s)
	}
	w.say("ann", "give 5d") // 2 d left: 1 d more reaches the ceiling of 3 d
	if got := turnEnds(w.game(1)); !got.Equal(w.now.Add(3 * day)) {
		t.Errorf("after give 5d Black's move is due %v, want the ceiling, %v", got, w.now.Add(3*day))
	}
	if s := w.last("ann"); !strings.Contains(s, "You gave 1 d more in game #1") || !strings.Contains(s, "at most 3 d") {
		t.Errorf("White was told %q", s)
	}
	w.say("ann", "give 1h")
	if s := w.last("ann"); !strings.Contains(s, "at its most already, 3 d") {
		t.Errorf("a gift at the ceiling: %q", s)
	}
	w.say("ann", "new chess")
	w.say("ann", "#2 give 1d")
	if s := w.last("ann"); !strings.Contains(s, "needs a clock") {
		t.Errorf("give without a clock: %q", s)
	}
}

// With an increment a seat's bank takes a gift up to a full bank, twice
// the clock, whether its decision is under way or not.
func TestGiveBankCeiling(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 1d+1h")
	w.say("ann", "give 14d") // White's own turn: Black has only its bank
	if b := w.game(1).Banks["black"]; b != 2*day {
		t.Errorf("Black's bank after give 14d: %v, want the ceiling of 2 d", b)
	}
	if s := w.last("ann"); !strings.Contains(s, "You gave 1 d more") || !strings.Contains(s, "at most 2 d") {
		t.Errorf("White was told %q", s)
	}
}

// Thirty gives in a row, before the opponent acts, are one message to it;
// the time adds up; once it has acted, a gift is news again.
func TestGiveMerged(t *testing.T) {
	t.Parallel()
	w := twoPlayer(t, "chess 3d")
	w.say("ann", "e2e4")
	w.now = w.now.Add(2 * day)
	due := turnEnds(w.game(1))
	before := len(w.tr.To("bob"))
	for range 30 {
		w.say("ann", "give 1h")
	}
	if got := turnEnds(w.game(1)); !got.Equal(due.Add(30 * time.Hour)) {
		t.Errorf("after 30 gives Black's move is due %v, want %v", got, due.Add(30*time.Hour))
	}
	got := w.tr.To("bob")[before:]
	if len(got) != 1 || !strings.Contains(got[0].Text, "White gave you 1 h more in game #1") {
		t.Fatalf("Black got %d messages of 30 gives: %q", len(got), textsOf(got))
	}
	if n := len(groupMessages(w.tr.To("ann"), "You gave 1 h more")); n != 30 {
		t.Errorf("White's answers: %d", n)
	}
	w.say("bob", "e7e5")
	w.say("ann", "Nf3")
	w.now = w.now.Add(day)
	w.say("ann", "give 1h")
	if s := w.last("bob"); !strings.Contains(s, "White gave you 1 h more in game #1") {
		t.Errorf("a gift after Black acted: %q", s)
	}
}

// Under the claim rule a seat out of time does not lose at once: the
// opponent is told, may claim the win, or give time; unanswered, the loss
// is ruled after a day.
func TestClaimRule(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"claim", "give", "silence", "move"} {
		t.Run(how, func(t *testing.T) {
			w := newWorld(t)
			w.say("ann", "new chess 1d claim")
			w.say("bob", "join "+tokenOf(t, w, 1, "black"))
			w.say("ann", "e2e4")
			w.say("ann", "claim")
			if s := w.last("ann"); !strings.Contains(s, "Nobody's time has run out") {
				t.Errorf("an early claim: %q", s)
			}
			w.now = w.now.Add(day + time.Minute)
			w.tick()
			if g := w.game(1); g.State != store.StatePlaying {
				t.Fatalf("the flag fell at once under the claim rule: %s %s", g.Result, g.Reason)
			}
			if s := w.last("ann"); !strings.Contains(s, "Black's time in game #1 ran out") || !strings.Contains(s, "claim #1") {
				t.Fatalf("White was told %q", s)
			}
			if s := w.last("bob"); !strings.Contains(s, "Your time in game #1 ran out") {
				t.Errorf("Black was told %q", s)
			}
			switch how {
			case "claim":
				w.say("ann", "claim")
				if g := w.game(1); g.State != store.StateOver || g.Result != "1-0" {
					t.Errorf("after the claim: %s %s %s", g.State, g.Result, g.Reason)
				}
			case "give":
				w.say("ann", "give 1d")
				w.now = w.now.Add(day + time.Hour)
				w.tick()
				if g := w.game(1); g.State != store.StatePlaying || len(g.Waits) != 1 || g.Waits[0].Flagged.IsZero() {
					t.Errorf("given a day, then out again: %s, waits %+v", g.State, g.Waits)
				}
			case "silence":
				w.now = w.now.Add(day + time.Minute)
				w.tick()
				if g := w.game(1); g.State != store.StateOver || g.Result != "1-0" {
					t.Errorf("a day without a claim: %s %s", g.State, g.Result)
				}
			case "move":
				w.say("bob", "e7e5")
				if g := w.game(1); g.State != store.StatePlaying || !g.Waits[0].Flagged.IsZero() {
					t.Errorf("a move while flagged: %s %+v", g.State, g.Waits)
				}
			}
		})
	}
}

// A clock is said whole, in every language: at the creation the time per
// move, what each move adds and up to what, and the claim rule; in games
// the same control beside the variant.
func TestClockSaidWhole(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ lang, made, created, bank, games string }{
		{"en", "new dark 3d+1d claim", "Clock: 3 d + 1 d per move, a loss on time only when claimed.",
			"Each move adds 1 d to its player's time, up to 6 d at most.",
			"#1 dark chess, fog rules (3 d + 1 d per move, a loss on time only when claimed) against bob (Black): your move, 3 d left"},
		{"ru", "новая тёмные 3д+1д требую", "Часы: 3 дн. + 1 дн. на ход, поражение по времени только по требованию соперника.",
			"Каждый ход прибавляет игроку 1 дн.; больше 6 дн. не накапливается.",
			"#1 тёмные шахматы, правила «туман» (3 дн. + 1 дн. на ход, поражение по времени только по требованию соперника), соперник: bob (чёрные); ваш ход, осталось 3 дн."},
		{"eo", "nova malluma 3t+1t postuli", "Horloĝo: 3 t. + 1 t. por movo, malvenko pro tempo nur se postulita.",
			"Ĉiu movo aldonas 1 t. al la tempo de sia ludanto, ĝis 6 t. plej multe.",
			"#1 malluma ŝako, regularo nebulo (3 t. + 1 t. por movo, malvenko pro tempo nur se postulita) kontraŭ bob (la nigraj): via vico, restas 3 t."},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.say("ann", "lang "+tt.lang)
			w.say("ann", tt.made)
			for _, want := range []string{tt.created, tt.bank} {
				if s := w.last("ann"); !strings.Contains(s, want) {
					t.Errorf("the creation says\n%s\nnot %q", s, want)
				}
			}
			w.say("bob", "join "+tokenOf(t, w, 1, "black"))
			w.say("ann", map[string]string{"en": "games", "ru": "игры", "eo": "ludoj"}[tt.lang])
			if s := w.last("ann"); !strings.Contains(s, tt.games) {
				t.Errorf("games says\n%s\nnot %q", s, tt.games)
			}
		})
	}
}
