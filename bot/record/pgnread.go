package record

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A PGNGame is one game read from PGN by ReadPGN.
type PGNGame struct {
	Tags    []PGNTag  // in the order written
	Prelude string    // the comment before the first move, "" when none
	Moves   []PGNMove // in order
	Result  string    // the game termination marker
}

// A PGNTag is one tag pair.
type PGNTag struct{ Name, Value string }

// A PGNMove is one move: its round, the seat's letter in the three-player
// form ("W", "R", "B"; "" in two-player PGN), its SAN, and the comment
// after it.
type PGNMove struct {
	Round   int
	Seat    string
	SAN     string
	Comment string
}

// Tag returns the value of a tag, "" when the game has none.
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// maxPGN bounds the text ReadPGN takes.
const maxPGN = 4 << 20

var (
	tagLine     = regexp.MustCompile(`^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$`)
	numberToken = regexp.MustCompile(`^([0-9]+)(\.|\.\.\.)$`)
	seatToken   = regexp.MustCompile(`^[A-Z]:$`)
	resultWord  = regexp.MustCompile(`^(1-0|0-1|1/2-1/2|\*|[0-9.]+-[0-9.]+-[0-9.]+)$`)
	sanToken    = regexp.MustCompile(`^([A-Z]?[a-z]*[0-9]*x?[a-z]{1,2}[0-9]+(=[A-Z])?[+#]?|O-O(-O)?[+#]?|[SX]@[a-z]+[0-9]+(,[SX]@[a-z]+[0-9]+)*)$`)
)

// ReadPGN reads one game written by PGN (or by the end of a game), and is
// strict where the record promises to be: tags first, then a blank line;
// at most one comment before the first move and one after each move;
// rounds numbered in order; in the three-player form a seat's letter
// before every move; a result that ends the movetext and matches the
// Result tag. It returns an error that names the first fault.
func ReadPGN(text string) (*PGNGame, error) {
	if len(text) > maxPGN {
		return nil, errors.New("pgn: too long")
	}
	head, body, ok := strings.Cut(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n")
	if !ok {
		return nil, errors.New("pgn: no blank line after the tags")
	}
	g := &PGNGame{}
	for _, line := range strings.Split(head, "\n") {
		m := tagLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("pgn: not a tag pair: %.40q", line)
		}
		g.Tags = append(g.Tags, PGNTag{m[1], strings.NewReplacer(`\\`, `\`, `\"`, `"`).Replace(m[2])})
	}
	if err := g.readMoves(body); err != nil {
		return nil, err
	}
	if g.Result != g.Tag("Result") {
		return nil, fmt.Errorf("pgn: the movetext ends %q, the Result tag says %q", g.Result, g.Tag("Result"))
	}
	return g, nil
}

// readMoves reads the movetext.
func (g *PGNGame) readMoves(body string) error {
	toks, err := pgnTokens(body)
	if err != nil {
		return err
	}
	round, seat, commented := 0, "", false
	for i, t := range toks {
		switch {
		case g.Result != "":
			return fmt.Errorf("pgn: %.20q after the result", t)
		case strings.HasPrefix(t, "{"):
			if commented {
				return fmt.Errorf("pgn: two comments in a row, the second %.40q", t)
			}
			commented = true
			if n := len(g.Moves); n > 0 {
				g.Moves[n-1].Comment = t[1 : len(t)-1]
			} else {
				g.Prelude = t[1 : len(t)-1]
			}
		case numberToken.MatchString(t):
			n, _ := strconv.Atoi(numberToken.FindStringSubmatch(t)[1])
			if round != 0 && n != round && n != round+1 {
				return fmt.Errorf("pgn: move number %s after round %d", t, round)
			}
			round = n
		case seatToken.MatchString(t):
			seat = t[:1]
		case resultWord.MatchString(t) && i == len(toks)-1:
			g.Result = t
		case sanToken.MatchString(t):
			if round == 0 {
				return fmt.Errorf("pgn: move %q before a move number", t)
			}
			if three := g.Tag("Red") != ""; three != (seat != "") {
				return fmt.Errorf("pgn: move %q: a seat's letter before it is for three players only, and they need it", t)
			}
			g.Moves = append(g.Moves, PGNMove{Round: round, Seat: seat, SAN: t})
			seat, commented = "", false
		default:
			return fmt.Errorf("pgn: cannot read %.20q", t)
		}
	}
	if g.Result == "" {
		return errors.New("pgn: no result at the end")
	}
	return nil
}

// pgnTokens splits movetext into comments (with their braces) and the
// words between them.
func pgnTokens(body string) ([]string, error) {
	var out []string
	for body != "" {
		i := strings.IndexByte(body, '{')
		if i < 0 {
			i = len(body)
		}
		out = append(out, strings.Fields(body[:i])...)
		if i == len(body) {
			break
		}
		j := strings.IndexByte(body[i:], '}')
		if j < 0 {
			return nil, errors.New("pgn: a comment is not closed")
		}
		c := strings.Join(strings.Fields(body[i+1:i+j]), " ")
		out = append(out, "{"+c+"}")
		body = body[i+j+1:]
	}
	return out, nil
}
