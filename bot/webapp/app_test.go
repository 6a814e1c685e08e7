package webapp_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
	"umpire/bot/telegram/tgtest"

	"umpire/bot/webapp"
)

// TestTapPlaysAsTyped: a line sent through the app is played as if typed
// in the private chat: the log grows, the opponent hears of it on
// Telegram, the page's next state shows the move, and the same request
// sent again is played once.
func TestTapPlaysAsTyped(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("chess")
	st := r.state(ann, id)
	if st.Seat != "white" || st.Turn != "white" || len(st.Rows) != 8 || st.Armies["w"] != "" || st.Shape != nil {
		t.Fatalf("Ann's state: seat %q turn %q rows %d armies %v shape %v", st.Seat, st.Turn, len(st.Rows), st.Armies, st.Shape != nil)
	}
	if code, body := r.post(ann, id, "e2e4", "tap-1"); code != http.StatusOK {
		t.Fatalf("act: %d %s", code, body)
	}
	r.wait(ben, "e4")
	if code, _ := r.post(ann, id, "e2e4", "tap-1"); code != http.StatusOK {
		t.Fatalf("the same act again: %d", code)
	}
	g, _ := r.db.Game(id)
	if len(g.Log) != 1 {
		t.Fatalf("log %v; want e2e4 once", g.Log)
	}
	st = r.state(ann, id)
	if !slices.Equal(st.Marks["last"], []string{"e2", "e4"}) || st.Cells[28] != "wP" || st.Turn != "black" {
		t.Errorf("after e2e4: last %v, e4 %q, turn %q", st.Marks["last"], st.Cells[28], st.Turn)
	}
}

// TestAppRefusal: a move the referee refuses is answered with its reason
// in the reader's words, and changes nothing.
func TestAppRefusal(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("chess")
	code, body := r.post(ben, id, "e7e5", "b-1")
	if code != http.StatusOK || !bytes.Contains(body, []byte(`"said"`)) {
		t.Fatalf("Black's move on White's turn: %d %s; want a reason", code, body)
	}
	if g, _ := r.db.Game(id); len(g.Log) != 0 {
		t.Fatalf("log %v; want nothing played", g.Log)
	}
}

// TestAppRefusesStrangers: forged, expired or missing init data, a user
// with no seat, a game that does not exist: the same answer, byte for
// byte, which says nothing of the game.
func TestAppRefusesStrangers(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("chess")
	path := fmt.Sprintf("/api/state?game=%d", id)
	_, want := r.get(0, path)
	forged := strings.Replace(r.initData(ann), "1001", "1002", 1)
	old := webapp.SignedInitData(webapp.User{ID: ann}, r.srv.Token, r.now.Add(-25*time.Hour))
	other := webapp.SignedInitData(webapp.User{ID: ann}, "123:other-bot", r.now)
	for name, data := range map[string]string{"forged": forged, "expired": old, "another bot's": other, "none": ""} {
		req, _ := http.NewRequest(http.MethodGet, r.app.URL+path, nil)
		req.Header.Set(webapp.InitHeader, data)
		if code, body := r.do(req); code != http.StatusNotFound || !bytes.Equal(body, want) {
			t.Errorf("%s init data: %d %q; want %q", name, code, body, want)
		}
	}
	r.srv.AddUser(tgtestUser(3003))
	r.srv.Start(3003)
	r.wait(3003, "")
	for _, p := range []string{path, "/api/state?game=999", fmt.Sprintf("/api/wait?game=%d", id)} {
		if code, body := r.get(3003, p); code != http.StatusNotFound || !bytes.Equal(body, want) {
			t.Errorf("a stranger asks %s: %d %q; want %q", p, code, body, want)
		}
	}
	if code, body := r.post(3003, id, "e2e4", "x"); code != http.StatusNotFound || !bytes.Equal(body, want) {
		t.Errorf("a stranger plays: %d %q", code, body)
	}
	if g, _ := r.db.Game(id); len(g.Log) != 0 {
		t.Fatalf("log %v; want nothing played", g.Log)
	}
	big := strings.Repeat("a", 5000)
	if code, _ := r.post(ann, id, big, "y"); code == http.StatusOK {
		t.Errorf("a huge body was taken")
	}
}

// TestKriegspielShowsOwnMenOnly: in Kriegspiel the app shows Ann none of
// Ben's men, and asks for attempt lists.
func TestKriegspielShowsOwnMenOnly(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("kriegspiel english")
	st := r.state(ann, id)
	for i, c := range st.Cells {
		if strings.HasPrefix(c, "b") {
			t.Fatalf("cell %s shows %q to White", st.Names[i], c)
		}
	}
	if !st.Lists {
		t.Errorf("Kriegspiel takes attempt lists")
	}
	if !slices.ContainsFunc(st.Buttons, func(b webapp.Button) bool { return strings.Contains(b.Command, "any?") }) {
		t.Errorf("buttons %+v; want any?", st.Buttons)
	}
}

// TestLongPollWakes: a wait answers when the seat's state changes.
func TestLongPollWakes(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("chess")
	before := r.state(ben, id)
	done := make(chan *webapp.State, 1)
	go func() {
		done <- r.waitState(ben, id, func(st *webapp.State) bool { return st.Version != before.Version })
	}()
	r.post(ann, id, "d2d4", "d-1")
	if st := <-done; st.Turn != "black" {
		t.Errorf("after White's move Ben's state says turn %q", st.Turn)
	}
}

// TestBoardMessageOpensApp: a private board message carries a button that
// opens the app on its game, and the menu button opens the list of games,
// which names the game.
func TestBoardMessageOpensApp(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("dark")
	opens := func(sent []tgtest.Sent) bool {
		for _, s := range sent {
			for _, row := range s.Buttons {
				for _, b := range row {
					if s.Chat == ann && b.WebApp == fmt.Sprintf("%s?game=%d", appURL, id) {
						return true
					}
				}
			}
		}
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := r.srv.WaitFor(ctx, opens); err != nil {
		t.Errorf("no board message to Ann opens the app on game %d", id)
	}
	if m := r.srv.Menu(); m == nil || m.Type != "web_app" || m.WebApp.URL != appURL {
		t.Errorf("menu button %+v; want the app", m)
	}
	for _, s := range r.srv.To(club) {
		for _, row := range s.Buttons {
			for _, b := range row {
				if b.WebApp != "" {
					t.Errorf("a group message opens the app: %+v", b)
				}
			}
		}
	}
	code, body := r.get(ann, "/api/games")
	if code != http.StatusOK || !bytes.Contains(body, fmt.Appendf(nil, `"game":%d`, id)) {
		t.Errorf("games: %d %s", code, body)
	}
}

// TestTriadInTheApp: three-player chess shows its 96 cells in twelve rows,
// the reader's own third at the bottom, with the cells' full names, in the
// reader's language; a tap of Red's plays in the group's game.
func TestTriadInTheApp(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("triad")
	st := r.state(ben, id)
	if len(st.Cells) != 96 || len(st.Rows) != 12 || st.Seat != "red" {
		t.Fatalf("triad state: %d cells, %d rows, seat %q", len(st.Cells), len(st.Rows), st.Seat)
	}
	if bottom := st.Names[st.Rows[11][0]]; bottom != "ra1" {
		t.Errorf("Red's bottom left cell is %s; want ra1", bottom)
	}
	// The page draws the picture's hexagon: a polygon a cell, Red's rank 1
	// along the bottom (hexagon_test.go drives it in a browser).
	if sh := st.Shape; sh == nil || len(sh.Cells) != 96 || len(sh.Dark) != 96 || len(sh.Labels) == 0 {
		t.Fatalf("triad shape: %+v", sh)
	}
	lowest := func(name string) float64 {
		i := slices.Index(st.Names, name)
		return max(st.Shape.Cells[i][1], st.Shape.Cells[i][3])
	}
	if lowest("ra1") <= lowest("wa1") || lowest("ra1") <= lowest("ba1") {
		t.Errorf("Red's ra1 is drawn above White's or Black's a1")
	}
	if code, body := r.post(ann, id, "we2we4", "w1"); code != http.StatusOK || !bytes.Contains(body, []byte(`"turn":"red"`)) {
		t.Fatalf("White's move: %d %s", code, body)
	}
	st = r.state(ben, id)
	if st.Armies["r"] != "" || !slices.Equal(st.Marks["seen"], []string{"we2", "we4"}) && !slices.Equal(st.Marks["last"], []string{"we2", "we4"}) {
		t.Errorf("Red after White's move: armies %v marks %v", st.Armies, st.Marks)
	}
	if cs := r.state(cat, id); !strings.Contains(strings.Join(cs.Words, " "), "#") || cs.Labels["send"] != "Отправить" {
		t.Errorf("Cat reads Russian: words %q, labels %v", cs.Words, cs.Labels["send"])
	}
	offers := func(st *webapp.State) []string {
		var out []string
		for _, b := range st.Buttons {
			if strings.Contains(b.Command, " offer ") {
				out = append(out, b.Command)
			}
		}
		return out
	}
	if o := offers(r.state(ann, id)); len(o) != 0 {
		t.Errorf("offers before any capture: %v", o)
	}
	// Red d4, Black bd4, White d4, Red f4, Black takes on rd4, White takes it back: White took a black man
	for _, step := range []struct {
		who  int64
		text string
	}{{ben, "rd2rd4"}, {cat, "bd2bd4"}, {ann, "wd2wd4"}, {ben, "rf2rf4"}, {cat, "bd4rd4"}, {ann, "wd4rd4"}} {
		if code, body := r.post(step.who, id, step.text, "s"+step.text); code != http.StatusOK || bytes.Contains(body, []byte(`"said"`)) {
			t.Fatalf("%s: %d %s", step.text, code, body)
		}
	}
	if o := offers(r.state(ann, id)); !slices.Contains(o, "vassal offer black") || slices.Contains(o, "vassal offer red") {
		t.Errorf("White's offers after taking a black man: %v; want vassal offer black, none to Red", o)
	}
}

// TestGrowInTheApp: in progressive chess White owes its growing pawn
// before its first move: the app offers the pieces, and a grow sent
// through it is sealed like a typed one.
func TestGrowInTheApp(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	id := r.newGame("progressive")
	st := r.state(ann, id)
	if len(st.Grow) != 4 {
		t.Fatalf("grow %v; want the four pieces", st.Grow)
	}
	if code, body := r.post(ann, id, "grow b2 N", "g1"); code != http.StatusOK || bytes.Contains(body, []byte(`"grow":[`)) {
		t.Fatalf("grow: %d %s", code, body)
	}
	if st = r.state(ann, id); len(st.Grow) != 0 || st.Armies["w"] != "" {
		t.Errorf("after the grow: grow %v armies %v", st.Grow, st.Armies)
	}
}
