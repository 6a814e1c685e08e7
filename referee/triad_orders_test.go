package referee

import "testing"

func TestOrderOf(t *testing.T) {
	log := []Action{
		{Seat: White, Text: "e4"},
		{Seat: White, Text: "order black d3"},
		{Seat: Red, Text: "order pass"},
		{Seat: Red, Text: "order black f3"},
		{Seat: Black, Text: "choose red"},
		{Seat: White, Text: "order Black Nf3"},
	}
	for _, tt := range []struct {
		i             int
		lord, servant Seat
		ok            bool
	}{
		{0, "", "", false},
		{1, White, Black, true},
		{2, White, Black, true},
		{4, Red, Black, true},
		{5, White, Black, true},
		{9, "", "", false},
	} {
		lord, servant, ok := OrderOf(log, tt.i)
		if lord != tt.lord || servant != tt.servant || ok != tt.ok {
			t.Errorf("OrderOf(%d) = %s, %s, %v; want %s, %s, %v", tt.i, lord, servant, ok, tt.lord, tt.servant, tt.ok)
		}
	}
}
