package referee

import (
	"reflect"
	"testing"
)

// The view carries the diplomatic state (who serves whom, windows,
// Thrones, whose man each seat's last move took, when each Lord may next
// order) and turns the board to the reader: each seat sees its own side,
// spectators the side of the seat to move, God white's.
func TestTriadViewDiplomacy(t *testing.T) {
	g := bound(t, throneMen, "white", "white Rxba4")
	// red to move: black's coming move is its first, and white may order
	// on it; a window open on black foresees no order.
	want := &Diplomacy{Bonds: []Bond{{Servant: Black, Lord: White, Coming: 1, Next: 1}}, Took: []Took{{Seat: White, Of: Black}}}
	if got := g.View(Spectator).Diplomacy; !reflect.DeepEqual(got, want) {
		t.Errorf("after the bond: Diplomacy = %+v; want %+v", got, want)
	}
	runSteps(t, g, scriptSteps("red a3\nblack declare Rc1"))
	want.Windows = []Window{{Declarer: Black, Partner: White}}
	want.Bonds[0].Coming, want.Bonds[0].Next = 2, 0
	if got := g.View(Red).Diplomacy; !reflect.DeepEqual(got, want) {
		t.Errorf("after the declared check: Diplomacy = %+v; want %+v", got, want)
	}
	for _, tc := range []struct{ seat, bottom Seat }{
		{White, White}, {Red, Red}, {Black, Black}, {Spectator, g.Turn()}, {God, White},
	} {
		if got := g.View(tc.seat).Bottom; got != tc.bottom {
			t.Errorf("View(%s).Bottom = %s; want %s", tc.seat, got, tc.bottom)
		}
	}

	// Red's king captured: its army is neutral, then held by the seat
	// whose man stands on re1.
	g = triadFrom(t, "wKwe1 wRwd1 wPwh2 rKre1 rPrh2 bKbe1 bNre2 bRra2 bPbh2", "black")
	runSteps(t, g, scriptSteps("black re2rc3\nwhite Rxre1"))
	want = &Diplomacy{Thrones: []Throne{{Army: Red, Cell: "re1", Holder: White}}, Took: []Took{{Seat: White, Of: Red}}}
	if got := g.View(Black).Diplomacy; !reflect.DeepEqual(got, want) {
		t.Errorf("after the king's capture: Diplomacy = %+v; want %+v", got, want)
	}
	g = triadFrom(t, "wKwe1 wRwd1 wNwc2 rRwa1 rRre1 rKre3 bBre4 bKbe1", "black")
	runSteps(t, g, scriptSteps("black Brf3\nwhite Rxre3"))
	want = &Diplomacy{Thrones: []Throne{{Army: Red, Cell: "re1"}}, Took: []Took{{Seat: White, Of: Red}}}
	if got := g.View(White).Diplomacy; !reflect.DeepEqual(got, want) {
		t.Errorf("a neutral army: Diplomacy = %+v; want %+v", got, want)
	}
}
