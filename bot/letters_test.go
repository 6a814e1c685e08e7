package bot_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"umpire/bot/texts"
	"umpire/referee"
)

// latinMove finds a move written with an English piece letter, or a
// promotion to one, in a text for a Russian reader; in Esperanto, whose
// letters are Latin too (R D T K Ĉ), the English letters it has not: Q, N,
// B.
var latinMove = map[string]*regexp.Regexp{
	"ru": regexp.MustCompile(`(?:^|[\s(«"])(?:[KQRBN][a-h]?[1-8]?[x:]?[a-h][1-8]|[a-h][1-8]=[QRBN])|\b(?:king|queen|dame|rook|bishop|knight)\b`),
	"eo": regexp.MustCompile(`(?:^|[\s(«"])(?:[QNB][a-h]?[1-8]?[x:]?[a-h][1-8]|[a-h][1-8]=[QNB])|\b(?:king|queen|dame|rook|bishop|knight)\b`),
}

// boardRank is a rank of a text board, and latinMan a man on it in
// English letters: any Latin letter but the stones' S and X for Russian;
// Q, N and B (and their lower case) for Esperanto.
var (
	boardRank = regexp.MustCompile(`^[1-8]( \S){8}$`)
	latinMan  = map[string]*regexp.Regexp{"ru": regexp.MustCompile(` [A-RT-WYZa-rt-wyz]`), "eo": regexp.MustCompile(` [QNBqnb]`)}
)

// sealedText is the sealed text a reveal quotes for its check, which is
// the referee's (English) words by necessity: the seal is on them.
var sealedText = regexp.MustCompile(`(?:запечатанный текст|sigelita teksto) \S+`)

// englishCommand finds an English command word a reader of another
// language would be told to write: a word of the English command list
// standing alone, not as a Telegram command (/vassal), whose words are
// Latin by the Bot API's rule.
func englishCommand(lang string) *regexp.Regexp {
	var words []string
	for _, w := range []string{"resign", "draw", "decline", "join", "board", "moves", "games", "help", "tell",
		"mute", "order", "choose", "vassal", "declare", "crown", "grow", "watch", "invite", "abort", "lang", "rules"} {
		if texts.DefaultCatalog.Command(w) != "" {
			words = append(words, w)
		}
	}
	return regexp.MustCompile(`(?:^|[\s(«"])(?:` + strings.Join(words, "|") + `)(?:$|[\s.,;:)»"])`)
}

// TestReadersLetters plays a game of every variant with players who read
// Russian or Esperanto, and reads everything sent to them: no move in it
// is written with an English piece letter, and no English command word is
// given them to write.
func TestReadersLetters(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"ru", "eo"} {
		for i, v := range referee.Variants() {
			t.Run(v.Key+"/"+lang, func(t *testing.T) {
				w := newWorld(t)
				for n := range v.Seats {
					w.say(fmt.Sprintf("p%d", n), "lang "+lang)
				}
				w.group("club", "p0", "lang "+lang)
				w.group("club", "p0", "new "+v.Key)
				id := uint64(1)
				for n, s := range v.Seats {
					w.group("club", fmt.Sprintf("p%d", n), fmt.Sprintf("join #%d %s", id, s))
				}
				w.playOut(id, rand.New(rand.NewPCG(uint64(i), 11)), 40)
				for n := range v.Seats {
					w.say(fmt.Sprintf("p%d", n), fmt.Sprintf("#%d moves", id))
				}
				t.Logf("%d messages", len(w.tr.Sent()))
				if testing.Verbose() {
					for _, m := range w.tr.Sent()[len(w.tr.Sent())-6:] {
						t.Logf("to %s: %s\n%s", m.To.ID, m.Text, m.Board)
					}
				}
				cmd := englishCommand(lang)
				bad := 0
				for _, m := range w.tr.Sent() {
					if !strings.HasPrefix(m.To.ID, "p") && m.To.ID != "club" {
						continue
					}
					for _, line := range strings.Split(m.Text+"\n"+m.Board, "\n") {
						line = sealedText.ReplaceAllString(line, "")
						if x := latinMove[lang].FindString(line); x != "" && bad < 12 {
							bad++
							t.Errorf("to %s: an English piece letter in %q: %q", m.To.ID, strings.TrimSpace(x), line)
						}
						if boardRank.MatchString(line) && latinMan[lang].MatchString(line) && bad < 12 {
							bad++
							t.Errorf("to %s: a text board in English letters: %q", m.To.ID, line)
						}
						if x := cmd.FindString(line); x != "" && bad < 12 {
							bad++
							t.Errorf("to %s: an English command word %q in %q", m.To.ID, strings.TrimSpace(x), line)
						}
					}
				}
			})
		}
	}
}

// A seat's own move, its failed tries and its growths are echoed in its
// letters, whatever letters it typed: "Nf3" to a Russian reader is "Кf3",
// to an Esperanto one "Ĉf3"; "kreskigu a2 T" is "a2=T", and "kreskigu a2
// R", a growth into the king in Esperanto's letters, is said as typed,
// never read in English letters (a rook, T) nor with the verb "grow".
func TestEchoInReadersLetters(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		variant   string
		lines     []string // "who text"
		want, not string
	}{
		{"kriegspiel", []string{"ann lang ru", "ann Nf3"}, "Вы сыграли Кf3.", "N"},
		{"kriegspiel", []string{"bob lang eo", "ann e2e4", "bob Nd4"}, "Ĉd4: ne", "Nd4"},
		{"progressive", []string{"ann lang eo", "ann kreskigu a2 R"}, "a2 R: ", "grow"},
		{"progressive", []string{"ann lang eo", "ann kreskigu a2 T"}, "a2=T", "grow"},
	} {
		t.Run(tt.variant+"/"+tt.want, func(t *testing.T) {
			t.Parallel()
			w := twoPlayer(t, tt.variant)
			who := ""
			for _, l := range tt.lines {
				var text string
				who, text, _ = strings.Cut(l, " ")
				w.say(who, text)
			}
			if s := w.last(who); !strings.Contains(s, tt.want) || strings.Contains(s, tt.not) {
				t.Errorf("%s: %q; want %q and no %q", tt.lines, s, tt.want, tt.not)
			}
		})
	}
}
