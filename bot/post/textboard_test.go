package post

import (
	"strings"
	"testing"

	"umpire/referee"
	"umpire/referee/tri"
)

// A triad text board names every cell the way the rules do: the letters
// above its column and the rank before its line make the cell's full
// name, and the man written there is the man the referee has on that
// cell. The reader's own third comes last, as at the bottom of its
// picture.
func TestTriadTextBoard(t *testing.T) {
	t.Parallel()
	v, _ := referee.Lookup("triad")
	g, _ := v.New(referee.Options{})
	for _, a := range []string{"white d2d4", "red Nf3", "black bd2bd4", "white dxbd4"} {
		seat, text, _ := strings.Cut(a, " ")
		if r := g.Play(referee.Action{Seat: referee.Seat(seat), Text: text}); r.Verdict != referee.Accepted {
			t.Fatalf("%s: %v", a, r)
		}
	}
	for _, seat := range []referee.Seat{referee.White, referee.Red, referee.Black, referee.Spectator} {
		view := g.View(seat)
		board := TextBoard(view, "en")
		seen := map[string]string{}
		var header []string
		var thirds []string
		for _, line := range strings.Split(board, "\n") {
			f := strings.Fields(line)
			switch {
			case len(f) == 8 && len(f[0]) == 2 && f[0][1] == 'a':
				header = f
				thirds = append(thirds, f[0][:1])
			case len(f) == 9 && header != nil:
				for i, man := range f[1:] {
					seen[header[i]+f[0]] = man
				}
			case line != "":
				t.Fatalf("%s: line %q is neither files nor a rank:\n%s", seat, line, board)
			}
		}
		if len(seen) != tri.Cells {
			t.Fatalf("%s: %d cells named; want %d:\n%s", seat, len(seen), tri.Cells, board)
		}
		for c := 0; c < tri.Cells; c++ {
			name := tri.Coord{T: c / 32, R: c%32/8 + 1, F: c%8 + 1}.Name()
			if want := string(view.Cells[2*c : 2*c+2]); seen[name] != want {
				t.Errorf("%s: %s shows %q; want %q", seat, name, seen[name], want)
			}
		}
		own := string(view.Bottom)[:1]
		if thirds[len(thirds)-1] != own {
			t.Errorf("%s: the thirds come in the order %v; want %s's last", seat, thirds, own)
		}
	}
	if got := TextBoard(g.View(referee.White), "en"); !strings.Contains(got, "4 .. .. .. wP .. .. .. ..") {
		t.Errorf("white's pawn is not on bd4 of its text board:\n%s", got)
	}
}
