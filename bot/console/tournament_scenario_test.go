package console

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"umpire/referee"
	"umpire/store"
)

// TestTournamentRussianGroup: three players in a console group, all
// reading Russian, run a round robin of chess: a sign-up by the words and
// by its button, the start, three games ended in private (two
// resignations and a draw agreed), the standings in the group after each
// and the final table with its file of games; all in Russian words, with
// Russian plurals.
func TestTournamentRussianGroup(t *testing.T) {
	t.Parallel()
	s := newScene(t, "ru", 5)
	names := map[string]string{"ann": "Анна", "bob": "Борис", "cid": "Сидор"}
	for _, p := range []string{"ann", "bob", "cid"} {
		s.say(p, "язык ru")
		s.say(p, "имя "+names[p])
	}
	s.line("ann@club> язык ru")
	signup := to("@club", s.line("ann@club> турнир шахматы 3д"))
	if len(signup) != 1 || !strings.Contains(signup[0].text, "Турнир 1: шахматы, 3 дн. на ход") || len(signup[0].buttons) != 2 {
		t.Fatalf("sign-up: %+v", signup)
	}
	s.line("bob@club> турнир участвую")
	joined := to("@club", s.line("cid@club> "+signup[0].buttons[0][1]))
	if len(joined) != 1 || !strings.Contains(joined[0].text, "Участники (3): Анна, Борис, Сидор") {
		t.Fatalf("after the joins: %+v", joined)
	}
	started := to("@club", s.line("ann@club> турнир начать"))
	if len(started) != 1 || len(started[0].buttons) != 0 || !strings.Contains(started[0].text, "Турнир 1 начался") || !strings.Contains(started[0].text, "3 партии") {
		t.Fatalf("start: %+v", started)
	}
	var games []uint64
	err := s.db.View(func(tx *store.Tx) error {
		m, err := tx.TourneyGames(1)
		for i := range len(m) {
			games = append(games, m[i])
		}
		return err
	})
	if err != nil || len(games) != 3 {
		t.Fatalf("games: %v %v", games, err)
	}
	user := func(g *store.Game, seat referee.Seat) string {
		p, err := s.db.Player(g.Seats[seat].PlayerID)
		if err != nil {
			t.Fatal(err)
		}
		return p.Addresses[0].ID
	}
	var group []message
	for i, id := range games {
		g, _ := s.db.Game(id)
		white, black := user(g, "white"), user(g, "black")
		group = append(group, to("@club", s.say(white, fmt.Sprintf("#%d e2e4", id)))...)
		switch i {
		case 0:
			group = append(group, to("@club", s.say(black, fmt.Sprintf("#%d сдаюсь", id)))...)
		case 1:
			s.say(black, fmt.Sprintf("#%d ничья", id))
			group = append(group, to("@club", s.say(white, fmt.Sprintf("#%d ничья", id)))...)
		case 2:
			group = append(group, to("@club", s.say(white, fmt.Sprintf("#%d сдаюсь", id)))...)
		}
	}
	var all []string
	for _, m := range group {
		all = append(all, m.text)
	}
	text := strings.Join(all, "\n---\n")
	for _, want := range []string{"таблица после 1 из 3 партий", "таблица после 2 из 3 партий",
		"Турнир 1 (шахматы) окончен: итоговая таблица, сыграны все партии (3)", "сыграно 2 из 2"} {
		if !strings.Contains(text, want) {
			t.Errorf("the group was not told %q; it was told:\n%s", want, text)
		}
	}
	if latin := latinWord.FindAllString(stripCommands(text), -1); len(latin) > 0 {
		t.Errorf("English words in the Russian group: %q\n%s", latin, text)
	}
}

// latinWord is a word of three Latin letters or more: none belongs in a
// Russian text but the name of the PGN format.
var latinWord = regexp.MustCompile(`\b[A-Za-z]{3,}\b`)

// stripCommands drops what the console itself prints about a message (its
// files, its picture) and the name PGN.
func stripCommands(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "file: ") && !strings.HasPrefix(l, "picture: ") {
			out = append(out, strings.ReplaceAll(l, "PGN", ""))
		}
	}
	return strings.Join(out, "\n")
}
