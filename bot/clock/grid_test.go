package clock

import (
	"testing"
	"time"

	"umpire/referee"
	"umpire/store"
)

// berlin is a game of a day per move due at 21:00 in Berlin, whose clocks
// go back an hour on 25 October 2026 and forward on 29 March 2026.
func berlin() *store.Game {
	return &store.Game{Clock: Day, Pace: store.Pace{At: "21:00", Zone: "Europe/Berlin"}}
}

// utc is a moment in UTC.
func utc(mo time.Month, d, h int) time.Time { return time.Date(2026, mo, d, h, 0, 0, 0, time.UTC) }

// TestDueOnGrid: a decision is due at the first 21:00 in the maker's zone
// at least its period after it began, on the zone's calendar across a
// change of daylight-saving time either way.
func TestDueOnGrid(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name        string
		start, want time.Time
	}{
		{"summer: 21:00 is 19:00 UTC", utc(time.October, 20, 12), utc(time.October, 21, 19)},
		{"winter: 21:00 is 20:00 UTC", utc(time.November, 2, 12), utc(time.November, 3, 20)},
		{"the long day: the period ends at 21:00 itself", utc(time.October, 24, 20), utc(time.October, 25, 20)},
		{"the long day: from 20:00, the same evening", utc(time.October, 24, 18), utc(time.October, 25, 20)},
		{"the short day: 21:00 is 23 h on, so the next", utc(time.March, 28, 20), utc(time.March, 30, 19)},
		{"the short day: from the morning, that evening", utc(time.March, 28, 8), utc(time.March, 29, 19)},
	} {
		if got := Due(berlin(), "white", tt.start); !got.Equal(tt.want) {
			t.Errorf("%s: Due(%v) = %v; want %v", tt.name, tt.start, got, tt.want)
		}
	}
}

// TestExtendOnGrid: an extension moves a deadline by the period from where
// it was, in whole days of the grid: 21:00 stays 21:00 across the long day.
// Without a fixed hour it adds the clock; a seat that was heard, or whose
// extensions are spent, gets none.
func TestExtendOnGrid(t *testing.T) {
	t.Parallel()
	g := berlin()
	g.Pace.Ext = 2
	w := store.Wait{Key: "move white 0", Seat: "white", Ends: utc(time.October, 24, 19)}
	now := w.Ends
	for _, want := range []time.Time{utc(time.October, 25, 20), utc(time.October, 26, 20)} {
		if !Extend(g, &w, now, nil) || !w.Ends.Equal(want) {
			t.Fatalf("extended to %v; want %v", w.Ends, want)
		}
		now = w.Ends
	}
	if Extend(g, &w, now, nil) {
		t.Errorf("a third extension of two")
	}
	plain := &store.Game{Clock: 3 * Day, Pace: store.Pace{Ext: 1}}
	heard := store.Wait{Key: "move black 1", Seat: "black", Ends: now, Heard: true}
	if Extend(plain, &heard, now, nil) {
		t.Errorf("an extension for a seat that was heard")
	}
	offer := store.Wait{Key: "offer vassal white black", Seat: "black", Ends: now}
	if Extend(plain, &offer, now, nil) {
		t.Errorf("an extension for an offer, which lapses rather than loses")
	}
	silent := store.Wait{Key: "move black 1", Seat: "black", Ends: now}
	if !Extend(plain, &silent, now.Add(5*Day), nil) || !silent.Ends.Equal(now.Add(3*Day)) {
		t.Errorf("a late extension ends %v; want the period from where it was, %v", silent.Ends, now.Add(3*Day))
	}
}

// TestShiftOnGrid: a pause moves a deadline on the grid by its length,
// to the same hour of the day across the long day, and back when it ends
// early; the week of civil disorder moves with it.
func TestShiftOnGrid(t *testing.T) {
	t.Parallel()
	g := berlin()
	now := utc(time.October, 24, 12)
	g.Waits = []store.Wait{{Key: "move white 0", Seat: "white", Ends: utc(time.October, 24, 19), Began: utc(time.October, 23, 19)}}
	g.Pace.Spells = []store.Spell{{Seat: "red", Ends: utc(time.October, 30, 12)}}
	none := func(referee.Seat) *time.Location { return nil }
	if !Shift(g, now.Add(3*Day), now, none) {
		t.Fatal("a pause moved nothing")
	}
	if got, want := g.Waits[0].Ends, utc(time.October, 27, 20); !got.Equal(want) {
		t.Errorf("after a pause of 3 d White's move is due %v; want %v, 21:00 CET", got, want)
	}
	if got, want := g.Pace.Spells[0].Ends, utc(time.November, 2, 12); !got.Equal(want) {
		t.Errorf("the week of disorder ends %v; want %v", got, want)
	}
	later := now.Add(Day)
	Shift(g, time.Time{}, later, none)
	if got, want := g.Waits[0].Ends, utc(time.October, 25, 20); !got.Equal(want) {
		t.Errorf("the pause ended after a day: due %v; want %v", got, want)
	}
}

// TestGridDays: a change of the clocks moves a deadline at a fixed hour by
// whole days, rounded up, so that a pause ended early and the days it did
// not use, given back, add up to the days it moved; and in July, with no
// change of daylight-saving time in it, a pause of an hour ended at once
// moves 21:00 to the next day's, as the days it is charged say.
func TestGridDays(t *testing.T) {
	t.Parallel()
	h := time.Hour
	for d, want := range map[time.Duration]int{-48 * h: -2, -47 * h: -1, -h: 0, 0: 0, h: 1, 24 * h: 1, 25 * h: 2} {
		if got := GridDays(d); got != want {
			t.Errorf("GridDays(%v) = %d; want %d", d, got, want)
		}
	}
	g := berlin()
	now := utc(time.July, 1, 12)
	g.Waits = []store.Wait{{Key: "move white 0", Seat: "white", Ends: utc(time.July, 1, 19)}}
	none := func(referee.Seat) *time.Location { return nil }
	Shift(g, now.Add(2*Day), now, none)
	Shift(g, time.Time{}, now.Add(h), none)
	if got, want := g.Waits[0].Ends, utc(time.July, 2, 19); !got.Equal(want) {
		t.Errorf("after a pause of an hour White's move is due %v; want %v, the next 21:00", got, want)
	}
}

// TestReadHour reads the fixed hour of a control.
func TestReadHour(t *testing.T) {
	t.Parallel()
	for word, want := range map[string]string{"21:00": "21:00", "9:30": "09:30", "21": "21:00", "0:00": "00:00",
		"24:00": "", "21:60": "", "21:5": "", "x": "", "": "", "123:00": ""} {
		if got, ok := ReadHour(word); got != want || ok != (want != "") {
			t.Errorf("ReadHour(%q) = %q, %v; want %q", word, got, ok, want)
		}
	}
}
