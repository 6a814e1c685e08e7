package render

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"umpire/referee"
	"umpire/referee/tri"
)

// triadGoldens are pictures of three-player chess from each seat's side,
// with the marks of its diplomacy: a Servant's king, a held army, a
// neutral army, the Thrones. Each is a real game's view: a position and
// the moves that lead from it, played by the referee.
func triadGoldens(t testing.TB) []golden {
	var gs []golden
	add := func(name string, v referee.View, o Options) { gs = append(gs, golden{name, v, o}) }

	// triad.md's worked example 1, from white's side: white's pawn has
	// just taken black's on rd4.
	g := triadGame(t, "", `white d2d4
red d4
black bd2bd4
white Nf3
red f4
black dxrd4
white wd4rd4`)
	add("triad-white", g.View(referee.White), Options{Caption: []string{
		"White: wd4rd4. A pawn was captured on rd4.", "Red to move."}})

	// Example 2 goes on: black serves white; red's view.
	playScript(t, g, `white vassal offer black
black vassal accept white
red Nc3
white order black e2e4
white Bf4
red e3`)
	add("triad-red", g.View(referee.Red), Options{Size: 560, Caption: []string{
		"Красные: re2re3.", "Вассал: чёрные, сюзерен: белые.", "Ход: чёрные."}})

	// Red's king is taken beside its Throne, where only red's own rook
	// stands: red's army is neutral. Black's view.
	g = triadGame(t, "wKwe1 wRwd1 wNwc2 wBwf1 wPwb3 wPwe2 wPwf2 wPwg3 wPwh2 "+
		"rRwa1 rRre1 rKre3 rNrb1 rPra2 rPrb2 rPrc2 rPrf2 rPrg2 rPrh2 "+
		"bBre4 bKbe1 bQbc2 bRba1 bRbh1 bNbg1 bPba2 bPbb2 bPbd2 bPbf2 bPbg2 bPbh3 black", `black Brf3
white Rxre3`)
	add("triad-black", g.View(referee.Black), Options{Caption: []string{
		"Blankaj: wd1re3. Peco estis prenita sur re3.",
		"La armeo de Ruĝaj estas neŭtrala: neniu tenas ĝian tronon (re1).", "Movas Nigraj."}})

	// Red's king is taken on its Throne by white's rook, which holds it:
	// white moves red's army. The spectators' view, small, from white's side,
	// as a group sees every picture of a game.
	g = triadGame(t, "wKwe1 wRwd1 wBwc1 wNwg1 wPwa2 wPwb2 wPwf2 wPwg2 wPwh2 "+
		"rKre1 rQrd1 rNrg1 rRrh1 rPrb2 rPrd2 rPrf2 rPrg2 rPrh2 "+
		"bKbe1 bNre2 bRra2 bRbh1 bBbf1 bPba2 bPbb2 bPbc2 bPbd2 bPbg2 bPbh2 black", `black re2rc3
white Rxre1`)
	add("triad-held", g.View(referee.Spectator), Options{Size: 320, Caption: []string{
		"Red's Throne (re1) is held by White.", "Black to move."}})
	return gs
}

// triadGame starts a game of three-player chess from men ("wKwe1 …",
// then the seat to move; "" for the start position) and plays a script of
// "seat action" lines, each of which must be accepted.
func triadGame(t testing.TB, men, script string) referee.Game {
	t.Helper()
	v, _ := referee.Lookup("triad")
	var o referee.Options
	if men != "" {
		o.FEN = triadBoard(t, men)
	}
	g, err := v.New(o)
	if err != nil {
		t.Fatal(err)
	}
	playScript(t, g, script)
	return g
}

func playScript(t testing.TB, g referee.Game, script string) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		seat, text, _ := strings.Cut(strings.TrimSpace(line), " ")
		if r := g.Play(referee.Action{Seat: referee.Seat(seat), Text: text}); r.Verdict != referee.Accepted {
			t.Fatalf("%s: %v", line, r)
		}
	}
}

// triadBoard writes the board string of the men listed, and the seat to
// move after them.
func triadBoard(t testing.TB, men string) string {
	t.Helper()
	cells := make([]string, tri.Cells)
	for i := range cells {
		cells[i] = ".."
	}
	fields := strings.Fields(men)
	for _, f := range fields[:len(fields)-1] {
		c, ok := tri.Lookup(f[2:])
		if !ok {
			t.Fatalf("bad man %q", f)
		}
		cells[c.Cell()] = f[:2]
	}
	var thirds []string
	for third := 0; third < tri.Armies; third++ {
		var ranks []string
		for r := 4; r >= 1; r-- {
			var b strings.Builder
			for f := 1; f <= 8; f++ {
				b.WriteString(cells[tri.Coord{T: third, R: r, F: f}.Cell()])
			}
			ranks = append(ranks, b.String())
		}
		thirds = append(thirds, strings.Join(ranks, "/"))
	}
	return strings.Join(thirds, " | ") + " " + fields[len(fields)-1]
}

// triadTextBoard writes a view of three-player chess as people read it:
// each third from its own side (the bottom seat's first, then the one drawn
// upper left, then upper right), ranks 4 to 1, files a to h; then the
// marks, the diplomacy and the caption.
func triadTextBoard(v referee.View, o Options) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, view of %s, %s at the bottom, %d px\n", v.Variant, v.Seat, v.Bottom, o.Size)
	bottom := triadBottom(v.Bottom)
	for k, where := range []string{"at the bottom", "upper left", "upper right"} {
		third := (bottom + k) % tri.Armies
		fmt.Fprintf(&b, "\n%c third, %s\n", tri.Letters[third], where)
		for r := 4; r >= 1; r-- {
			fmt.Fprintf(&b, "%d ", r)
			for f := 1; f <= 8; f++ {
				i := int(tri.Coord{T: third, R: r, F: f}.Cell())
				b.WriteString(" " + string(v.Cells[2*i:2*i+2]))
			}
			b.WriteByte('\n')
		}
		b.WriteString("   a  b  c  d  e  f  g  h\n")
	}
	fmt.Fprintf(&b, "\nlast move: %v\nchecks: %v\n", v.LastMove, v.Checks)
	b.WriteString(newMarks(v, o))
	if d := v.Diplomacy; d != nil {
		for _, x := range d.Bonds {
			fmt.Fprintf(&b, "%s serves %s\n", x.Servant, x.Lord)
		}
		for _, x := range d.Windows {
			fmt.Fprintf(&b, "%s declared check on %s\n", x.Declarer, x.Partner)
		}
		for _, x := range d.Thrones {
			fmt.Fprintf(&b, "%s's throne %s held by %q\n", x.Army, x.Cell, x.Holder)
		}
	}
	for _, l := range o.Caption {
		fmt.Fprintf(&b, "caption: %s\n", l)
	}
	return b.String()
}

// Every size draws, and cells that are no man of an army are refused.
func TestTriadCells(t *testing.T) {
	v := triadGame(t, "", "white e2e4").View(referee.Red)
	for _, size := range []int{MinSize, 333, MaxSize} {
		if _, err := Image(v, Options{Size: size}); err != nil {
			t.Errorf("%d px: %v", size, err)
		}
	}
	for _, bad := range []string{"xK", "wZ", "wk", ".K", "?."} {
		w := v
		w.Cells = append([]byte(bad), v.Cells[2:]...)
		if _, err := Image(w, Options{}); err == nil {
			t.Errorf("cell %q: drawn; want an error", bad)
		}
	}
}

// The three armies' colours differ in lightness, not only in hue, so that
// every eye tells them apart, colour-blind or not, on paper in grey too:
// each pair has a contrast ratio of at least 3 (WCAG's figure for large
// shapes).
func TestTriadArmyContrast(t *testing.T) {
	lum := func(ix uint8) float64 {
		c := keyColours[ix]
		lin := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.04045 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
	}
	pairs := [][2]army{{armyWhite, armyRed}, {armyRed, armyBlack}, {armyWhite, armyBlack}}
	for _, p := range pairs {
		a, b := lum(armyInks[p[0]].body), lum(armyInks[p[1]].body)
		if ratio := (math.Max(a, b) + 0.05) / (math.Min(a, b) + 0.05); ratio < 3 {
			t.Errorf("armies %d and %d: contrast %.2f; want at least 3", p[0], p[1], ratio)
		}
	}
}

// BenchmarkRenderTriad640 draws and encodes a view of three-player chess
// at 640 pixels with a caption, as the bot sends after every move.
func BenchmarkRenderTriad640(b *testing.B) {
	gs := triadGoldens(b)
	v, o := gs[2].v, Options{Size: 640, Caption: gs[2].o.Caption}
	if _, err := PNG(v, o); err != nil {
		b.Fatal(err)
	}
	benchPNG(b, v, o)
}
