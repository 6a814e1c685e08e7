package bot

import (
	"slices"
	"testing"
	"umpire/bot/texts"
)

var commandTests = []struct {
	text string
	want command
}{
	{"new kriegspiel wild16 white", command{name: "new", args: []string{"kriegspiel", "wild16", "white"}}},
	{"/new@umpire_bot chess", command{name: "new", args: []string{"chess"}}},
	{"новая korona", command{name: "new", args: []string{"korona"}}},
	{"nova dark", command{name: "new", args: []string{"dark"}}},
	{"new kriegspiel with bob@example.org", command{name: "new", args: []string{"kriegspiel", "with", "bob@example.org"}}},
	{"С c4", command{text: "С c4"}}, // "с" is "with" in Russian, and a bishop before its square
	{"with", command{text: "with"}},
	{"/start 12-abcdef", command{name: "join", args: []string{"12-abcdef"}}},
	{"/start", command{name: "help"}},
	{"join #12 black", command{name: "join", game: 12, args: []string{"black"}}},
	{"#12 e2e4", command{game: 12, text: "e2e4"}},
	{"e2e4 #12", command{game: 12, text: "e2e4"}},
	{"exd5, Nf3; e4", command{text: "exd5, Nf3; e4"}},
	{"any?, exd5", command{text: "any?, exd5"}},
	{"есть?, exd5", command{text: "any?, exd5"}},
	{"сдаюсь", command{text: "resign"}},
	{"#3 rezignas", command{game: 3, text: "resign"}},
	{"accept", command{text: "draw"}},
	{"отклонить", command{text: "decline"}},
	{"Кр e2", command{text: "Кр e2"}},
	{"crown king", command{text: "crown king"}},
	{"#7", command{name: "board", game: 7}},
	{"watch 1", command{name: "watch", game: 1}},
	{"board 12", command{name: "board", game: 12}},
	{"доска 3", command{name: "board", game: 3}},
	{"abort 4", command{name: "abort", game: 4}},
	{"watch 0", command{name: "watch", args: []string{"0"}}},
	{"watch #2 5", command{name: "watch", game: 2, args: []string{"5"}}},
	{"", command{name: "help"}},
	{"ИГРЫ", command{name: "games"}},
	{"lingvo eo", command{name: "lang", args: []string{"eo"}}},
}

func TestParseCommand(t *testing.T) {
	for _, tt := range commandTests {
		got := parseCommand(texts.DefaultCatalog, tt.text)
		if got.name != tt.want.name || got.game != tt.want.game || got.text != tt.want.text || !slices.Equal(got.args, tt.want.args) {
			t.Errorf("parseCommand(%q) = %+v; want %+v", tt.text, got, tt.want)
		}
	}
}

func TestIsSecret(t *testing.T) {
	for text, want := range map[string]bool{"crown king": true, "Grow b2 N": true, "S@c3,X@e5": true, "e2e4": false, "crowning": false} {
		if got := isSecret(text); got != want {
			t.Errorf("isSecret(%q) = %v; want %v", text, got, want)
		}
	}
}

// FuzzParseCommand: any text parses without panicking, and an action's
// text is never empty.
func FuzzParseCommand(f *testing.F) {
	for _, tt := range commandTests {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c := parseCommand(texts.DefaultCatalog, text)
		if c.name == "" && c.text == "" {
			t.Errorf("parseCommand(%q): an action with no text", text)
		}
	})
}
