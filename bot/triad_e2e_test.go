package bot_test

import (
	"bytes"
	"fmt"
	"image/png"
	"regexp"
	"slices"
	"strings"
	"testing"
	"umpire/bot/post"
	"umpire/bot/record"
	"umpire/bot/wire"
	"umpire/internal/testkit"

	"umpire/bot"
	"umpire/referee"
	"umpire/store"
)

// tablePicture stands for render in the tests of three-player chess: it
// shows whose view a picture is, from which side, and its caption.
func tablePicture(v referee.View, l post.Legend) ([]byte, error) {
	return []byte(fmt.Sprintf("%s|%s|%s", v.Seat, v.Bottom, strings.Join(l.Caption, "/"))), nil
}

// tableWorld is a world whose pictures are tablePicture's.
func tableWorld(t *testing.T) *world {
	w := newWorld(t)
	var err error
	w.bot, err = bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: tablePicture})
	if err != nil {
		t.Fatal(err)
	}
	w.send = w.bot.Sender(w.tr)
	return w
}

// tableStep is one message of a three-player game and what it must bring
// about: the group's words (in English), whether the group gets a picture
// and from whose side, and where the sender is answered.
type tableStep struct {
	who, where, text string // where: "group" or "private"
	group            string // a line the group's message must hold; "" for no message
	bottom           string // the side of the group's picture (always white); "" for none
	reply            string // a line of the sender's answer (in its language), where it wrote; "" for none
	asked            string // the player privately asked to answer an offer, and the command of its Accept button
	offer            string // a line of the private "your move": an offer the seat may make now; "" for none
	// told are the players privately told when an order may next come,
	// each "pN: a line of the note" (post.OrderNews), by player.
	told []string
}

// TestTriadInGroup plays three-player chess in a group chat to its end,
// through the in-memory transport: moves in the group and in private,
// offers, answers and orders in English, Russian and Esperanto, a bond
// made (black serves white) and broken (white becomes red's Servant, which
// frees black), and the end by vassals when black serves red too.
func TestTriadInGroup(t *testing.T) {
	t.Parallel()
	w := tableWorld(t)
	w.say("p0", "new triad")
	w.contains("p0", "Triad is played in a group chat")
	v, _ := referee.Lookup("triad")
	id := w.startGame(v, "table")
	w.say("p1", "язык ru")
	w.say("p2", "lingvo eo")
	w.tr.Reset()

	steps := []tableStep{
		{who: "p0", where: "group", text: "d2d4", group: "White played wd4.", bottom: "white"},
		{who: "p1", where: "private", text: "d4", group: "Red played rd4.", bottom: "white", reply: "Вы сыграли rd4."},
		{who: "p2", where: "group", text: "bd2bd4", group: "Black played bd4.", bottom: "white"},
		{who: "p0", where: "group", text: "Nf3", group: "White played Nwf3.", bottom: "white"},
		{who: "p1", where: "group", text: "f4", group: "Red played rf4.", bottom: "white"},
		{who: "p2", where: "group", text: "dxrd4", group: "A pawn was captured on rd4.", bottom: "white"},
		// the neutrality rule: black's last move took a red man
		{who: "p0", where: "group", text: "dxrf4", reply: "You may not take Red's men this move: the neutrality rule."},
		// red, whose pawn black took, may ask black to be its Lord
		{who: "p0", where: "group", text: "wd4rd4", group: "A pawn was captured on rd4.", bottom: "white",
			offer: "Чёрные взяли вашу фигуру: теперь вы можете попросить чёрных стать вашими господами, а вам — их слугой. Напишите господин предложить чёрным; это возможно до следующего хода чёрных."},
		// white took a black man: white may offer to be black's Lord
		{who: "p0", where: "group", text: "vassal offer black", group: "White asks Black to become its Servant.", asked: "p2 #1 vassal accept white"},
		{who: "p2", where: "private", text: "vasalo akcepti Blankaj", group: "Black accepts: Black serves White from now on.", reply: "La blankaj povas ordoni al vi en via venonta movo, la 3-a.",
			told: []string{"p0: You may order Black on its coming move, Black's move 3."}},
		{who: "p1", where: "group", text: "c3", group: "Red played rc3.", bottom: "white"},
		{who: "p0", where: "group", text: "приказ чёрным Nf3", group: "White orders Black: Nbf3.", bottom: "white",
			told: []string{"p0: You may order Black next on Black's move 5, not on its coming move 4.", "p2: Ordono de la blankaj movis vian armeon: bg1bf3."}},
		{who: "p0", where: "group", text: "h3", group: "White played wh3.", bottom: "white"},
		{who: "p1", where: "group", text: "cxd4", group: "A pawn was captured on rd4.", bottom: "white"},
		// each seat gets its own picture on request, from its side, in private
		{who: "p1", where: "group", text: "доска"},
		// red took a white man: red offers to be white's Lord; white
		// accepts, and black, white's Servant, is free
		{who: "p1", where: "group", text: "вассал предложить белым", group: "Red asks White to become its Servant.", asked: "p0 #1 vassal accept red"},
		{who: "p0", where: "group", text: "vassal accept red", group: "Black is free: it no longer serves White.",
			told: []string{"p0: Red may order for you on your coming move, your move 5.", "p1: Вы можете приказать белым на их ближайшем ходу, 5-м ходу белых."}},
		{who: "p2", where: "group", text: "e3", group: "Black played be3.", bottom: "white"},
		{who: "p0", where: "private", text: "a3", group: "White played wa3.", bottom: "white", reply: "You played wa3."},
		{who: "p1", where: "group", text: "Nc3", group: "Red played Nrc3.", bottom: "white"},
		{who: "p2", where: "group", text: "e4", group: "Black played be4.", bottom: "white"},
		{who: "p0", where: "group", text: "a4", group: "White played wa4.", bottom: "white"},
		{who: "p1", where: "group", text: "rc3be4", group: "A pawn was captured on be4.", bottom: "white",
			offer: "La ruĝaj prenis vian viron: nun vi povas peti, ke la ruĝaj fariĝu viaj sinjoroj kaj vi ilia vasalo. Skribu sinjoro proponi ruĝaj; tio eblas ĝis ilia venonta movo."},
		{who: "p1", where: "group", text: "vassal offer black", group: "Red asks Black to become its Servant.", asked: "p2 #1 vassal accept red"},
		// red is Lord of both: the game is over
		{who: "p2", where: "group", text: "vasalo akcepti ruĝaj", group: "is over on move 6 (vassals): Red wins with 2 points; Black is second with 1; White has 0."},
	}
	for i, st := range steps {
		w.tr.Reset()
		if st.where == "group" {
			w.group("table", st.who, st.text)
		} else {
			w.say(st.who, st.text)
		}
		if st.text == "доска" { // the bonds are said there, and on no move's news
			if m := w.tr.Last(st.who); len(w.tr.Sent()) != 1 || !strings.HasPrefix(string(m.Image), "red|red|") || !strings.Contains(m.Text, "Чёрные — слуги белых.") {
				t.Errorf("red's board on request: %d messages, picture %q, text %q; want one, red's view from red's side, with the bond", len(w.tr.Sent()), m.Image, m.Text)
			}
			continue
		}
		w.checkTableStep(i, st)
	}
	g, err := w.db.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	if g.State != store.StateOver || g.Result != "0-2-1" || g.Reason != "vassals" {
		t.Errorf("game: %s %s %s; want over, 0-2-1, vassals", g.State, g.Result, g.Reason)
	}
	if last := w.last("table"); !strings.Contains(last, "Game #1 is over on move 6 (vassals): Red wins with 2 points; Black is second with 1; White has 0.") {
		t.Errorf("the group's last message is not the reveal:\n%s", last)
	}
	// each player reads its own place, in its language
	for who, want := range map[string]string{"p0": "You came third.", "p1": "Вы победили.", "p2": "Vi okupis la duan lokon."} {
		if last := w.last(who); !strings.Contains(last, want) {
			t.Errorf("%s's end:\n%s\nwant %q", who, last, want)
		}
	}

}

// checkTableStep checks what one step of TestTriadInGroup sent.
func (w *world) checkTableStep(i int, st tableStep) {
	w.t.Helper()
	var group, reply, prompts, asked []wire.Message
	var told []string
	for _, m := range w.tr.Sent() {
		switch {
		case m.To.ID != "table" && slices.ContainsFunc([]string{"Game #1 (Triad):\n", "Партия #1 (Триада):\n", "Ludo #1 (Triado):\n"},
			func(s string) bool { return strings.HasPrefix(m.Text, s) }): // when an order may next come
			told = append(told, m.To.ID+": "+m.Text)
		case m.Seat == string(referee.God) && m.To.ID == "table": // the end, one message: the last news, then the end
			group = append(group, m)
		case m.Seat == string(referee.God) && m.To.ID == st.who && st.reply != "":
			reply = append(reply, m)
		case m.Seat == string(referee.God): // the end, to every other player
		case m.To.ID != "table" && m.Seat == "" && ownExample.MatchString(m.Text): // the private "your move"
			if strings.Contains(m.Text, "/m") { // this transport reads every line in a group
				w.t.Errorf("step %d: the private \"your move\" advises /m where it does not apply: %q", i, m.Text)
			}
			prompts = append(prompts, m)
		case m.To.ID != "table" && slices.ContainsFunc([]string{"here or in the group", "здесь или в группе", "ĉi tie aŭ en la grupo"},
			func(s string) bool { return strings.Contains(m.Text, s) }): // a private decision
			asked = append(asked, m)
		case m.To.ID == "table" && m.Seat == string(referee.Spectator):
			group = append(group, m)
		case m.To.ID == st.who: // a refusal of a group line too goes to its writer alone
			reply = append(reply, m)
		default:
			w.t.Errorf("step %d (%s %q): a message to %s (%s): %q", i, st.who, st.text, m.To.ID, m.Seat, m.Text)
		}
	}
	pictures := 0
	for _, m := range group {
		if len(m.Image) > 0 && m.Seat == string(referee.Spectator) {
			pictures++
			if want := "spectator|" + st.bottom + "|"; !strings.HasPrefix(string(m.Image), want) {
				w.t.Errorf("step %d (%s %q): the group's picture is %q; want it from %s's side", i, st.who, st.text, m.Image, st.bottom)
			}
		}
	}
	switch {
	case st.group == "" && len(group) > 0:
		w.t.Errorf("step %d (%s %q): the group was told %q", i, st.who, st.text, group[0].Text)
	case st.group != "" && (len(group) == 0 || !strings.Contains(group[0].Text, st.group)):
		w.t.Errorf("step %d (%s %q): the group was told %q; want a line %q", i, st.who, st.text, textsOf(group), st.group)
	case st.bottom == "" && pictures > 0, st.bottom != "" && pictures != 1:
		w.t.Errorf("step %d (%s %q): %d pictures to the group; want one after a move, none else", i, st.who, st.text, pictures)
	}
	slices.Sort(told) // the sender's order among recipients is its own
	if len(told) != len(st.told) {
		w.t.Errorf("step %d (%s %q): told of orders %q; want %q", i, st.who, st.text, told, st.told)
	}
	for k := range min(len(told), len(st.told)) {
		if who, line, _ := strings.Cut(st.told[k], ": "); !strings.HasPrefix(told[k], who+": ") || !strings.Contains(told[k], line) {
			w.t.Errorf("step %d (%s %q): told of orders %q; want %q", i, st.who, st.text, told, st.told)
		}
	}
	w.checkPrompts(i, st, group, prompts)
	w.checkAsked(i, st, asked)
	switch {
	case st.reply == "" && len(reply) > 0:
		w.t.Errorf("step %d (%s %q): the sender was answered %q", i, st.who, st.text, reply[0].Text)
	case st.reply != "" && (len(reply) != 1 || !strings.Contains(reply[0].Text, st.reply) || len(reply[0].Image) > 0 && reply[0].Seat != string(referee.God)):
		w.t.Errorf("step %d (%s %q): the sender was answered %q; want one text with %q", i, st.who, st.text, textsOf(reply), st.reply)
	}
}

// checkPrompts checks the private "your move" of a step: at most one, to
// the seat the group was just told is to move (p0 White, p1 Red, p2
// Black), and nothing more than the group knows: no picture, no board, no
// move; how an alliance opens (Ben, Red, looked for an offer he could not
// yet make); below its first line, the offers the seat may make now.
func (w *world) checkPrompts(i int, st tableStep, group, prompts []wire.Message) {
	w.t.Helper()
	starts := []string{"Your move in game #1", "Ваш ход в партии #1", "Via vico en la ludo #1"}
	opens := []string{"Alliances open with a capture", "Союз открывает взятие", "Aliancon malfermas preno"}
	seat := map[string]string{"p0": "White", "p1": "Red", "p2": "Black"}
	for _, m := range prompts {
		switch {
		case len(prompts) > 1:
			w.t.Errorf("step %d (%s %q): %d prompts %q; want at most one", i, st.who, st.text, len(prompts), textsOf(prompts))
		case len(group) == 0 || !strings.Contains(group[0].Text, seat[m.To.ID]+" to move."):
			w.t.Errorf("step %d (%s %q): %s is prompted, but the group was told %q", i, st.who, st.text, m.To.ID, textsOf(group))
		case !slices.ContainsFunc(starts, func(p string) bool { return strings.HasPrefix(m.Text, p) }) || len(m.Image) > 0 || m.Board != "":
			w.t.Errorf("step %d (%s %q): the prompt to %s (%s): %q", i, st.who, st.text, m.To.ID, m.Seat, m.Text)
		case !strings.Contains(m.Text, opens[slices.IndexFunc(starts, func(p string) bool { return strings.HasPrefix(m.Text, p) })]):
			w.t.Errorf("step %d (%s %q): the prompt to %s does not say how an alliance opens: %q", i, st.who, st.text, m.To.ID, m.Text)
		}
		if _, offers, _ := strings.Cut(m.Text, "\n"); offers != st.offer {
			w.t.Errorf("step %d (%s %q): the prompt to %s says the offers %q; want %q", i, st.who, st.text, m.To.ID, offers, st.offer)
		}
	}
	if st.offer != "" && len(prompts) == 0 {
		w.t.Errorf("step %d (%s %q): no prompt; want one with the offer %q", i, st.who, st.text, st.offer)
	}
}

// checkAsked checks the private question of a step: one, to the player
// an offer was made to, with Accept and Decline buttons that answer it in
// this game; none at a step that made no offer.
func (w *world) checkAsked(i int, st tableStep, asked []wire.Message) {
	w.t.Helper()
	who, accept, _ := strings.Cut(st.asked, " ")
	switch {
	case st.asked == "" && len(asked) > 0:
		w.t.Errorf("step %d (%s %q): %s was asked %q", i, st.who, st.text, asked[0].To.ID, asked[0].Text)
	case st.asked == "":
	case len(asked) != 1 || asked[0].To.ID != who:
		w.t.Errorf("step %d (%s %q): asked %q; want one question to %s", i, st.who, st.text, textsOf(asked), who)
	case len(asked[0].Buttons) != 2 || asked[0].Buttons[0].Command != accept || strings.HasPrefix(asked[0].Buttons[0].Label, "choice.") || asked[0].Image != nil:
		w.t.Errorf("step %d (%s %q): the question to %s has buttons %+v; want Accept (%s) and Decline, no picture", i, st.who, st.text, who, asked[0].Buttons, accept)
	}
}

func textsOf(ms []wire.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

// ownExample is the example move of a private "your move", in the seat's
// own third ("re2re4").
var ownExample = regexp.MustCompile(`\b([wrb])e2([wrb])e4\b`)

// The group's picture is drawn by render from white's side, the same for
// the whole game, with the diplomatic state in its caption.
func TestTriadPicture(t *testing.T) {
	t.Parallel()
	v, _ := referee.Lookup("triad")
	g, _ := v.New(referee.Options{})
	for _, a := range []string{"white d2d4", "red d4", "black bd2bd4", "white Nf3", "red f4", "black dxrd4",
		"white wd4rd4", "white vassal offer black", "black vassal accept white"} {
		seat, text, _ := strings.Cut(a, " ")
		if r := g.Play(referee.Action{Seat: referee.Seat(seat), Text: text}); r.Verdict != referee.Accepted {
			t.Fatalf("%s: %v", a, r)
		}
	}
	data, err := post.Picture(g.View(referee.Spectator), post.Legend{Caption: []string{"Black serves White.", "Red to move."}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() < 600 {
		t.Errorf("picture of %v", b)
	}
}

// A resignation off turn changes the board without passing the turn: the
// group sees it. Two resignations end the game.
func TestTriadResignations(t *testing.T) {
	t.Parallel()
	w := tableWorld(t)
	v, _ := referee.Lookup("triad")
	w.startGame(v, "table")
	for i, st := range []tableStep{
		{who: "p0", where: "group", text: "d2d4", group: "White played wd4.", bottom: "white"},
		{who: "p2", where: "group", text: "rezigni", bottom: "white",
			group: "Black's king is gone (resignation); nobody holds its Throne: its army is neutral."},
		{who: "p1", where: "group", text: "e4", group: "Red played re4.", bottom: "white"},
		{who: "p1", where: "private", text: "сдаюсь", group: "(resignation): White wins with 2 points; Red is second with 1; Black has 0.",
			reply: "You resign."},
	} {
		w.tr.Reset()
		if st.where == "group" {
			w.group("table", st.who, st.text)
		} else {
			w.say(st.who, st.text)
		}
		w.checkTableStep(i, st)
	}
}

// TestTriadOrdersAsked: Black serves White and Red, and on its turn both
// may order. When White's order is held, Black (who reads Russian) is
// told privately what was ordered and how to choose, with a button, and
// Red that it may order too or pass; when
// Red's is held too, it is told again, with a button per Lord. Its press
// of a button plays the chosen order, and White is told it is to move.
func TestTriadOrdersAsked(t *testing.T) {
	t.Parallel()
	w := servantTable(t, tableWorld(t))
	w.say("p2", "язык ru")
	w.playServants()
	for _, st := range []struct {
		who, text, want string
		buttons         []string
	}{
		{"p0", "order black d3", "Партия #1 (Триада): белые приказывают вам сыграть bd2bd3. Приказать может и другой ваш господин", []string{"#1 choose white"}},
		{"p1", "order black f3", "Партия #1 (Триада): красные приказывают вам сыграть bf2bf3, и белые тоже отдали приказ. Выберите один из них: нажмите кнопку или напишите выбрать красных либо выбрать белых", []string{"#1 choose red", "#1 choose white"}},
	} {
		w.tr.Reset()
		w.group("table", st.who, st.text)
		got := w.tr.To("p2")
		var cmds []string
		for _, m := range got {
			for _, b := range m.Buttons {
				cmds = append(cmds, b.Command)
				if b.Label != "белые" && b.Label != "красные" {
					t.Errorf("after %q Black's button %q reads %q; want the Lord named in Russian", st.text, b.Command, b.Label)
				}
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0].Text, st.want) || !slices.Equal(cmds, st.buttons) {
			t.Fatalf("after %q Black got %q, buttons %q; want one text starting %q, buttons %q\ngroup: %s", st.text, textsOf(got), cmds, st.want, st.buttons, w.last("table"))
		}
		for _, other := range []string{"p0", "p1"} {
			m := w.tr.To(other)
			if other == "p1" && st.who == "p0" { // red may order too, or pass (TestTriadOrderPassAsked)
				if len(m) != 1 || len(m[0].Buttons) != 1 || m[0].Buttons[0].Command != "#1 order pass" {
					t.Errorf("after %q Red got %q; want one question with a Pass button", st.text, textsOf(m))
				}
				continue
			}
			if len(m) > 0 {
				t.Errorf("after %q %s was written to privately: %q", st.text, other, textsOf(m))
			}
		}
		// Black's own view offers the same choices, and only those it can
		// play now: no button for a Lord who has not ordered.
		w.say("p2", "доска")
		var chooses []string
		for _, b := range w.tr.Last("p2").Buttons {
			if strings.Contains(b.Command, "choose") {
				chooses = append(chooses, b.Command)
			}
		}
		slices.Sort(chooses)
		if !slices.Equal(chooses, st.buttons) {
			t.Errorf("after %q Black's board offers %q; want %q", st.text, chooses, st.buttons)
		}
	}
	w.say("p2", "доска") // its own view says the same, with the same buttons
	if m := w.tr.Last("p2"); !slices.ContainsFunc(m.Buttons, func(b wire.Button) bool { return b.Label == "красные" && b.Command == "#1 choose red" }) {
		t.Errorf("Black's board has buttons %+v; want красные (#1 choose red)", m.Buttons)
	}
	w.tr.Reset()
	w.say("p2", "#1 choose red") // the button's command, pressed in private
	if !w.heard("table", "Black takes Red's order: bf3.") {
		t.Errorf("the group was not told of the choice:\n%s", w.last("table"))
	}
	// White's order was dropped: it alone may order on Black's next move.
	if got := w.tr.To("p0"); len(got) != 2 || !strings.HasPrefix(got[0].Text, "Your move in game #1") ||
		got[1].Text != "Game #1 (Triad):\nYou may order Black on its coming move, Black's move 4." {
		t.Errorf("White got %q; want its private \"your move\", then when it may next order", textsOf(got))
	}
}

// TestTriadOrderPassAsked: when White's order for Black is held, Red, who
// may order too, is asked privately with a Pass button; its press plays
// White's order at once, Black is not asked, and the group reads who
// passed and what was played (triad.md 3.15, seed 003).
func TestTriadOrderPassAsked(t *testing.T) {
	t.Parallel()
	w := servantTable(t, tableWorld(t))
	w.playServants()
	w.tr.Reset()
	w.group("table", "p0", "order black d3")
	ask := w.tr.To("p1")
	if len(ask) != 1 || !strings.Contains(ask[0].Text, "or pass (order pass), and White's order is played at once") {
		t.Fatalf("Red was asked %q", textsOf(ask))
	}
	w.tr.Reset()
	w.say("p1", ask[0].Buttons[0].Command) // the button, pressed in private
	if !w.heard("table", "Red does not order: White's order is played, bd3.") {
		t.Errorf("the group was not told of the pass:\n%s", w.last("table"))
	}
	if g := w.game(1); g.Log[len(g.Log)-1].Text != "order pass" {
		t.Errorf("the log ends %q; want Red's order pass", g.Log[len(g.Log)-1].Text)
	}
	if got := w.tr.To("p0"); len(got) != 2 || !strings.HasPrefix(got[0].Text, "Your move in game #1") ||
		got[1].Text != "Game #1 (Triad):\nYou may order Black next on Black's move 6, not on its coming move 4." {
		t.Errorf("White got %q; want its private \"your move\", then when it may next order", textsOf(got))
	}
	w.say("p2", "moves") // Black's record credits the move to White's order
	if got := w.last("p2"); !strings.Contains(got, "White, for Black: bd3.") {
		t.Errorf("Black's record:\n%s\nwant the move as White's order for Black", got)
	}
	pgn, err := record.PGN(w.db, 1)
	if err != nil || !strings.Contains(pgn, "White's order, for Black.") {
		t.Errorf("the PGN does not credit White's order: %v\n%s", err, pgn)
	}
}

// An impossible act of diplomacy says which condition it fails: nothing in
// triad is hidden. An offer before any capture, an order by a player who
// is no Lord, an order pass with nothing held.
func TestTriadDiplomacySaysWhy(t *testing.T) {
	t.Parallel()
	w := tableWorld(t)
	w.group("table", "p0", "new triad")
	for i, s := range []string{"white", "red", "black"} {
		w.group("table", fmt.Sprintf("p%d", i), "join #1 "+s)
	}
	for _, tt := range []struct{ who, text, want string }{
		{"p0", "vassal offer black", "An offer needs the future Lord's last move to have taken a man of the future Servant"},
		{"p1", "lord offer white", "An offer needs the future Lord's last move to have taken a man of the future Servant"},
		{"p0", "order black e2e4", "only a Lord orders, and only its own Servant"},
		{"p1", "order pass", "No order is held for this turn"},
	} {
		w.group("table", tt.who, tt.text)
		if got := w.last(tt.who); !strings.Contains(got, tt.want) {
			t.Errorf("%s %q was answered %q; want %q", tt.who, tt.text, got, tt.want)
		}
	}
}

// servantTable makes game #1 of w a triad in the group "table" from the
// position where Black may serve both (triadMen), p0, p1 and p2 at White,
// Red and Black.
func servantTable(t *testing.T, w *world) *world {
	t.Helper()
	w.group("table", "p0", "new triad")
	if _, err := w.db.Apply(1, "", func(g *store.Game) ([]store.Outgoing, error) {
		g.Options.FEN = triadMen + " white"
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, s := range []string{"white", "red", "black"} {
		w.group("table", fmt.Sprintf("p%d", i), "join #1 "+s)
	}
	return w
}

// playServants plays testkit.TriadServant in the group of w's game #1
// (servantTable): Black serves White and Red, and is to move.
func (w *world) playServants() {
	w.t.Helper()
	seat := map[string]string{"white": "p0", "red": "p1", "black": "p2"}
	for _, line := range strings.Split(testkit.TriadServant, "\n") {
		who, text, _ := strings.Cut(line, " ")
		w.group("table", seat[who], text)
	}
}
