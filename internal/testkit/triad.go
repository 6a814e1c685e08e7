package testkit

import (
	_ "embed"
	"fmt"
	"strings"
)

// TriadServantMen is the three-player position (triad.md 3.15's example)
// where White and then Red take a Servant: White's rook takes the
// knight on ba3 and Black's knight on bh3 falls to Red's, so that Black
// may serve either Lord. The side to move is White.
const TriadServantMen = "wKwe1 wRwh1 wPwa2 wPwb2 rKre1 rRra1 rPrb2 rPrc2 bKbe1 bNba3 bNbh3 bPbb2 bPbc2 bPbd2 bPbf2 bPbg2 bPbh2"

// TriadServant is the script, one "seat text" a line, that plays from
// TriadServantMen to the moment both Lords hold Black as their Servant
// and Red has just moved: what the referee's, the clock's and the group's
// tests of held orders (triad.md 3.15) start from.
var TriadServant = strings.TrimSuffix(triadServant, "\n")

//go:embed testdata/triad_servant.txt
var triadServant string

// TriadFEN writes a triad FEN from men listed as army, piece and cell
// ("wKwe1 bPba2"), and the seat to move: the board string of triad.md 5.1.
func TriadFEN(men, turn string) (string, error) {
	cells := map[string]string{}
	for _, m := range strings.Fields(men) {
		cells[m[2:]] = m[:2]
	}
	var thirds []string
	for _, third := range "wrb" {
		var ranks []string
		for rank := '4'; rank >= '1'; rank-- {
			var b strings.Builder
			for file := 'a'; file <= 'h'; file++ {
				name := string(third) + string(file) + string(rank)
				man, ok := cells[name]
				if !ok {
					man = ".."
				}
				delete(cells, name)
				b.WriteString(man)
			}
			ranks = append(ranks, b.String())
		}
		thirds = append(thirds, strings.Join(ranks, "/"))
	}
	if len(cells) > 0 {
		return "", fmt.Errorf("men on no cell: %v", cells)
	}
	return strings.Join(thirds, " | ") + " " + turn, nil
}
