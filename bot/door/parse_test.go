package door

import (
	"slices"
	"testing"
	"umpire/bot/texts"
	"umpire/referee"
)

var commandTests = []struct {
	text string
	want Command
}{
	{"new kriegspiel wild16 white", Command{Name: "new", Args: []string{"kriegspiel", "wild16", "white"}}},
	{"/new@umpire_bot chess", Command{Name: "new", Args: []string{"chess"}}},
	{"новая korona", Command{Name: "new", Args: []string{"korona"}}},
	{"nova dark", Command{Name: "new", Args: []string{"dark"}}},
	{"new kriegspiel with bob@example.org", Command{Name: "new", Args: []string{"kriegspiel", "with", "bob@example.org"}}},
	{"С c4", Command{Line: referee.ReadLine("С c4")}}, // "с" is "with" in Russian, and a bishop before its square
	{"with", Command{Line: referee.ReadLine("with")}},
	{"/start 12-abcdef", Command{Name: "join", Args: []string{"12-abcdef"}}},
	{"/start", Command{Name: "help"}},
	{"join #12 black", Command{Name: "join", Game: 12, Args: []string{"black"}}},
	{"#12 e2e4", Command{Game: 12, Line: referee.ReadLine("e2e4")}},
	{"e2e4 #12", Command{Game: 12, Line: referee.ReadLine("e2e4")}},
	{"exd5, Nf3; e4", Command{Line: referee.ReadLine("exd5, Nf3; e4")}},
	{"any?, exd5", Command{Line: referee.ReadLine("any?, exd5")}},
	{"есть?, exd5", Command{Line: referee.ReadLine("any?, exd5")}},
	{"сдаюсь", Command{Line: referee.ReadLine("resign")}},
	{"#3 rezignas", Command{Game: 3, Line: referee.ReadLine("resign")}},
	{"accept", Command{Line: referee.ReadLine("draw")}},
	{"отклонить", Command{Line: referee.ReadLine("decline")}},
	{"Кр e2", Command{Line: referee.ReadLine("Кр e2")}},
	{"crown king", Command{Line: referee.ReadLine("crown king")}},
	{"#7", Command{Name: "board", Game: 7}},
	{"watch 1", Command{Name: "watch", Game: 1}},
	{"board 12", Command{Name: "board", Game: 12}},
	{"доска 3", Command{Name: "board", Game: 3}},
	{"abort 4", Command{Name: "abort", Game: 4}},
	{"watch 0", Command{Name: "watch", Args: []string{"0"}}},
	{"watch #2 5", Command{Name: "watch", Game: 2, Args: []string{"5"}}},
	{"", Command{Name: "help"}},
	{"ИГРЫ", Command{Name: "games"}},
	{"lingvo eo", Command{Name: "lang", Args: []string{"eo"}}},
}

func TestParseCommand(t *testing.T) {
	t.Parallel()
	for _, tt := range commandTests {
		got := Parse(texts.DefaultCatalog, tt.text)
		if got.Name != tt.want.Name || got.Game != tt.want.Game || got.Line.Text() != tt.want.Line.Text() || !slices.Equal(got.Args, tt.want.Args) {
			t.Errorf("Parse(%q) = %+v; want %+v", tt.text, got, tt.want)
		}
	}
}

func TestIsSecret(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]bool{"crown king": true, "Grow b2 N": true, "S@c3,X@e5": true, "e2e4": false, "crowning": false} {
		if got := referee.ReadLine(text).Has(referee.ItemSecret); got != want {
			t.Errorf("ReadLine(%q).Has(ItemSecret) = %v; want %v", text, got, want)
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
		c := Parse(texts.DefaultCatalog, text)
		if c.Name == "" && c.Line.Text() == "" {
			t.Errorf("Parse(%q): an action with no text", text)
		}
	})
}
