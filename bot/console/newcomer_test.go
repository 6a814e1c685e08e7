package console

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// The newcomers' scenario (issue #45): three new players, ann, bob and
// cid, who read one language, play everything at once through the
// console: a dark game with a conditional move and its rematch beside a
// tournament of three in their group, and a Kriegspiel game under the
// default rules where one of them asks any?. Every line they type comes
// from what the umpire showed them (a word of its help, an example after
// "as in", a line to pass on, a button), checked word by word against
// everything it showed the typist; and no Russian or Esperanto text holds
// an English word but names and coordinates.

// newcomers is a scene with what each reader was shown, for the checks.
type newcomers struct {
	*scene
	shown   map[string]*strings.Builder // by reader ("@club" for the group): texts, button labels and commands
	english map[string]bool             // words of the English catalog that are no words of the reader's
	help    map[string]string           // each player's help
	ends    map[string][]message        // the messages that ended a game, by reader
}

func newNewcomers(t *testing.T, lang string, seed uint64) *newcomers {
	n := &newcomers{scene: newScene(t, lang, seed), shown: map[string]*strings.Builder{}, help: map[string]string{},
		ends: map[string][]message{}, english: foreignWords(lang)}
	n.last = map[string]*message{}
	n.watch = n.check
	return n
}

var (
	letters    = regexp.MustCompile(`\p{L}+`)
	coordinate = regexp.MustCompile(`^[a-h][1-8][a-h][1-8]$`)
)

// foreignWords are the words of three letters or more of the English
// catalog (its texts and its command words) that are no words of lang's
// catalog: the English words a reader of lang must never see. None for
// English.
func foreignWords(lang string) map[string]bool {
	if lang == "en" {
		return nil
	}
	words := func(l string) map[string]bool {
		out := map[string]bool{}
		for _, text := range texts.DefaultCatalog.All(l) {
			for _, w := range letters.FindAllString(text, -1) {
				out[strings.ToLower(w)] = true
			}
		}
		return out
	}
	own, out := words(lang), map[string]bool{}
	for w := range words("en") {
		if len([]rune(w)) >= 3 && !own[w] {
			out[w] = true
		}
	}
	return out
}

// check is the scene's watch: the line typed must come from what the
// umpire showed its writer, and what it brought holds no English word for
// a reader of another language.
func (n *newcomers) check(line string, ms []message) {
	n.t.Helper()
	who, text, _ := strings.Cut(line, "> ")
	reader, _, inGroup := strings.Cut(who, "@")
	seen := n.seen(reader)
	if inGroup {
		seen += n.seen("@club")
	}
	if n.seen(reader) != "" { // the first line of each is its greeting
		for _, w := range strings.Fields(text) {
			if !coordinate.MatchString(w) && !strings.Contains(seen, w) {
				n.t.Errorf("%s typed %q, whose %q the umpire never showed it", who, text, w)
			}
		}
	}
	n.sees(reader, text)
	for _, m := range ms {
		n.sees(m.to, m.text)
		if button([]message{m}, "rematch ") != "" {
			n.ends[m.to] = append(n.ends[m.to], m)
		}
		for _, b := range m.buttons {
			n.sees(m.to, b[0]+"\n"+b[1])
		}
		for _, w := range letters.FindAllString(stripCommands(m.text)+" "+labels(m), -1) {
			if n.english[strings.ToLower(w)] && !slices.Contains([]string{"ann", "bob", "cid"}, w) {
				n.t.Errorf("the %s text to %s holds the English %q:\n%s", n.lang, m.to, w, m.text)
			}
		}
	}
}

// labels are a message's button labels.
func labels(m message) string {
	var out []string
	for _, b := range m.buttons {
		out = append(out, b[0])
	}
	return strings.Join(out, " ")
}

func (n *newcomers) seen(who string) string {
	if b := n.shown[who]; b != nil {
		return b.String()
	}
	return ""
}

func (n *newcomers) sees(who, text string) {
	if n.shown[who] == nil {
		n.shown[who] = &strings.Builder{}
	}
	n.shown[who].WriteString(text + "\n")
}

// typed types line as who and returns the messages to who.
func (n *newcomers) typed(who, line string) []message {
	n.t.Helper()
	reader, _, _ := strings.Cut(who, "@")
	return to(reader, n.line(who+"> "+line))
}

// after is what follows the first of words in text up to the end of its
// sentence or clause ("Write help to see" → "help to see"): "" when none
// is there.
func after(text string, words ...string) string {
	for _, w := range words {
		if _, rest, ok := strings.Cut(text, w); ok {
			return rest
		}
	}
	return ""
}

// firstWord is the first word of s, without the punctuation after it.
func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return strings.TrimRight(f[0], ".,:;")
}

// helpLine is the line of a help that begins with a word the catalog reads
// as cmd, and that word.
func helpLine(help, cmd string) (line, word string) {
	for _, l := range strings.Split(help, "\n") {
		if w := firstWord(l); w != "" && texts.DefaultCatalog.Command(w) == cmd {
			return l, w
		}
	}
	return "", ""
}

// greet has who say hello, find the help in the answer and read it.
func (n *newcomers) greet(who string) {
	n.t.Helper()
	answer := n.typed(who, "?")
	word := firstWord(after(answer[0].text, writeWord[n.lang], upperFirst(writeWord[n.lang])))
	help := n.typed(who, word)
	if len(help) != 1 || !strings.Contains(help[0].text, "\n") {
		n.t.Fatalf("%s wrote %q, from %q, and got no help: %+v", who, word, answer[0].text, help)
	}
	n.help[who] = help[0].text
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// example is the first example a text gives ("as in: X, or Y" → X): up to
// "or", the end of the sentence, or the next example's first word.
func (n *newcomers) example(text string) string {
	word := map[string]string{"en": "as in", "ru": "например", "eo": "ekzemple"}[n.lang]
	ex := strings.TrimLeft(after(text, word), ":, ")
	ex, _, _ = strings.Cut(ex, orWord[n.lang])
	ex, _, _ = strings.Cut(ex, ". ")
	if f := firstWord(ex); f != "" {
		if i := strings.Index(ex, ", "+f+" "); i > 0 {
			ex = ex[:i]
		}
	}
	return strings.TrimRight(strings.TrimSpace(ex), ".,")
}

// passedOn is the line after the last colon of the message that offers a
// seat ("…, it takes Black: join TOKEN"), which its maker passes on.
func passedOn(ms []message) string {
	for _, m := range ms {
		for _, l := range strings.Split(m.text, "\n") {
			if i := strings.LastIndex(l, ": "); i > 0 && len(m.buttons) > 0 && strings.HasSuffix(l, strings.Fields(m.buttons[0][1])[1]) {
				return l[i+2:]
			}
		}
	}
	return ""
}

// passOn has line, which the umpire gave a game's maker to pass on,
// reach who, as it was shown to the maker, and returns it.
func (n *newcomers) passOn(who, line string) string {
	n.sees(who, line)
	return line
}

// tagOf is the game tag ("#3") the messages name first.
func tagOf(ms []message) string {
	for _, m := range ms {
		if g := gameNumber.FindString(m.text); g != "" {
			return g
		}
	}
	return ""
}

// lastTag is the tag of the newest game the messages name.
func lastTag(ms []message) string {
	best := 0
	for _, m := range ms {
		for _, g := range gameNumber.FindAllStringSubmatch(m.text, -1) {
			var k int
			fmt.Sscanf(g[1], "%d", &k)
			best = max(best, k)
		}
	}
	return fmt.Sprintf("#%d", best)
}

// button is the command of the first button of ms whose command starts
// with one of prefix.
func button(ms []message, prefix string) string {
	for _, m := range ms {
		for _, b := range m.buttons {
			if strings.HasPrefix(b[1], prefix) {
				return b[1]
			}
		}
	}
	return ""
}

func TestNewcomers(t *testing.T) {
	t.Parallel()
	for i, lang := range texts.Languages {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			n := newNewcomers(t, lang, uint64(450+i))
			for _, p := range []string{"ann", "bob", "cid"} {
				n.greet(p)
			}
			if l := langLine.FindStringSubmatch(n.help["ann"]); l != nil { // the group speaks the players' language
				n.typed("ann@club", l[1]+" "+lang)
			}
			rematch := n.darkGame()
			n.kriegspiel()
			n.tournament()
			n.typed("bob", rematch+" "+n.words("bob")[0])
			if !n.over(rematch) {
				t.Errorf("the rematch %s did not end when resigned", rematch)
			}
		})
	}
}

// words are the resign and draw words of who's help.
func (n *newcomers) words(who string) []string {
	m := resignDraw.FindStringSubmatch(n.help[who])
	if m == nil {
		n.t.Fatalf("the help shows no resign and draw:\n%s", n.help[who])
	}
	return m[1:]
}

// newWord is the word that makes a game in who's help.
func (n *newcomers) newWord(who string) string {
	_, w := helpLine(n.help[who], "new")
	return w
}

// darkGame: bob makes a dark game, naming the variant as `rules` lists
// it, and passes its seat on to cid; cid writes the help's conditional
// move, is told that in dark chess a condition is on what one sees, and
// writes the first example of that instead; they play to a draw; cid asks
// for the rematch with its button and bob takes it with its own. It
// returns the rematch's tag, the game left running.
func (n *newcomers) darkGame() string {
	t := n.t
	_, rulesWord := helpLine(n.help["bob"], "rules")
	list := n.typed("bob", rulesWord)[0].text
	dark := ""
	for _, w := range strings.Split(strings.TrimSpace(after(list, ": ")), ", ") {
		if w = strings.TrimRight(strings.Fields(w)[0], "."); texts.DefaultCatalog.VariantWord(w) == referee.Dark {
			dark = w
		}
	}
	if dark == "" {
		t.Fatalf("rules lists no word for dark chess: %q", list)
	}
	made := n.typed("bob", n.newWord("bob")+" "+dark)
	game := tagOf(made)
	n.record(n.line("cid> " + n.passOn("cid", passedOn(made))))
	ifLine, _ := helpLine(n.help["cid"], "if")
	ifLine, _, _ = strings.Cut(ifLine, " — ")
	why := n.typed("cid", ifLine)[0].text
	if !strings.Contains(why, texts.DefaultCatalog.Text(n.lang, "usage.if.sight", texts.Args{"game": game[1:]})) {
		t.Errorf("%q in dark chess is answered %q; want the dark-chess conditions", ifLine, why)
	}
	stored := n.typed("cid", n.example(why))[0].text
	if g := n.game(game); len(g.Seats["black"].Ifs) != 1 {
		t.Fatalf("cid's line %q is not stored: %q", n.example(why), stored)
	}
	if n.lang == "eo" && !strings.Contains(stored, "Ĉxe5") || n.lang == "ru" && !strings.Contains(stored, "К:e5") {
		t.Errorf("the line is not said in the reader's letters: %q", stored)
	}
	n.loop(referee.Dark, game, []string{"bob", "cid"}, n.words("bob")[0], n.words("bob")[1])
	offer := to("bob", n.line("cid> "+button(n.ends["cid"], "rematch ")))
	began := n.line("bob> " + button(offer, "rematch "))
	rematch := lastTag(began)
	if rematch == game {
		t.Fatalf("no rematch of %s began: %+v", game, began)
	}
	return rematch
}

// kriegspiel: ann asks how to make a game and makes the first example,
// Kriegspiel under the default rules; bob takes the seat passed on; ann
// asks any? as the help shows it and is told which rules have it; they
// play to a draw.
func (n *newcomers) kriegspiel() {
	t := n.t
	usage := n.typed("ann", n.newWord("ann"))[0].text
	made := n.typed("ann", n.example(usage))
	game := tagOf(made)
	n.record(n.line("bob> " + n.passOn("bob", passedOn(made))))
	q := anyLine.FindStringSubmatch(n.help["ann"])
	if q == nil {
		t.Fatalf("the help shows no any?")
	}
	why := n.typed("ann", game+" "+q[1])[0].text
	english := texts.DefaultCatalog.Arg(n.lang, "rulesets", "kriegspiel/english")
	if !strings.Contains(why, english) || !strings.Contains(why, n.newWord("ann")+" ") {
		t.Errorf("%s under wild16 is answered %q; want the rules that have it (%s) and how to make such a game", q[1], why, english)
	}
	n.loop(referee.Kriegspiel, game, []string{"ann", "bob"}, n.words("ann")[0], n.words("ann")[1])
}

// tournament: in the group ann asks for the tournaments, opens the one of
// the example, bob and cid join with its button and ann begins it with
// hers; each game is named as the tournament's; in each, White resigns;
// the final table comes, and again when asked for.
func (n *newcomers) tournament() {
	t := n.t
	_, word := helpLine(n.help["ann"], "tournament")
	none := n.typed("ann@club", word)[0].text
	signup := to("@club", n.line("ann@club> "+n.example(none)))
	n.line("bob@club> " + button(signup, "tournament join"))
	n.line("cid@club> " + button(signup, "tournament join"))
	started := n.line("ann@club> " + button(signup, "tournament begin"))
	named := map[string]string{"en": "tournament 1, game ", "ru": "турнир 1, партия ", "eo": "turniro 1, ludo "}[n.lang]
	whites := map[string]string{}
	for _, m := range started {
		if m.to == "@club" {
			continue
		}
		if !strings.Contains(m.text, named) {
			t.Errorf("the start to %s does not name the tournament's game:\n%s", m.to, m.text)
		}
		if n.says(m.text, "you", "") {
			whites[tagOf([]message{m})] = m.to
		}
	}
	if len(whites) != 3 {
		t.Fatalf("the tournament's games: %v", whites)
	}
	for _, game := range slices.Sorted(maps.Keys(whites)) {
		who := whites[game]
		end := n.typed(who, game+" "+n.words(who)[0])
		for _, m := range end {
			if len(m.buttons) > 0 || !strings.Contains(m.text, upperFirst(named)) {
				t.Errorf("the end of %s to %s: %q %v; want the tournament's game named and no rematch", game, who, m.text, m.buttons)
			}
		}
	}
	final := texts.DefaultCatalog.Text(n.lang, "tourney.final", texts.Args{"tourney": "1", "variant": texts.DefaultCatalog.Arg(n.lang, "variant", "korona"), "games": "3"})
	if again := to("@club", n.line("ann@club> "+word)); len(again) != 1 || !strings.Contains(again[0].text, final) {
		t.Errorf("%s after the end: %+v; want the final table", word, again)
	}
}

// game loads the game of a tag ("#3").
func (n *newcomers) game(tag string) *store.Game {
	var id uint64
	fmt.Sscanf(tag, "#%d", &id)
	g, err := n.db.Game(id)
	if err != nil {
		n.t.Fatal(err)
	}
	return g
}
