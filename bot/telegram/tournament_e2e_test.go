package telegram

import (
	"fmt"
	"strings"
	"testing"

	"umpire/bot/telegram/tgtest"
	"umpire/referee"
	"umpire/store"
)

// TestTournamentInTelegramGroup runs a three-player round robin of chess
// through the fake Bot API: the sign-up in the group (Ann's, in her
// Russian), joins by its button, each edit of the list in place, the
// start, the three games played in private to their ends, the standings
// in the group after each, and the final table with the PGN of all games
// as a document.
func TestTournamentInTelegramGroup(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	for _, u := range []int64{ann, bob, carol} {
		g.step(g.srv.Start(u))
	}
	g.step(g.srv.Group(club, ann, "/tournament@umpire_test_bot chess 3d"))
	signup, _ := g.srv.Last(club)
	if !strings.Contains(signup.Text, "Турнир 1: шахматы") || len(signup.Buttons) == 0 {
		t.Fatalf("sign-up: %+v", signup)
	}
	join := signup.Buttons[0][0].Data
	for _, u := range []int64{bob, carol} {
		g.step(g.srv.Press(u, club, signup.MessageID, join))
	}
	lists := 0
	for _, m := range g.srv.To(club) {
		if strings.Contains(m.Text, "Участники (") {
			lists++
			if m.MessageID != signup.MessageID {
				t.Errorf("the list of players went in a new message %d, not the sign-up %d", m.MessageID, signup.MessageID)
			}
		}
	}
	if now, _ := g.srv.Last(club); !strings.Contains(now.Text, "Участники (3): Ann, Bob, Carol") || lists != 3 {
		t.Fatalf("after the joins (%d lists): %q", lists, now.Text)
	}
	g.step(g.srv.Group(club, ann, "/tournament@umpire_test_bot begin"))
	var games []uint64
	err := g.db.View(func(tx *store.Tx) error {
		m, err := tx.TourneyGames(1)
		for i := range len(m) {
			games = append(games, m[i])
		}
		return err
	})
	if err != nil || len(games) != 3 {
		t.Fatalf("games: %v %v", games, err)
	}
	users := g.users(ann, bob, carol)
	for i, id := range games {
		sg := g.stored(id)
		white, black := users[sg.Seats["white"].PlayerID], users[sg.Seats["black"].PlayerID]
		g.step(g.srv.Private(white, fmt.Sprintf("#%d e2e4", id)))
		loser := black
		if i == 1 {
			loser = white
		}
		g.step(g.srv.Private(loser, fmt.Sprintf("#%d resign", id)))
		if sg = g.stored(id); sg.State != store.StateOver {
			t.Fatalf("game %d: %s", id, sg.State)
		}
	}
	var standings, finals []tgtest.Sent
	var pgn []byte
	for _, m := range g.srv.To(club) {
		switch {
		case strings.Contains(m.Text, "итоговая таблица"):
			finals = append(finals, m)
		case strings.Contains(m.Text, "таблица после"):
			standings = append(standings, m)
		case m.FileName == "tournament-1.pgn":
			pgn = m.File
		}
		if strings.Contains(m.Text, "начинается") {
			t.Errorf("a game's start went to the tournament's group: %q", m.Text)
		}
	}
	if len(standings) != 3 || len(finals) != 1 {
		t.Fatalf("standings %d, finals %d", len(standings), len(finals))
	}
	for _, s := range standings {
		if s.Photo == nil {
			t.Errorf("standings without their picture: %q", s.Text)
		}
	}
	if standings[1].MessageID != standings[0].MessageID || !standings[1].Edited {
		t.Errorf("the standings were not edited in place: messages %d then %d", standings[0].MessageID, standings[1].MessageID)
	}
	if strings.Count(string(pgn), "[Event ") != 3 || !strings.Contains(string(pgn), `[Result "0-1"]`) {
		t.Errorf("the PGN of all games:\n%s", pgn)
	}
	if v, _ := referee.Lookup("chess"); v == nil {
		t.Fatal("no chess")
	}
}

// A group's administrator, as getChatMember says, cancels a member's
// sign-up; a member who is none is refused, and a command written again
// asks Telegram once (its answer is remembered a minute).
func TestTournamentCancelByAdministrator(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	for _, u := range []int64{ann, bob, carol} {
		g.step(g.srv.Start(u))
	}
	g.srv.SetMember(club, carol, tgtest.StatusAdministrator)
	g.step(g.srv.Group(club, ann, "/tournament@umpire_test_bot chess"))
	g.step(g.srv.Group(club, bob, "/tournament@umpire_test_bot cancel 1"))
	if m, _ := g.srv.Last(bob); !strings.Contains(m.Text, "Only an administrator of this group can cancel tournament 1") {
		t.Errorf("a member's cancel: %q", m.Text)
	}
	g.step(g.srv.Group(club, bob, "/tournament@umpire_test_bot cancel"))
	if n := g.srv.Calls("getChatMember"); n != 1 {
		t.Errorf("getChatMember asked %d times for one member within a minute", n)
	}
	g.step(g.srv.Group(club, carol, "/tournament@umpire_test_bot cancel 1"))
	if m, _ := g.srv.Last(club); !strings.Contains(m.Text, "Турнир 1 отменён администратором группы") {
		t.Fatalf("the administrator's cancel: %q", m.Text)
	}
	if tn, err := g.db.Tournament(1); err != nil || tn.State != store.TourneyOver {
		t.Errorf("tournament 1: %+v %v", tn, err)
	}
}
