package door

import (
	"strings"
	"testing"

	"umpire/bot/texts"
)

// The diplomacy of three-player chess is written in any language of the
// catalog and reaches the referee in its own words (triad.md 6.5).
var diplomacyTests = []struct {
	text string
	game uint64
	want string
}{
	{"vassal offer black", 0, "vassal offer black"},
	{"order pass", 0, "order pass"},
	{"приказ пас", 0, "order pass"},
	{"ordoni Nigraj pasi", 0, "order black pass"},
	{"/vassal offer Black", 0, "vassal offer black"},
	{"lord accept white", 0, "lord accept white"},
	{"lord decline red", 0, "lord decline red"},
	{"#3 order black e4", 3, "order black e4"},
	{"order Black Nf3", 0, "order black Nf3"},
	{"choose white", 0, "choose white"},
	{"declare Rbe3", 0, "declare Rbe3"},
	{"вассал предложить белым", 0, "vassal offer white"},
	{"сюзерен принять чёрные", 0, "lord accept black"},
	{"господин отклонить черных", 0, "lord decline black"},
	{"приказ чёрным Nf3", 0, "order black Nf3"},
	{"выбрать красные", 0, "choose red"},
	{"объявить Кe3", 0, "declare Кe3"},
	{"vasalo proponi Nigraj", 0, "vassal offer black"},
	{"sinjoro rifuzi ruĝa", 0, "lord decline red"},
	{"ordoni Blankaj e2e4", 0, "order white e2e4"},
	{"elekti ruĝaj", 0, "choose red"},
	{"deklari Rbe3", 0, "declare Rbe3"},
	// words it does not know stay, for the referee to refuse
	{"vassal offer purple", 0, "vassal offer purple"},
	{"vassal befriend black", 0, "vassal befriend black"},
	{"order", 0, "order"},
	// "offer" and its kin alone offer a draw
	{"предлагаю", 0, "draw"},
	{"proponi", 0, "draw"},
}

func TestDiplomacyCommands(t *testing.T) {
	t.Parallel()
	for _, tt := range diplomacyTests {
		got := Parse(texts.DefaultCatalog, tt.text)
		if got.Name != "" || got.Game != tt.game || got.Line.Text() != tt.want {
			t.Errorf("Parse(%q) = %+v; want the action %q (game %d)", tt.text, got, tt.want, tt.game)
		}
	}
}

// FuzzDiplomacyText: whatever follows a diplomacy word, the action keeps
// the referee's word first and as many words as were written.
func FuzzDiplomacyText(f *testing.F) {
	for _, tt := range diplomacyTests {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		words := strings.Fields(text)
		if len(words) == 0 {
			return
		}
		cmd := texts.DefaultCatalog.Command(words[0])
		if !diplomacyCommands[cmd] {
			return
		}
		got := diplomacyText(texts.DefaultCatalog, cmd, append([]string(nil), words[1:]...))
		if out := strings.Fields(got); len(out) != len(words) || out[0] != cmd {
			t.Errorf("diplomacyText(%q) = %q", text, got)
		}
	})
}
