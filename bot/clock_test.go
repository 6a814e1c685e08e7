package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"
	"umpire/bot"
	"umpire/bot/record"

	"umpire/referee"
	"umpire/store"
)

// tick runs the bot's clocks at the world's time and sends what they
// queued.
func (w *world) tick() {
	w.t.Helper()
	if err := w.bot.Tick(context.Background()); err != nil {
		w.t.Fatalf("Tick: %v", err)
	}
	w.flush()
}

// game loads game id.
func (w *world) game(id uint64) *store.Game {
	w.t.Helper()
	g, err := w.db.Game(id)
	if err != nil {
		w.t.Fatal(err)
	}
	return g
}

// turnEnds is when the only decision game g waits for runs out.
func turnEnds(g *store.Game) time.Time {
	if len(g.Waits) != 1 {
		return time.Time{}
	}
	return g.Waits[0].Ends
}

// counts are how many messages each of ids has had.
func (w *world) counts(ids ...string) map[string]int {
	m := map[string]int{}
	for _, id := range ids {
		m[id] = len(w.tr.To(id))
	}
	return m
}

// TestClockTimeout: in a game with a day per move, the seat to move is
// reminded once with a quarter of its time left, then loses on time; both
// seats and the chat are told, and the log replays the end.
func TestClockTimeout(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := w.now
	w.group("club", "alice", "new dark 1d")
	w.contains("club", "Clock: 1 d per move.")
	w.group("club", "alice", "join #1 white")
	w.group("club", "bob", "join #1 black")
	w.contains("alice", "Time left for your move: 1 d.")
	w.contains("bob", "White to move.")
	if strings.Contains(w.last("bob"), "left") {
		t.Errorf("bob, not to move, is told a time left:\n%s", w.last("bob"))
	}
	g := w.game(1)
	if ends := turnEnds(g); !ends.Equal(start.Add(24*time.Hour)) || !g.Deadline.Equal(start.Add(18*time.Hour)) {
		t.Fatalf("turn ends %v, deadline %v; want a day, and 18 hours, after the start", ends, g.Deadline)
	}

	w.now = start.Add(17 * time.Hour)
	before := w.counts("alice", "bob", "club")
	w.tick()
	if got := w.counts("alice", "bob", "club"); got["alice"] != before["alice"] || got["bob"] != before["bob"] || got["club"] != before["club"] {
		t.Fatalf("a tick before any deadline sent something: %v, was %v", got, before)
	}

	w.now = start.Add(18 * time.Hour)
	w.tick()
	w.contains("alice", "Game #1: your move; 6 h left, then you lose on time.")
	w.say("alice", "games")
	w.contains("alice", "#1 dark chess, fog rules (1 d per move) against bob (Black): your move, 6 h left")
	w.now = start.Add(20 * time.Hour)
	w.tick()
	after := w.counts("alice", "bob", "club")
	if after["alice"] != before["alice"]+2 || after["bob"] != before["bob"] || after["club"] != before["club"] {
		t.Fatalf("messages after the reminder and a second tick: %v, was %v; want one reminder (and the games list) to alice only", after, before)
	}

	w.now = start.Add(24 * time.Hour)
	w.tick()
	for _, id := range []string{"alice", "bob", "club"} {
		if !strings.Contains(strings.Join(textsOf(w.tr.To(id)), "\n"), ": Black wins (time, ruled by the umpire).") {
			t.Errorf("%s is not told of the loss on time:\n%s", id, w.last(id))
		}
	}
	g = w.game(1)
	if g.State != store.StateOver || g.Result != "0-1" || g.Reason != "timeout" {
		t.Fatalf("after the time: %s %s %s; want over, 0-1, timeout", g.State, g.Result, g.Reason)
	}
	if last := g.Log[len(g.Log)-1]; last.Seat != referee.White || last.Text != "timeout" {
		t.Errorf("last log entry %+v; want white's timeout", last)
	}
	if !g.Deadline.IsZero() || len(g.Waits) != 0 {
		t.Errorf("a finished game keeps its clock: deadline %v, waits %v", g.Deadline, g.Waits)
	}
	if due, err := w.db.Due(w.now.Add(365 * 24 * time.Hour)); err != nil || len(due) != 0 {
		t.Errorf("Due after the end: %v, %v; want none", due, err)
	}
	_, rg := w.replay(1)
	if result, reason := rg.Result(); result != "0-1" || reason != "timeout" {
		t.Errorf("replay ends %s %s; want 0-1 timeout", result, reason)
	}
	pgn, err := record.PGN(w.db, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[TimeControl "1/86400"]`, `[Termination "time forfeit"]`, `[Result "0-1"]`, "White ran out of time."} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %s:\n%s", want, pgn)
		}
	}

	n := len(w.tr.Sent())
	w.now = start.Add(48 * time.Hour)
	w.tick()
	if len(w.tr.Sent()) != n {
		t.Errorf("a tick after the end sent %d messages", len(w.tr.Sent())-n)
	}
}

// TestClockMoveInTime: a move in time gives the other seat its own full
// time, and the mover's old deadline passes harmlessly.
func TestClockMoveInTime(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := w.now
	w.say("alice", "new dark 1d with bob")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.now = start.Add(19 * time.Hour)
	w.tick()
	w.contains("alice", "your move; 5 h left")
	w.now = start.Add(20 * time.Hour)
	w.say("alice", "e4")
	w.contains("bob", "Move 1, your turn.")
	w.contains("bob", "Time left for your move: 1 d.")
	g := w.game(1)
	if ends := turnEnds(g); !ends.Equal(w.now.Add(24*time.Hour)) || !g.Deadline.Equal(w.now.Add(18*time.Hour)) {
		t.Fatalf("after the move: turn ends %v, deadline %v; want a day, and 18 hours, after it", ends, g.Deadline)
	}
	w.now = start.Add(25 * time.Hour) // white's old time is up: nothing happens
	w.tick()
	if g := w.game(1); g.State != store.StatePlaying {
		t.Fatalf("game %s, %s after white moved in time", g.State, g.Reason)
	}
	w.say("alice", "games")
	w.contains("alice", "#1 dark chess, fog rules (1 d per move) against bob (Black): Black to move, 19 h left")
	w.now = start.Add(38 * time.Hour)
	n := len(w.tr.To("alice"))
	w.tick()
	w.contains("bob", "Game #1: your move; 6 h left, then you lose on time.")
	if len(w.tr.To("alice")) != n {
		t.Errorf("black's reminder told white something: %q", w.last("alice"))
	}
	w.now = start.Add(39 * time.Hour)
	w.say("bob", "e5")
	w.contains("alice", "Time left for your move: 1 d.")
	w.now = start.Add(62 * time.Hour)
	w.tick()
	if g := w.game(1); g.State != store.StatePlaying {
		t.Fatalf("game %s, %s before white's time is up", g.State, g.Reason)
	}
	w.now = start.Add(63 * time.Hour)
	w.tick()
	if g := w.game(1); g.Result != "0-1" || g.Reason != "timeout" {
		t.Fatalf("game %s %s; want 0-1 on time", g.Result, g.Reason)
	}
}

// TestNoClock: a game made without a time control has no decision timed,
// only the day it is abandoned if nobody acts (bot.AbandonAfter), and
// shows no time; a player cannot play the umpire's timeout; a bad control
// is refused; every variant may have a clock.
func TestNoClock(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new dark with bob")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.contains("alice", "Move 1, your turn.")
	w.say("alice", "e4")
	if g := w.game(1); g.Clock != 0 || !g.Deadline.Equal(w.now.Add(bot.AbandonAfter)) || len(g.Waits) != 0 {
		t.Fatalf("no control, yet clock %v, deadline %v, waits %v", g.Clock, g.Deadline, g.Waits)
	}
	w.say("bob", "games")
	w.contains("bob", "#1 dark chess, fog rules against alice (White): your move")
	if strings.Contains(w.last("bob"), "left") {
		t.Errorf("games shows a time left without a clock:\n%s", w.last("bob"))
	}
	w.now = w.now.Add(bot.AbandonAfter - time.Hour) // no decision is timed; only the abandonment waits
	w.tick()
	if g := w.game(1); g.State != store.StatePlaying {
		t.Fatalf("a game without a clock ended: %s", g.Reason)
	}
	w.say("bob", "timeout")
	w.contains("bob", "timeout is the umpire's word")
	if g := w.game(1); g.State != store.StatePlaying {
		t.Fatalf("a player's timeout ended the game: %s", g.Reason)
	}

	w.say("carol", "new dark 15d")
	w.contains("carol", "15d: a time control is days or hours per move")
	w.say("carol", "new dark 30m")
	w.contains("carol", "30m: a time control is days or hours per move")
	w.say("carol", "new dark 2d 3d")
	w.contains("carol", "Write: new VARIANT")
	w.group("club", "carol", "new triad 3d")
	w.contains("club", "Clock: 3 d per move.")
	w.say("carol", "new korona 3d")
	w.contains("carol", "Clock: 3 d per move.")
	w.say("carol", "new kriegspiel 3d")
	w.contains("carol", "Clock: 3 d per move.")
	w.say("carol", "новая dark 12ч")
	w.contains("carol", "Clock: 12 h per move.")
	w.say("carol", "nova dark 3t")
	w.contains("carol", "Clock: 3 d per move.")
}
