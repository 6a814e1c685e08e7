package email

import (
	"strings"
	"unicode"
)

// maxCommandLines bounds the lines of a command: a move, an attempt list,
// `new kriegspiel with bob@example.org` fit in one.
const maxCommandLines = 5

// command returns the first paragraph the sender wrote: the first
// non-empty lines of a body, up to a blank line. Quoted lines ("> …") and
// attributions ("On … wrote:", "… пишет:", "… написал(а):", "… skribis:")
// before it are skipped; after it they end it, and so do a signature
// ("-- "), a separator ("-----Original Message-----", a line of
// underscores) and a quoted header block ("From: …"), after which nothing
// is read at all: the rest is the thread, not the sender's words.
func command(body string) string {
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	var got []string
	for i := 0; i < len(lines); i++ {
		line := cleanLine(lines[i])
		if isSignature(lines[i]) || isSeparator(line) || isHeaderLine(line) {
			break
		}
		if n := attribution(lines[i:]); n > 0 || isQuote(line) {
			if len(got) > 0 {
				break
			}
			i += max(n, 1) - 1
			continue
		}
		if line == "" {
			if len(got) > 0 {
				break
			}
			continue
		}
		got = append(got, line)
		if len(got) == maxCommandLines {
			break
		}
	}
	return strings.Join(got, "\n")
}

// cleanLine trims a line of spaces of every kind and of invisible marks
// (a byte order mark, zero-width spaces) that mail clients leave.
func cleanLine(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == '\uFEFF' || r == '\u200B' || r == '\u200C' || r == '\u200D' || r == '\u2060'
	})
}

// isQuote reports whether a line is quoted text.
func isQuote(line string) bool { return strings.HasPrefix(line, ">") || strings.HasPrefix(line, "|>") }

// isSignature reports whether a raw line opens a signature: "-- " by the
// standard, "--" where a client trimmed the space.
func isSignature(raw string) bool {
	raw = strings.TrimRight(raw, "\r")
	return raw == "-- " || raw == "--"
}

// separators open a quoted or forwarded message in the clients that do not
// quote with ">".
var separators = []string{
	"original message", "forwarded message", "исходное сообщение",
	"пересылаемое сообщение", "пересланное сообщение", "оригинальное сообщение",
	"originala mesaĝo", "plusendita mesaĝo",
}

// isSeparator reports whether a line separates the sender's words from a
// message below: "-----Original Message-----", "-------- Исходное
// сообщение --------", or a rule of underscores, dashes or equals signs.
func isSeparator(line string) bool {
	if len(line) >= 5 && strings.Trim(line, "_-=*") == "" {
		return true
	}
	if !strings.HasPrefix(line, "--") && !strings.HasPrefix(line, "==") {
		return false
	}
	l := strings.ToLower(line)
	for _, s := range separators {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// headerWords open a header block quoted without ">" (Outlook's
// "From: … Sent: …").
var headerWords = []string{"from:", "от:", "de:", "von:", "sent:", "отправлено:", "sendita:"}

// isHeaderLine reports whether a line starts a quoted header block: no
// command starts with a sender field.
func isHeaderLine(line string) bool {
	l := strings.ToLower(line)
	for _, w := range headerWords {
		if strings.HasPrefix(l, w) && len(l) > len(w) {
			return true
		}
	}
	return false
}

// attributionEnds are the endings of an attribution line in the
// languages the umpire speaks (and a few more that mail clients use).
var attributionEnds = []string{
	"wrote:", "writes:", "said:",
	"пишет:", "написал:", "написала:", "написал(а):", "пишут:",
	"skribis:", "skribas:",
	"a écrit :", "a écrit:", "schrieb:", "escribió:", "ha scritto:", "schreef:",
}

// minWrapped is the shortest first line of a wrapped attribution: a
// client wraps only long lines, and "0-0" above "On … wrote:" is a move.
const minWrapped = 24

// attributionStarts open an attribution that a client wrapped over lines.
var attributionStarts = []string{"on ", "am ", "le ", "el ", "il ", "op ", "в ", "je ", "dne "}

// attribution returns how many lines of the start of lines are an
// attribution, the line a client puts above a quote: "On Mon, 1 Jan 2024,
// Umpire <bot@example.org> wrote:" (a long one wrapped over up to three
// lines), "12.01.2024, 10:00, Umpire пишет:", "… от Umpire
// <bot@example.org>:"; 0 when the first line opens none.
func attribution(lines []string) int {
	first := cleanLine(lines[0])
	if first == "" || isQuote(first) {
		return 0
	}
	if isAttributionEnd(first) {
		return 1
	}
	if !hasAttributionStart(first) || len(first) < minWrapped {
		return 0
	}
	joined := first
	for n := 2; n <= 3 && n <= len(lines); n++ {
		next := cleanLine(lines[n-1])
		if next == "" || isQuote(next) {
			return 0
		}
		if isAttributionEnd(next) && hasAttributionStart(next) {
			return 0 // next is an attribution of its own
		}
		joined += " " + next
		if isAttributionEnd(joined) {
			return n
		}
	}
	return 0
}

// isAttributionEnd reports whether a line ends as an attribution does.
func isAttributionEnd(line string) bool {
	l := strings.ToLower(line)
	for _, e := range attributionEnds {
		if strings.HasSuffix(l, e) {
			return true
		}
	}
	return strings.HasSuffix(l, ">:") && strings.Contains(l, "@")
}

// hasAttributionStart reports whether a line may open a wrapped
// attribution: "On …", "В …", a date.
func hasAttributionStart(line string) bool {
	l := strings.ToLower(line)
	for _, s := range attributionStarts {
		if strings.HasPrefix(l, s) {
			return true
		}
	}
	r := []rune(l)
	return len(r) > 0 && unicode.IsDigit(r[0]) && strings.ContainsAny(l, ".,/-")
}
