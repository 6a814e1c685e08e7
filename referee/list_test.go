package referee

import (
	"reflect"
	"testing"
)

// TestPlayListNoItems: a message with no item in it (only separators, or
// nothing) is one refused action, unreadable, in every variant; the game
// is left as it was. A caller may rely on PlayList returning at least one
// Played: the bot reports the last one.
func TestPlayListNoItems(t *testing.T) {
	for _, v := range Variants() {
		for _, text := range []string{"", " ", ",", ";", " , ; ", "\n", ",\r\n;", ",,,,"} {
			g, err := v.New(Options{})
			if err != nil {
				t.Fatal(err)
			}
			seat := v.Seats[0]
			before := g.View(God)
			played := PlayList(g, Action{Seat: seat, Text: text, Salt: "00"})
			if len(played) != 1 {
				t.Errorf("%s: PlayList(%q) gave %d items; want 1", v.Key, text, len(played))
				continue
			}
			if r := played[0].Ruling; r.Verdict != Refused || r.Reason != ReasonUnreadable {
				t.Errorf("%s: PlayList(%q) = %v %q; want refused, %s", v.Key, text, r.Verdict, r.Reason, ReasonUnreadable)
			}
			if a := played[0].Action; a.Seat != seat {
				t.Errorf("%s: PlayList(%q) played for %q; want %q", v.Key, text, a.Seat, seat)
			}
			if after := g.View(God); !reflect.DeepEqual(before, after) {
				t.Errorf("%s: PlayList(%q) changed the game", v.Key, text)
			}
		}
	}
}
