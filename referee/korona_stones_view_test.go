package referee

import "testing"

// TestStonesInView: a seat's view says when its stones are free (korona.md
// 5.2): nil until one of its monarchs falls, then its reserve, whether its
// mine is still to place, and New until its next move; never in the
// opponent's view, nor in korona.
func TestStonesInView(t *testing.T) {
	v, _ := Lookup("korona2")
	g, _ := v.New(Options{})
	playAll(t, g, "white crown king salt=01", "black crown king salt=02", "white e4", "black d6", "white Bb5")
	if s := g.View(Black).Stones; s != nil {
		t.Fatalf("black's stones before a monarch fell: %+v", s)
	}
	playAll(t, g, "black Dd7", "white Bxd7") // Black's uncrowned dame falls
	if s := g.View(Black).Stones; s == nil || *s != (Stones{Reserve: 3, Mine: true, New: true}) {
		t.Fatalf("black's stones after its dame fell: %+v", s)
	}
	if s := g.View(White).Stones; s != nil {
		t.Errorf("white's view tells of stones: %+v", s)
	}
	if s := g.View(Spectator).Stones; s != nil {
		t.Errorf("the spectators' view tells of stones: %+v", s)
	}
	playAll(t, g, "black S@e5 salt=03")
	if s := g.View(Black).Stones; s == nil || *s != (Stones{Reserve: 2, Mine: true}) {
		t.Errorf("black's stones after one was placed: %+v", s)
	}
	playAll(t, g, "white d4", "black X@h5,S@a5 salt=04")
	if s := g.View(Black).Stones; s != nil {
		t.Errorf("black's stones with the reserve empty: %+v", s)
	}
	k, _ := Lookup("korona")
	g, _ = k.New(Options{})
	playAll(t, g, "white crown king salt=01", "black crown king salt=02", "white e4", "black d6", "white Bb5", "black Dd7", "white Bxd7")
	if s := g.View(Black).Stones; s != nil {
		t.Errorf("korona has no stones, yet: %+v", s)
	}
}
