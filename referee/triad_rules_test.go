package referee

import (
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

// Three rooks: white's on wa1 faces red's on rh1 along the file wa–rh;
// black's on bh1 faces red's knight on ra2 along the file bh–ra.
const neutralityMen = "wKwe1 wRwa1 wPwh2 rKre1 rRrh1 rNra2 rPrg2 bKbe1 bRbh1 bPbg2"

func TestTriadNeutrality(t *testing.T) {
	for _, tc := range []struct {
		name, men string
		steps     []triStep
	}{
		{"clause (i): red took a white man, so white may take red's though black took one too",
			neutralityMen + " wPwa3", []triStep{
				{seat: "white", text: "h3", said: ""},
				{seat: "red", text: "Rxwa3", said: "capture square=wa3 what=pawn"},
				{seat: "black", text: "Rxra2", said: "capture square=ra2 what=piece"},
				{seat: "white", text: "Rxa3", said: "capture square=wa3 what=piece", turn: "red"},
			}},
		{"both clauses fail: black took a red man, red took nothing of white's",
			neutralityMen, []triStep{
				{seat: "white", text: "h3"},
				{seat: "red", text: "g3"},
				{seat: "black", text: "Rxra2", said: "capture square=ra2 what=piece"},
				{seat: "white", text: "Rxrh1", verdict: Impossible, said: neutralSaid("white", "red"), turn: "white"},
				{seat: "white", text: "wa1rh1", verdict: Impossible, said: neutralSaid("white", "red")},
				{seat: "white", text: "Ra2", said: "", turn: "red"},
			}},
		{"clause (ii): black took nothing of red's",
			neutralityMen, []triStep{
				{seat: "white", text: "h3"},
				{seat: "red", text: "g3"},
				{seat: "black", text: "g3"},
				{seat: "white", text: "Rxrh1", said: "capture square=rh1 what=piece; check seat=red by=white direction=rank"},
			}},
		{"a seat that has not moved counts as taking nothing",
			neutralityMen, []triStep{
				{seat: "white", text: "Rxrh1", said: "capture square=rh1 what=piece; check seat=red by=white direction=rank"},
			}},
		{"the rule binds the capture of a king",
			"wKwe1 wRwd1 rKre3 rNrd3 bBre4 bKbe1", []triStep{
				{seat: "black", text: "Bxrd3", said: "capture square=rd3 what=piece; check seat=red by=white direction=file"},
				{seat: "white", text: "Rxre3", verdict: Impossible, said: neutralSaid("white", "red")},
			}},
		{"a king left attacked by the seat moving next is taken",
			"wKwe1 wRwd1 rKre3 rNrd3 bBre4 bKbe1", []triStep{
				{seat: "black", text: "Brf3", said: "check seat=red by=white direction=file"},
				{seat: "white", text: "Rxre3", said: "capture square=re3 what=piece; throne seat=red by= reason=king-captured", turn: "black"},
				{seat: "black", text: "Brg4", turn: "white"},
				{seat: "white", text: "rd3rb4", verdict: Impossible, said: impossibleSaid("white")},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runSteps(t, triadFrom(t, tc.men, firstSeat(tc.steps)), tc.steps)
		})
	}
}

func firstSeat(steps []triStep) string { return steps[0].seat }

func TestTriadThrone(t *testing.T) {
	for _, tc := range []struct {
		name, men, first string
		steps            []triStep
	}{
		{"a Throne taken with the king, held, lost to another seat",
			"wKwe1 wRwd1 wPwh2 rKre1 rPrh2 bKbe1 bNre2 bRra2 bPbh2", "black", []triStep{
				{seat: "black", text: "re2rc3", said: "check seat=red by=white direction=file"},
				{seat: "white", text: "Rxre1", said: "capture square=re1 what=piece; throne seat=red by=white reason=king-captured", turn: "black"},
				{seat: "red", text: "h3", verdict: Refused},
				{seat: "black", text: "Rra1", said: "", turn: "white"},
				{seat: "black", text: "rh2rh3", verdict: Refused},
				{seat: "white", text: "rh2rh3", said: "", turn: "black"},
				{seat: "black", text: "Rxre1", said: "capture square=re1 what=piece; throne seat=red by=black", turn: "white"},
				{seat: "white", text: "rh3rh4", verdict: Impossible, said: impossibleSaid("white")},
				{seat: "white", text: "h3", turn: "black"},
				{seat: "black", text: "rh3rh4", said: "", turn: "white"},
			}},
		{"a man of the army itself holds nothing: the army turns neutral",
			"wKwe1 wRwd1 wNwc2 rRwa1 rRre1 rKre3 bBre4 bKbe1", "black", []triStep{
				{seat: "black", text: "Brf3", said: "check seat=red by=white direction=file"},
				// the rook was pinned by red's rook on wa1, which is neutral once red's king is gone
				{seat: "white", text: "Rxre3", said: "capture square=re3 what=piece; throne seat=red by= reason=king-captured", turn: "black"},
				{seat: "black", text: "wa1wb1", verdict: Impossible, said: impossibleSaid("black")},
				{seat: "black", text: "re1re2", verdict: Impossible, said: impossibleSaid("black")},
				{seat: "black", text: "Brg4", turn: "white"},
				{seat: "white", text: "wa1wa2", verdict: Impossible, said: impossibleSaid("white")},
				{seat: "white", text: "Nxwa1", said: "capture square=wa1 what=piece", turn: "black"},
			}},
		{"with a holder the army stays hostile: the pinned rook may not leave",
			"wKwe1 wRwd1 rRwa1 bNre1 rKre3 bBre4 bKbe1", "black", []triStep{
				{seat: "black", text: "Brf3", said: "check seat=red by=white direction=file"},
				{seat: "white", text: "Rxre3", verdict: Impossible, said: impossibleSaid("white")},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) { runSteps(t, triadFrom(t, tc.men, tc.first), tc.steps) })
	}
}

// A neutral man blocks lines and attacks nothing.
func TestTriadNeutralBlocks(t *testing.T) {
	g := triadFrom(t, "wKwe1 bRwa1 rNwc1 rKre3 bKbe1", "white")
	g.st.removeKing(1) // red's king gone, its Throne empty: red's knight is neutral
	if g.st.inCheck(0) {
		t.Errorf("white in check through a neutral knight")
	}
	g.st.pos.Cells[board.Cell(2)] = 0 // the knight on wc1 gone
	if !g.st.inCheck(0) {
		t.Errorf("white not in check from black's rook on wa1")
	}
	g.st.pos.Cells[board.Cell(0)] = board.NewMan(1, board.Rook) // a neutral rook on wa1
	if g.st.inCheck(0) {
		t.Errorf("a neutral rook gives check")
	}
}

func TestTriadMate(t *testing.T) {
	// Black's rook lands on wc1: check along white's rank 1. White's knight
	// could take it, unless the neutrality rule forbids (red's last move
	// took a black man): then white is mated when its turn begins.
	const men = "wKwa1 wPwa2 wPwb2 wNwb3 rKrd2 rRra1 rPrg2 bKbe1 bRrf1 bNbh3 bPbg2"
	t.Run("mated: the only answer is a capture the neutrality rule forbids", func(t *testing.T) {
		runSteps(t, triadFrom(t, men, "red"), []triStep{
			{seat: "red", text: "Rxbh3", said: "capture square=bh3 what=piece"},
			{seat: "black", text: "Rwc1", said: "check seat=white by=black direction=rank; throne seat=white by= reason=checkmate", turn: "red"},
			{seat: "white", text: "Nxc1", verdict: Refused},
			{seat: "red", text: "g3", turn: "black"},
		})
	})
	t.Run("not mated: the capture is allowed", func(t *testing.T) {
		runSteps(t, triadFrom(t, men, "red"), []triStep{
			{seat: "red", text: "g3"},
			{seat: "black", text: "Rwc1", said: "check seat=white by=black direction=rank", turn: "white"},
			{seat: "white", text: "a3", verdict: Impossible, said: impossibleSaid("white")},
			{seat: "white", text: "Nxc1", said: "capture square=wc1 what=piece", turn: "red"},
		})
	})
}

// Every army frozen: the king in its a1 corner behind its own pawn on b2,
// which the next seat's pawns block; one of them attacks b1, the other
// guards it (triad.md 2.7 and 3.24).
const frozenWhite = "wKwa1 wPwb2 rPwa2 rPwb3 "
const frozenRed = "rKra1 rPrb2 bPra2 bPrb3 "
const frozenBlack = "bKba1 bPbb2 wPba2 wPbb3 "

func TestTriadPass(t *testing.T) {
	t.Run("one seat passes", func(t *testing.T) {
		g := triadFrom(t, frozenWhite+"rKre1 bKbe1", "white")
		if got := sayText(g.Start()); got != "pass seat=white" || g.Turn() != Red {
			t.Fatalf("start: %q, turn %s; want a pass by white, red to move", got, g.Turn())
		}
		runSteps(t, g, []triStep{
			{seat: "red", text: "Kf1", turn: "black"},
			{seat: "black", text: "Kf1", said: "pass seat=white", turn: "red"},
		})
	})
	t.Run("every seat passes: stalemate", func(t *testing.T) {
		g := triadFrom(t, frozenWhite+frozenRed+frozenBlack, "white")
		want := "pass seat=white; pass seat=red; pass seat=black; end result=1-1-1 reason=stalemate"
		if got := sayText(g.Start()); got != want {
			t.Fatalf("start: %q; want %q", got, want)
		}
		if r, w := g.Result(); r != "1-1-1" || w != "stalemate" {
			t.Errorf("Result() = %s %s", r, w)
		}
	})
}

func TestTriadDraws(t *testing.T) {
	t.Run("agreement", func(t *testing.T) {
		runSteps(t, newStart(t), []triStep{
			{seat: "white", text: "draw", said: "draw-offer seat=white"},
			{seat: "red", text: "draw", said: "draw-offer seat=red"},
			{seat: "black", text: "draw", said: "draw-offer seat=black; end result=1-1-1 reason=agreement", turn: "-"},
			{seat: "white", text: "e4", verdict: Refused},
		})
	})
	t.Run("a move between cancels", func(t *testing.T) {
		runSteps(t, newStart(t), []triStep{
			{seat: "white", text: "draw", said: "*"},
			{seat: "red", text: "draw", said: "*"},
			{seat: "white", text: "e4"},
			{seat: "black", text: "draw", said: "draw-offer seat=black", turn: "red"},
		})
	})
	t.Run("repetition, the fifth time", func(t *testing.T) {
		g := newStart(t)
		var steps []triStep
		for i := 0; i < 4; i++ {
			for _, s := range []string{"white", "red", "black"} {
				steps = append(steps, triStep{seat: s, text: "Nf3"})
			}
			for _, s := range []string{"white", "red", "black"} {
				steps = append(steps, triStep{seat: s, text: "Ng1"})
			}
		}
		steps[len(steps)-1].said = "end result=1-1-1 reason=repetition"
		runSteps(t, g, steps)
	})
	t.Run("fifty moves: 150 without a capture or a pawn move", func(t *testing.T) {
		g := newStart(t)
		runSteps(t, g, []triStep{{seat: "white", text: "Nf3"}})
		g.st.pos.Halfmove = 148
		runSteps(t, g, []triStep{
			{seat: "red", text: "Nf3", said: ""},
			{seat: "black", text: "Nf3", said: "end result=1-1-1 reason=fifty-move"},
		})
	})
}

func newStart(t *testing.T) *triad {
	g, err := newTriad(Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g.(*triad)
}

func TestTriadEnPassant(t *testing.T) {
	const men = "wKwe1 wPwd2 rKre1 rPwc4 rPrh2 bKbe1 bPwe4"
	t.Run("on the very next move", func(t *testing.T) {
		runSteps(t, triadFrom(t, men, "white"), []triStep{
			{seat: "white", text: "d4"},
			{seat: "red", text: "cxwd3", said: "capture square=wd4 what=pawn"},
		})
	})
	t.Run("not after it, whoever makes it", func(t *testing.T) {
		runSteps(t, triadFrom(t, men, "white"), []triStep{
			{seat: "white", text: "d4"},
			{seat: "red", text: "h3"},
			{seat: "black", text: "exwd3", verdict: Impossible, said: impossibleSaid("black")},
		})
	})
}

func TestTriadCastling(t *testing.T) {
	const men = "wKwe1 wRwh1 wRwa1 rKre1 bKbe1"
	runSteps(t, triadFrom(t, men, "white"), []triStep{{seat: "white", text: "O-O", said: ""}})
	g := triadFrom(t, men, "white")
	// the rook on wd1 gives check along the file wd–re
	runSteps(t, g, []triStep{{seat: "white", text: "e1c1", said: "check seat=red by=white direction=file"}})
	if want := "....wKwR......wR"; !strings.HasSuffix(strings.Split(g.Board(), " | ")[0], want) {
		t.Errorf("after e1c1: %s; want rank 1 %s", g.Board(), want)
	}
	// black's rook on bc1 attacks wf1 along the file bc–wf
	runSteps(t, triadFrom(t, men+" bRbc1", "white"), []triStep{
		{seat: "white", text: "O-O", verdict: Impossible, said: impossibleSaid("white")},
		{seat: "white", text: "0-0-0", said: "check seat=red by=white direction=file"},
	})
}

func TestTriadNotation(t *testing.T) {
	const men = "wKwe1 wNwb1 wNbb1 wPrd2 rKre1 bKbh1"
	for _, tc := range []struct {
		text     string
		verdict  Verdict
		move     string
		readings string
	}{
		{"Nbd2", Refused, "", "bb1bd2 wb1wd2"},
		{"Nbbd2", Accepted, "bb1bd2", ""},
		{"Nwd2", Accepted, "wb1wd2", ""},
		{"Nbwd2", Accepted, "wb1wd2", ""},
		{"wb1-wd2", Accepted, "wb1wd2", ""},
		{"b1d2", Accepted, "wb1wd2", ""},
		{"rd2rd1", Accepted, "rd2rd1q", ""},
		{"rd1=N", Accepted, "rd2rd1n", ""},
		{"rd2rd1r", Accepted, "rd2rd1r", ""},
		{"rd2rd1=K", Refused, "", ""},
		{"Nd2+", Accepted, "wb1wd2", ""},
		{"Nc3", Accepted, "wb1wc3", ""},
		{"Nxc3", Impossible, "", ""},
		{"Ke2", Accepted, "we1we2", ""},
		{"Kd5", Refused, "", ""},
		{"hello", Refused, "", ""},
		{"", Refused, "", ""},
		{"Qd1", Impossible, "", ""},
	} {
		g := triadFrom(t, men, "white")
		r := g.Play(Action{Seat: White, Text: tc.text})
		slices.Sort(r.Readings)
		if r.Verdict != tc.verdict || r.Move != tc.move || strings.Join(r.Readings, " ") != tc.readings {
			t.Errorf("Play(%q) = %s %q %v; want %s %q %q", tc.text, r.Verdict, r.Move, r.Readings, tc.verdict, tc.move, tc.readings)
		}
	}
}
