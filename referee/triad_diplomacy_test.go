package referee

import (
	"slices"
	"strings"
	"testing"
	"umpire/internal/testkit"
)

// Diplomacy (triad.md §3), each rule with a case that allows and one that
// forbids.

// scriptSteps turns "seat action" lines into steps that only need to be
// accepted.
func scriptSteps(script string) []triStep {
	var out []triStep
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		seat, text, _ := strings.Cut(strings.TrimSpace(line), " ")
		out = append(out, triStep{seat: seat, text: text, said: "*"})
	}
	return out
}

// afterExample1 is triad.md's first worked example: white's last move took
// a black man, red's nothing.
func afterExample1(t *testing.T) *triad {
	g := newStart(t)
	runSteps(t, g, scriptSteps(`white d2d4
red d4
black bd2bd4
white Nf3
red f4
black dxrd4
white wd4rd4`))
	return g
}

func TestTriadOffers(t *testing.T) {
	t.Run("offers and answers", func(t *testing.T) {
		runSteps(t, afterExample1(t), []triStep{
			{seat: "red", text: "vassal offer white", verdict: Impossible, said: impossibleSaid("red")},
			{seat: "black", text: "lord offer white", said: "vassal lord=white servant=black event=offer by=black", turn: "red"},
			{seat: "black", text: "lord offer white", verdict: Impossible, said: impossibleSaid("black")},
			{seat: "white", text: "lord decline black", said: "vassal lord=white servant=black event=decline by=white"},
			{seat: "white", text: "lord accept black", verdict: Impossible, said: impossibleSaid("white")},
			{seat: "black", text: "lord offer white", said: "*"},
			{seat: "white", text: "lord accept black", said: "vassal lord=white servant=black event=accept by=white", turn: "red"},
			{seat: "white", text: "vassal offer black", verdict: Impossible, said: impossibleSaid("white")},
			{seat: "black", text: "vassal offer white", verdict: Impossible, said: impossibleSaid("black")},
			{seat: "white", text: "vassal offer purple", verdict: Refused},
			{seat: "white", text: "vassal befriend black", verdict: Refused},
		})
	})
	t.Run("an offer lapses with the Lord's next move", func(t *testing.T) {
		runSteps(t, afterExample1(t), []triStep{
			{seat: "white", text: "vassal offer black", said: "*"},
			{seat: "red", text: "Nc3"},
			{seat: "black", text: "Nf3"},
			{seat: "black", text: "vassal accept white", said: "vassal lord=white servant=black event=accept by=black"},
		})
		g := afterExample1(t)
		runSteps(t, g, []triStep{
			{seat: "white", text: "vassal offer black", said: "*"},
			{seat: "red", text: "Nc3"},
			{seat: "black", text: "Nf3"},
			{seat: "white", text: "h3"},
			{seat: "black", text: "vassal accept white", verdict: Impossible, said: impossibleSaid("black")},
			{seat: "black", text: "vassal decline white", verdict: Impossible, said: impossibleSaid("black")},
		})
	})
	t.Run("a Lord who becomes a Servant frees his own", func(t *testing.T) {
		g := afterExample1(t)
		runSteps(t, g, []triStep{
			{seat: "white", text: "vassal offer black", said: "*"},
			{seat: "black", text: "vassal accept white", said: "*"},
			{seat: "red", text: "c3"},
			{seat: "black", text: "Nf3"},
			{seat: "white", text: "h3"},
			{seat: "red", text: "cxd4", said: "capture square=rd4 what=pawn"},
			{seat: "red", text: "vassal offer white", said: "vassal lord=red servant=white event=offer by=red"},
			{seat: "white", text: "vassal accept red", said: "vassal lord=red servant=white event=accept by=white; " +
				"vassal lord=white servant=black event=free by=white state=ended", turn: "black"},
		})
		if g.inGame(0) || !g.inGame(1) || !g.inGame(2) {
			t.Errorf("in the game: white %v red %v black %v; want red and black", g.inGame(0), g.inGame(1), g.inGame(2))
		}
	})
}

// afterExample2 is triad.md's second worked example: black serves white,
// who ordered on black's turn 2, and black moved himself on turn 3.
func afterExample2(t *testing.T) *triad {
	g := afterExample1(t)
	runSteps(t, g, scriptSteps(`white vassal offer black
black vassal accept white
red Nc3
white order black e2e4
white Bf4
red e3
black Nf3`))
	return g
}

func TestTriadOrdersOneLord(t *testing.T) {
	runSteps(t, afterExample2(t), []triStep{
		{seat: "white", text: "order black c2c4", verdict: Refused},
		{seat: "white", text: "h3", turn: "red"},
		{seat: "red", text: "h3", turn: "black"},
		{seat: "red", text: "order black c2c4", verdict: Impossible, said: impossibleSaid("red")},
		{seat: "white", text: "order black declare c2c4", verdict: Impossible, said: impossibleSaid("white")},
		{seat: "white", text: "order black c2c5", verdict: Refused},
		{seat: "white", text: "order black Qxwd1", verdict: Impossible, said: impossibleSaid("white")},
		{seat: "white", text: "order black c2c4", said: "", turn: "white"},
		{seat: "white", text: "a3"},
		{seat: "red", text: "a3"},
		{seat: "white", text: "order black b2b4", verdict: Impossible, said: impossibleSaid("white")},
		{seat: "black", text: "choose white", verdict: Impossible, said: impossibleSaid("black")},
		{seat: "black", text: "h3"},
		{seat: "white", text: "choose white", verdict: Refused},
	})
}

// Black serves white and red: every third turn each, and when both may,
// black chooses.
func TestTriadOrdersTwoLords(t *testing.T) {
	men := testkit.TriadServantMen
	runSteps(t, triadFrom(t, men, "white"), []triStep{
		{seat: "white", text: "Rxba3", said: "capture square=ba3 what=piece"},
		{seat: "white", text: "vassal offer black", said: "*"},
		{seat: "black", text: "vassal accept white", said: "*"},
		{seat: "red", text: "b3", turn: "black"},
		{seat: "black", text: "b3", turn: "white"}, // black's turn 1: white may order, does not
		{seat: "white", text: "b3"},
		{seat: "red", text: "Rxbh3", said: "capture square=bh3 what=piece", turn: "black"},
		{seat: "red", text: "vassal offer black", said: "*"},
		{seat: "black", text: "vassal accept red", said: "vassal lord=red servant=black event=accept by=black"},
		// turn 2: red is new, only white may order; black moves himself
		{seat: "red", text: "order black c3", verdict: Impossible, said: impossibleSaid("red")},
		{seat: "black", text: "c3"},
		{seat: "white", text: "a3"},
		{seat: "red", text: "c3", turn: "black"},
		// turn 3: both may; orders are held until black chooses
		{seat: "white", text: "order black d3", said: "order-held lord=white servant=black move=bd2bd3", turn: "black"},
		{seat: "black", text: "g3", verdict: Impossible, said: impossibleSaid("black")},
		{seat: "white", text: "order black g3", verdict: Impossible, said: impossibleSaid("white")},
		{seat: "red", text: "order black f3", said: "order-held lord=red servant=black move=bf2bf3", turn: "black"},
		{seat: "black", text: "choose purple", verdict: Refused},
		{seat: "black", text: "choose red", said: "", turn: "white"},
		{seat: "white", text: "a4"},
		{seat: "red", text: "c4", turn: "black"},
		// turn 4: white's order was dropped, so white alone may order now
		{seat: "red", text: "order black g3", verdict: Impossible, said: impossibleSaid("red")},
		{seat: "white", text: "order black d3", said: "", turn: "white"},
		{seat: "white", text: "Kd1"},
		{seat: "red", text: "Kd1", turn: "black"},
		// turn 5: white ordered on 4, red on 3: neither may
		{seat: "white", text: "order black g3", verdict: Impossible, said: impossibleSaid("white")},
		{seat: "red", text: "order black g3", verdict: Impossible, said: impossibleSaid("red")},
		{seat: "black", text: "g3"},
		{seat: "white", text: "Ke1"},
		{seat: "red", text: "Ke1", turn: "black"},
		// turn 6: red may again (3 + 3), white not before 7
		{seat: "white", text: "order black f4", verdict: Impossible, said: impossibleSaid("white")},
		{seat: "red", text: "order black f4", said: "", turn: "white"},
	})
}

// Black serves white once white's rook has taken black's knight on ba4;
// black's rook on bd1 reaches white's Throne we1 along the file bd–we.
const throneMen = "wKwf2 wRwh4 wPwa2 rKre1 rPra2 rPrb2 bKbe1 bRbd1 bNba4 bPbh2 bPbg2"

func bound(t *testing.T, men, first, capture string) *triad {
	g := triadFrom(t, men, first)
	runSteps(t, g, scriptSteps(capture+`
white vassal offer black
black vassal accept white`))
	if !g.st.isLord(0, 2) {
		t.Fatal("black does not serve white")
	}
	return g
}

func TestTriadFreedByThrone(t *testing.T) {
	t.Run("by his own move", func(t *testing.T) {
		g := bound(t, throneMen, "white", "white Rxba4")
		runSteps(t, g, []triStep{
			{seat: "red", text: "a3", turn: "black"},
			{seat: "black", text: "Rwe1", said: "vassal lord=white servant=black event=free by=black state=ended", turn: "white"},
		})
		if !g.inGame(2) || g.st.related(0, 2) {
			t.Errorf("black still serves white")
		}
	})
	t.Run("not by an order", func(t *testing.T) {
		g := bound(t, throneMen, "white", "white Rxba4")
		runSteps(t, g, []triStep{
			{seat: "red", text: "a3", turn: "black"},
			{seat: "white", text: "order black Rwe1", said: "", turn: "white"},
		})
		if g.inGame(2) || !g.st.isLord(0, 2) {
			t.Errorf("an order freed black")
		}
	})
}

func TestTriadServantDeclares(t *testing.T) {
	// black's rook goes bd1–bc1 and checks white's king on wf2 along the
	// file bc–wf.
	t.Run("not mated: the relation is restored", func(t *testing.T) {
		g := bound(t, throneMen, "white", "white Rxba4")
		runSteps(t, g, []triStep{
			{seat: "red", text: "a3"},
			{seat: "black", text: "declare h3", verdict: Impossible, said: impossibleSaid("black")},
			{seat: "red", text: "declare b3", verdict: Refused},
			{seat: "black", text: "declare Rc1", turn: "white",
				said: "vassal lord=white servant=black event=free by=black state=suspended; check seat=white by=black direction=file"},
			{seat: "white", text: "Kg2", said: "", turn: "red"},
			{seat: "red", text: "b3", said: "", turn: "black"},
			{seat: "black", text: "h3", turn: "white",
				said: "vassal lord=white servant=black event=free by=black state=restored"},
		})
		if g.inGame(2) || g.nwinOpen() {
			t.Errorf("black freed, or the window still open")
		}
	})
	t.Run("a declared check on no partner's king", func(t *testing.T) {
		g := triadFrom(t, throneMen, "red")
		runSteps(t, g, []triStep{
			{seat: "red", text: "declare a3", verdict: Impossible, said: impossibleSaid("red")},
		})
	})
	t.Run("mate: the Servant is free", func(t *testing.T) {
		// white's king boxed on wa1; black's rook bb1–wg1 checks along rank 1
		const men = "wKwa1 wPwa2 wPwb2 wRwh4 bPwa3 bPwb3 rKre1 rPrg2 rPrh2 bKbe1 bRbb1 bNba4 bPbh2 bPbg2"
		g := bound(t, men, "white", "white Rxba4")
		runSteps(t, g, []triStep{
			{seat: "red", text: "g3"},
			{seat: "black", text: "declare Rwg1", turn: "red",
				said: "vassal lord=white servant=black event=free by=black state=suspended; " +
					"check seat=white by=black direction=rank; " +
					"throne seat=white by= reason=checkmate; " +
					"vassal lord=white servant=black event=free by= state=ended"},
		})
		if !g.inGame(2) || g.inGame(0) {
			t.Errorf("in the game: white %v black %v; want black only", g.inGame(0), g.inGame(2))
		}
	})
}

// nwinOpen reports whether any window is open.
func (g *triad) nwinOpen() bool { return g.st.nwin > 0 }

func TestTriadLordDeclares(t *testing.T) {
	// white's pawn takes black's knight on bd4; white's rook on bh3 and
	// knight on be3 then turn on black's king.
	t.Run("the Servant escapes: the relation is restored", func(t *testing.T) {
		const men = "wKwe1 wPwd4 wRbh3 rKre1 rPrg2 rPrh2 bKbe1 bNbd4 bPba2 bPbb2"
		g := bound(t, men, "white", "white dxbd4\nred g3\nblack a3")
		runSteps(t, g, []triStep{
			{seat: "white", text: "declare Rbe3", turn: "red",
				said: "vassal lord=white servant=black event=dismiss by=white state=suspended; check seat=black by=white direction=file"},
			{seat: "red", text: "h3", turn: "black", said: "check seat=black by=white direction=file"},
			{seat: "black", text: "Kd1", turn: "white"},
			{seat: "white", text: "Kf1"},
			{seat: "red", text: "g4", turn: "black",
				said: "vassal lord=white servant=black event=dismiss by=white state=restored"},
		})
	})
	t.Run("no check that the closing window takes back", func(t *testing.T) {
		const men = "wKwe1 wPwd4 wRbh3 rKre1 rPrg2 rPrh2 bKbe1 bNbd4 bPba2 bPbb2"
		g := bound(t, men, "white", "white dxbd4\nred g3\nblack a3")
		runSteps(t, g, []triStep{
			{seat: "white", text: "declare Rbe3", said: "*"},
			{seat: "red", text: "h3", said: "check seat=black by=white direction=file"},
			{seat: "black", text: "Kd1", turn: "white"},
			{seat: "white", text: "Rbd3", said: "check seat=black by=white direction=file"},
			{seat: "red", text: "g4", turn: "black",
				said: "vassal lord=white servant=black event=dismiss by=white state=restored"},
		})
	})
	t.Run("a Lord's declared check must leave a reply", func(t *testing.T) {
		const men = "wKwe1 wPwd4 wRbh3 wPba3 wPbb3 rKre1 rPrg2 bKba1 bPba2 bPbb2 bNbd4 bPbg2"
		g := bound(t, men, "white", "white dxbd4\nred g3\nblack g3")
		runSteps(t, g, []triStep{
			{seat: "white", text: "declare Rbh1", verdict: Impossible, said: impossibleSaid("white")},
			{seat: "white", text: "declare Rbh2", verdict: Impossible, said: impossibleSaid("white")},
		})
	})
	t.Run("mated at the close: dismissed", func(t *testing.T) {
		const men = "wKwe1 wPwd4 wRbh3 wNbe3 wPba3 wPbb3 rKre1 rPrg2 rPrh2 bKba1 bPba2 bPbb2 bNbd4 bPbg2"
		g := bound(t, men, "white", "white dxbd4\nred g3\nblack g3")
		runSteps(t, g, []triStep{
			{seat: "white", text: "declare Nbc2", turn: "red",
				said: "vassal lord=white servant=black event=dismiss by=white state=suspended; check seat=black by=white direction=knight"},
			{seat: "red", text: "h3", said: "check seat=black by=white direction=knight"},
			{seat: "black", text: "Kb1"},
			{seat: "white", text: "Rbh1", said: "check seat=black by=white direction=rank"},
			{seat: "red", text: "g4", turn: "white",
				said: "check seat=black by=white direction=rank; throne seat=black by= reason=checkmate; " +
					"vassal lord=white servant=black event=dismiss by= state=ended"},
		})
	})
	t.Run("no orders while a window is open", func(t *testing.T) {
		const men = "wKwe1 wPwd4 wRbh3 rKre1 rPrg2 rPrh2 bKbe1 bNbd4 bPba2 bPbb2"
		g := bound(t, men, "white", "white dxbd4\nred g3\nblack a3")
		runSteps(t, g, []triStep{
			{seat: "white", text: "declare Rbe3", said: "*"},
			{seat: "red", text: "h3", turn: "black", said: "*"},
			{seat: "white", text: "order black Kd1", verdict: Impossible, said: impossibleSaid("white")},
		})
	})
}

func TestTriadScore(t *testing.T) {
	t.Run("2-1-0: the last exit a king taken", func(t *testing.T) {
		const men = "wKwe1 wRwd1 wRwh1 rKre3 rPrh2 bKbe1 bBre4 bNba3 bPbh2"
		g := bound(t, men, "white", "white Rxba3")
		runSteps(t, g, []triStep{
			{seat: "white", text: "draw", verdict: Impossible, said: impossibleSaid("white")},
			{seat: "red", text: "h3"},
			{seat: "black", text: "Brf3", said: "check seat=red by=white direction=file"},
			{seat: "white", text: "Rxre3", turn: "-",
				said: "capture square=re3 what=piece; throne seat=red by= reason=king-captured; end result=2-1-0 reason=king-captured"},
		})
	})
	const men = "wKwe1 wRwd1 wRwh1 rKre3 rPrh2 bKbe1 bBre4 bNba3 bPbh2"
	redOut := `black Brf3
white Rxre3
black h3`
	t.Run("2-0-1: the last exit becoming a Servant", func(t *testing.T) {
		g := triadFrom(t, men, "black")
		runSteps(t, g, scriptSteps(redOut))
		runSteps(t, g, []triStep{
			{seat: "white", text: "Rxba3", said: "capture square=ba3 what=piece"},
			{seat: "white", text: "vassal offer black", said: "*"},
			{seat: "black", text: "vassal accept white", turn: "-",
				said: "vassal lord=white servant=black event=accept by=black; end result=2-0-1 reason=vassals"},
		})
		if r, w := g.Result(); r != "2-0-1" || w != "vassals" {
			t.Errorf("Result() = %s %s", r, w)
		}
	})
	t.Run("a draw shared by the seats in the game", func(t *testing.T) {
		g := triadFrom(t, men, "black")
		runSteps(t, g, scriptSteps(redOut))
		runSteps(t, g, []triStep{
			{seat: "red", text: "draw", verdict: Refused},
			{seat: "white", text: "draw", said: "draw-offer seat=white"},
			{seat: "black", text: "draw", said: "draw-offer seat=black; end result=1.5-0-1.5 reason=agreement"},
		})
	})
	t.Run("resignations", func(t *testing.T) {
		runSteps(t, newStart(t), []triStep{
			{seat: "red", text: "resign", said: "throne seat=red by= reason=resignation", turn: "white"},
			{seat: "red", text: "resign", verdict: Refused},
			{seat: "white", text: "resign", turn: "-",
				said: "throne seat=white by= reason=resignation; end result=1-0-2 reason=resignation"},
		})
	})
	t.Run("a resignation on one's own turn passes the turn", func(t *testing.T) {
		runSteps(t, newStart(t), []triStep{
			{seat: "white", text: "resign", said: "throne seat=white by= reason=resignation", turn: "red"},
			{seat: "red", text: "e4", turn: "black"},
			{seat: "black", text: "e4", turn: "red"},
		})
	})
}

// triad.md 3.15 as corrected from seed 003: the Servant decides only when
// both Lords want to move for him. While one order is held, the other
// Lord's `order pass` plays it at once, and the Servant is not asked; a
// pass with nothing held, by the Lord whose order is held, or naming
// another seat than the one to move, changes nothing.
func TestTriadOrderPass(t *testing.T) {
	g := triadFrom(t, testkit.TriadServantMen, "white")
	runSteps(t, g, scriptSteps(testkit.TriadServant)) // black serves white and red; black to move, both may order
	runSteps(t, g, []triStep{
		{seat: "red", text: "order pass", verdict: Impossible, said: impossibleSaid("red")}, // nothing held yet
		{seat: "white", text: "order black d3", said: "order-held lord=white servant=black move=bd2bd3", turn: "black"},
		{seat: "white", text: "order pass", verdict: Impossible, said: impossibleSaid("white")}, // his own is the one held
		{seat: "red", text: "order white pass", verdict: Refused},
		{seat: "red", text: "order black pass", said: "", turn: "white"}, // played at once: black's d3
	})
	if got := g.Board(); !strings.Contains(got, "bP") || g.Turn() != White {
		t.Fatalf("after red's pass: turn %s, board %s", g.Turn(), got)
	}
	if v := g.View(Black); !slices.ContainsFunc(v.Sheet, func(l SheetLine) bool { return strings.Contains(l.Text, "d3") }) {
		t.Errorf("black's sheet has no d3 after red's pass: %+v", v.Sheet)
	}
	// The other Lord may still order instead: then black chooses (3.15).
	g = triadFrom(t, testkit.TriadServantMen, "white")
	runSteps(t, g, scriptSteps(testkit.TriadServant))
	runSteps(t, g, []triStep{
		{seat: "white", text: "order black d3", said: "*", turn: "black"},
		{seat: "red", text: "order black f3", said: "*", turn: "black"},
		{seat: "red", text: "order pass", verdict: Impossible, said: impossibleSaid("red")},
		{seat: "black", text: "choose white", said: "", turn: "white"},
	})
}
