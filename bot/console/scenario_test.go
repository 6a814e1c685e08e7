package console

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"umpire/bot/post"
	"unicode"
	"unicode/utf8"

	"umpire/bot"
	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// The scenarios: for every variant and language, two (or three) new
// players get from `new` to a finished game through the console, using
// only what the umpire tells them. A player presses the buttons it is
// shown, writes what it is told to write ("write crown king", "напишите
// вырастить a2 К"), and when told it is its move writes moves in the form
// of the umpire's example ("as in e2e4"), from its own men on the last
// board it was shown to any square, until one is taken. After two moves
// each, the first player offers a draw with the word the help gives, and
// the other accepts it with the button it is shown; in triad, where a draw
// needs every seat, two players resign, the word the help gives too.

// scene is a bot on a real store, a console and what the console printed.
type scene struct {
	t      *testing.T
	b      *bot.Bot
	db     *store.DB
	c      *Console
	send   *post.Sender
	out    strings.Builder
	read   int
	n      int
	lang   string
	boards map[string]string   // each player's last text board
	last   map[string]*message // the last message to each player, until acted on
	helped []string            // the moves the help gives as examples
	rng    *rand.Rand
	// ask makes the first player ask the umpire's question (any?) before
	// its first move, with the word the help gives; asked, once answered.
	ask, asked bool
	anyWord    string
	// watch, when set, sees every line typed and the messages it
	// brought, before the scene records them.
	watch func(line string, ms []message)
}

// message is one message the console printed.
type message struct {
	to, text string
	buttons  [][2]string // label, command
}

func newScene(t *testing.T, lang string, seed uint64) *scene {
	s := &scene{t: t, lang: lang, boards: map[string]string{}, rng: rand.New(rand.NewPCG(seed, 3))}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	db, err := store.Open(filepath.Join(t.TempDir(), "u.db"), &store.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s.db = db
	picture := func(v referee.View, _ post.Legend) ([]byte, error) { return []byte(v.Board), nil }
	if s.b, err = bot.New(bot.Config{DB: db, Now: func() time.Time { return now }, Picture: picture}); err != nil {
		t.Fatal(err)
	}
	s.c = New(Options{Out: &s.out, Lang: lang, Session: "scene"})
	s.send = s.b.Sender(s.c)
	return s
}

// line types a console line and returns the messages it brought.
func (s *scene) line(l string) []message {
	s.t.Helper()
	s.n++
	in, _ := s.c.inbound(l, s.n)
	if err := s.b.Handle(context.Background(), in); err != nil {
		s.t.Fatalf("%q: %v", l, err)
	}
	if _, err := s.send.Flush(context.Background()); err != nil {
		s.t.Fatal(err)
	}
	printed := s.out.String()[s.read:]
	s.read = len(s.out.String())
	ms := parsePrinted(printed)
	if s.watch != nil {
		s.watch(l, ms)
	}
	for _, m := range ms {
		if b := textBoard(m.text); b != "" {
			s.boards[m.to] = b
		}
	}
	return ms
}

var buttonLine = regexp.MustCompile(`^\[(.*)\] → (.*)$`)

// parsePrinted reads what Send printed: "── to NAME ──", the text, the
// text board, the buttons.
func parsePrinted(printed string) []message {
	var out []message
	for _, block := range strings.Split(printed, "\n── to ")[1:] {
		to, rest, _ := strings.Cut(block, " ──\n")
		m := message{to: to}
		var text []string
		for _, l := range strings.Split(rest, "\n") {
			if b := buttonLine.FindStringSubmatch(l); b != nil {
				m.buttons = append(m.buttons, [2]string{b[1], b[2]})
			} else {
				text = append(text, l)
			}
		}
		m.text = strings.Join(text, "\n")
		out = append(out, m)
	}
	return out
}

var rankLine = regexp.MustCompile(`(?m)^[1-8]( [\p{L}.?]){8}$`)

// textBoard is the 8×8 text board in a message, with its files' line; ""
// when it has none.
func textBoard(text string) string {
	ranks := rankLine.FindAllString(text, -1)
	if len(ranks) != 8 {
		return ""
	}
	files := "  a b c d e f g h"
	if strings.Contains(text, "  h g f e d c b a") {
		files = "  h g f e d c b a"
	}
	return strings.Join(ranks, "\n") + "\n" + files
}

// say is a line from player who in private.
func (s *scene) say(who, text string) []message { return s.line(who + "> " + text) }

// to are the messages to who among ms.
func to(who string, ms []message) []message {
	var out []message
	for _, m := range ms {
		if m.to == who {
			out = append(out, m)
		}
	}
	return out
}

// writeWords are the words that introduce a command to write, in each
// language, and the words that join two of them.
var (
	writeWord = map[string]string{"en": "write ", "ru": "напишите ", "eo": "skribu "}
	orWord    = map[string]string{"en": " or ", "ru": " или ", "eo": " aŭ "}
)

// toldToWrite is the first command a text tells its reader to write: the
// words after "write" up to "or", a full stop or a colon.
func (s *scene) toldToWrite(text string) string {
	_, after, ok := strings.Cut(text, writeWord[s.lang])
	if !ok {
		return ""
	}
	after = strings.TrimPrefix(after, ": ")
	for _, stop := range []string{orWord[s.lang], ". ", ".\n", ";", ":"} {
		if i := strings.Index(after, stop); i >= 0 {
			after = after[:i]
		}
	}
	return strings.TrimSuffix(strings.TrimSpace(after), ".")
}

// guided acts on what a player was last told, other than to move: it
// presses the first button shown under a view (a crown, an answer) or
// writes what it is told to write. It reports whether it did something.
func (s *scene) guided(who string, m message, game string) ([]message, bool) {
	for _, b := range m.buttons {
		if strings.HasPrefix(b[1], game+" ") {
			return s.say(who, b[1]), true
		}
	}
	if s.says(m.text, "you", "") && !strings.Contains(m.text, writeWord[s.lang]+"вырастить") &&
		!strings.Contains(m.text, "grow ") && !strings.Contains(m.text, "kreskigu ") {
		return nil, false // a move: see move
	}
	if w := s.toldToWrite(lastParagraph(m.text)); w != "" {
		return s.say(who, game+" "+w), true
	}
	return nil, false
}

// lastParagraph is the last line of a message's words, above its board.
func lastParagraph(text string) string {
	words, _, _ := strings.Cut(text, "\n\n")
	lines := strings.Split(words, "\n")
	return lines[len(lines)-1]
}

// move writes moves in the umpire's example form, from the player's men
// on its last board to any square, until one is played.
func (s *scene) move(who string, white bool, game string) []message {
	s.t.Helper()
	for _, m := range s.candidates(who, white) {
		ms := s.say(who, game+" "+m)
		for _, r := range to(who, ms) {
			if s.played(r.text) {
				return ms
			}
		}
	}
	s.t.Fatalf("%s found no move on\n%s\nprinted:\n%s", who, s.boards[who], s.out.String())
	return nil
}

// played reports whether a text says the reader's move was played: "You
// played e4." (the umpire writes the move as its score sheet does, in the
// reader's letters, whatever form was typed).
func (s *scene) played(text string) bool {
	ack := texts.DefaultCatalog.Text(s.lang, "ack.move", texts.Args{"text": "\x00"})
	return regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(ack), "\x00", `\S+`)).MatchString(text)
}

// candidates are moves e2e4-style of the player's men on its last board.
func (s *scene) candidates(who string, white bool) []string {
	lines := strings.Split(s.boards[who], "\n")
	if len(lines) != 9 {
		s.t.Fatalf("%s was shown no board", who)
	}
	files := strings.Fields(lines[8])
	var from, all []string
	for _, l := range lines[:8] {
		f := strings.Fields(l)
		for i, c := range f[1:] {
			sq := files[i] + f[0]
			all = append(all, sq)
			r, _ := utf8.DecodeRuneInString(c)
			own := unicode.IsUpper(r) // the reader's letters: upper case for White
			if !white {
				own = unicode.IsLower(r)
			}
			if own && c != "S" && c != "s" && c != "X" && c != "x" {
				from = append(from, sq)
			}
		}
	}
	var out []string
	for _, a := range from {
		for _, b := range all {
			if a != b {
				out = append(out, a+b)
			}
		}
	}
	s.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	// Short steps first, as a newcomer would try them.
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(reach(a), reach(b)) })
	return out[:min(len(out), 400)]
}

// reach is how far a move e2e4 goes, in king steps.
func reach(m string) int {
	abs := func(x int) int { return max(x, -x) }
	return max(abs(int(m[0])-int(m[2])), abs(int(m[1])-int(m[3])))
}

// examples are the moves a text gives as examples: the words after "as in"
// that look like moves.
func (s *scene) examples(text string) []string {
	word := map[string]string{"en": "as in ", "ru": "например ", "eo": "ekzemple "}[s.lang]
	_, after, ok := strings.Cut(text, word)
	if !ok {
		return nil
	}
	after, _, _ = strings.Cut(after, orWord[s.lang])
	return []string{strings.Trim(after, ".,: ")}
}

var (
	commandLine = regexp.MustCompile(`(?m)^(\S+) \p{Lu}{4,}`) // "new VARIANT …"
	resignDraw  = regexp.MustCompile(`(\S+), (\S+) \(`)       // "resign, draw (offer or accept)"
	gameNumber  = regexp.MustCompile(`#(\d+)`)
	langLine    = regexp.MustCompile(`(\S+) en\|ru\|eo`)
	coordMove   = regexp.MustCompile(`\b[a-h][1-8][a-h][1-8]\b`)
	anyLine     = regexp.MustCompile(`(?m); (\S+\?)$`) // "…, lists: exd5, Nf3; any?"
)

// over reports whether game id is over, by the store.
func (s *scene) over(id string) bool {
	var n uint64
	fmt.Sscanf(id, "#%d", &n)
	g, err := s.db.Game(n)
	if err != nil {
		s.t.Fatal(err)
	}
	return g.State == store.StateOver
}

// play plays a game of variant key between players from new to its end.
func (s *scene) play(key string, players []string) {
	s.t.Helper()
	first := players[0]
	help := to(first, s.say(first, "help"))[0].text
	newWord, words := commandLine.FindStringSubmatch(help), resignDraw.FindStringSubmatch(help)
	s.helped = coordMove.FindAllString(help, -1)
	if q := anyLine.FindStringSubmatch(help); q != nil {
		s.anyWord = q[1]
	}
	if newWord == nil || words == nil {
		s.t.Fatalf("the help tells no command to make a game, or no resign and draw:\n%s", help)
	}
	where := first + "> "
	if key == "triad" {
		where = first + "@club> "
		// A group speaks English until told otherwise, as the help says.
		if lang := langLine.FindStringSubmatch(help); lang != nil {
			s.line(where + lang[1] + " " + s.lang)
		}
	}
	ms := s.line(where + newWord[1] + " " + key)
	created := ms[0]
	game := "#" + gameNumber.FindStringSubmatch(created.text)[1]
	joins := created.buttons
	for i, p := range players[1:] {
		if key == "triad" {
			p += "@club"
			if i == 0 {
				s.line(first + "@club> " + joins[0][1]) // the maker takes a seat too
			}
			i++
		}
		if i >= len(joins) {
			s.t.Fatalf("%s: no button to take a seat:\n%s", key, created.text)
		}
		s.record(s.line(p + "> " + joins[i][1]))
	}
	variant, _, _ := strings.Cut(key, " ") // "kriegspiel english": a variant and its rules
	v, _ := referee.Lookup(variant)
	s.loop(v, game, players, words[1], words[2])
}

// record keeps the last message to each reader among ms, until acted on;
// a notice after the one that says it is the reader's move (a condition
// that did not hold, say) does not hide that move.
func (s *scene) record(ms []message) {
	turn := map[string]bool{}
	for i := range ms {
		m := ms[i]
		if turn[m.to] && !s.says(m.text, "you", "") && len(m.buttons) == 0 {
			continue
		}
		s.last[m.to], turn[m.to] = &m, s.says(m.text, "you", "")
	}
}

// loop acts for the players until the game is over. Player i holds seat
// i of the variant, the seats being taken in their order.
func (s *scene) loop(v *referee.Variant, game string, players []string, resign, draw string) {
	s.t.Helper()
	moves := map[string]int{}
	for step := 0; step < 300 && !s.over(game); step++ {
		if s.guide(players, game) {
			continue
		}
		acted := false
		for i, p := range players {
			m, ok := s.toMove(p, v.Seats[i])
			if !ok {
				continue
			}
			switch {
			case len(players) == 3 && moves[p] >= 1 && i < 2:
				s.record(s.say(p, game+" "+resign))
			case moves[p] >= 2 && i == 0:
				s.record(s.say(p, game+" "+draw))
			case s.ask && !s.asked && i == 0:
				s.askAny(p, game)
				s.record(s.moveFrom(p, i, m, game))
				moves[p]++
			default:
				s.record(s.moveFrom(p, i, m, game))
				moves[p]++
			}
			acted = true
			break
		}
		if !acted {
			s.t.Fatalf("%s %s: nobody was told what to do; printed:\n%s", v.Key, s.lang, s.out.String())
		}
	}
	if !s.over(game) {
		s.t.Fatalf("%s %s: the game did not end", v.Key, s.lang)
	}
	var n uint64
	fmt.Sscanf(game, "#%d", &n)
	g, _ := s.db.Game(n)
	want := "agreement" // the draw offered, and accepted with its button
	if len(players) == 3 {
		want = "resignation"
	}
	if g.Reason != want {
		s.t.Errorf("%s %s: the game ended by %s %s; want %s", v.Key, s.lang, g.Result, g.Reason, want)
	}
}

// askAny asks any? with the help's word and checks that the answer came.
func (s *scene) askAny(p, game string) {
	s.t.Helper()
	if s.anyWord == "" {
		s.t.Fatalf("the help shows no any? to ask")
	}
	answer := strings.SplitN(texts.DefaultCatalog.Text(s.lang, "ann.any", nil), "{", 2)[0]
	for _, m := range to(p, s.say(p, game+" "+s.anyWord)) {
		if strings.Contains(m.text, answer) {
			s.asked = true
		}
	}
	if !s.asked {
		s.t.Fatalf("%s asked %q and was not answered; printed:\n%s", p, s.anyWord, s.out.String()[max(0, len(s.out.String())-2000):])
	}
}

// guide lets the first player who was told to do something other than to
// move do it, and reports whether one did.
func (s *scene) guide(players []string, game string) bool {
	for _, p := range players {
		if m := s.last[p]; m != nil {
			if ms, ok := s.guided(p, *m, game); ok {
				s.last[p] = nil
				s.record(ms)
				return true
			}
		}
	}
	return false
}

// toMove reports whether player p, holding seat, was told it is its move:
// in private ("Move 3, your turn."), or in the group a game of three is
// played in ("Move 3, Red to move.", or "Red to move." under a note).
func (s *scene) toMove(p string, seat referee.Seat) (message, bool) {
	if m := s.last[p]; m != nil && s.says(m.text, "you", "") {
		s.last[p] = nil
		return *m, true
	}
	if m := s.last["@club"]; m != nil && s.says(m.text, "other", seat) {
		s.last["@club"] = nil
		return *m, true
	}
	return message{}, false
}

// says reports whether text says whose turn it is, the reader's ("you")
// or seat's ("other"): in the first line's lead with any move number, or
// as a line of its own.
func (s *scene) says(text, whose string, seat referee.Seat) bool {
	args := s.seatArgs(seat)
	args["move"] = "\x00"
	lead := regexp.QuoteMeta(texts.DefaultCatalog.Text(s.lang, "lead-"+whose, args))
	return regexp.MustCompile(strings.ReplaceAll(lead, "\x00", `[0-9]+`)).MatchString(text) ||
		strings.Contains(text, texts.DefaultCatalog.Text(s.lang, "turn-"+whose, args))
}

// seatArgs are the arguments that name seat in every form.
func (s *scene) seatArgs(seat referee.Seat) texts.Args {
	cat := texts.DefaultCatalog
	args := texts.Args{"seat": cat.Value(s.lang, "seat", string(seat))}
	for _, f := range []string{"gen", "dat", "acc", "ins"} {
		args["seat@"+f] = args["seat"]
		if id := "seat." + string(seat) + "@" + f; cat.Has(s.lang, id) {
			args["seat@"+f] = cat.Text(s.lang, id, nil)
		}
	}
	return args
}

// moveFrom plays a move of player number i: first the umpire's examples,
// then moves from the last board.
func (s *scene) moveFrom(who string, i int, m message, game string) []message {
	for _, ex := range append(s.examples(m.text), s.helped...) {
		ms := s.say(who, game+" "+ex)
		for _, r := range to(who, ms) {
			if s.played(r.text) {
				return ms
			}
		}
	}
	if s.boards[who] == "" {
		s.t.Fatalf("%s: none of the examples %v is a move, and no board to find one on", who, s.helped)
	}
	return s.move(who, i == 0, game)
}

// TestScenarioAnyQuestion: in Kriegspiel under the english rules, a
// newcomer asks any? with the word its help shows ("any?", "есть?",
// "ĉu?"), is answered, and plays the game to its end as every scenario.
func TestScenarioAnyQuestion(t *testing.T) {
	t.Parallel()
	for j, lang := range texts.Languages {
		t.Run(lang, func(t *testing.T) {
			s := newScene(t, lang, uint64(90+j))
			s.last = map[string]*message{}
			s.ask = true
			s.play("kriegspiel english", []string{"ann", "bob"})
			if !s.asked {
				t.Errorf("ann never asked any?")
			}
		})
	}
}

func TestScenarios(t *testing.T) {
	t.Parallel()
	for i, v := range referee.Variants() {
		for j, lang := range texts.Languages {
			t.Run(v.Key+"/"+lang, func(t *testing.T) {
				s := newScene(t, lang, uint64(10*i+j))
				s.last = map[string]*message{}
				players := []string{"ann", "bob"}
				if len(v.Seats) == 3 {
					players = append(players, "cid")
				}
				s.play(v.Key, players)
			})
		}
	}
}
