package wire

import (
	"testing"
	"time"
)

// TestRefusalCap: N refusals within the window go, the last saying so;
// then silence, which a readable message ends, as does a Pause without
// unreadable mail; refusals further apart than the window never add up.
func TestRefusalCap(t *testing.T) {
	c := RefusalCap{N: 3, Window: time.Hour, Pause: 24 * time.Hour}
	rs := Refusals{Cap: c}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	want := func(what, msg string, send, last bool) {
		t.Helper()
		if s, l := rs.Take("a", msg, now); s != send || l != last {
			t.Fatalf("%s: send, last = %v, %v; want %v, %v", what, s, l, send, last)
		}
	}
	want("1st", "m1", true, false)
	want("2nd", "m2", true, false)
	want("3rd", "m3", true, true)
	want("4th", "m4", false, false)
	rs.Readable("a", "m4") // the message just set aside is not readable
	want("5th", "m5", false, false)
	rs.Readable("a", "r1")
	want("after a readable message", "m6", true, false)

	now = now.Add(c.Window)
	want("a window later", "m7", true, false)
	now = now.Add(c.Window)
	want("another window later", "m8", true, false)

	rs.Take("a", "m9", now)
	want("3rd within the window", "m10", true, true)
	now = now.Add(c.Pause - time.Minute)
	want("within the pause", "m11", false, false)
	now = now.Add(c.Pause - time.Minute)
	want("a mail set aside prolongs the pause", "m12", false, false)
	now = now.Add(c.Pause)
	want("a pause without unreadable mail", "m13", true, false)

	none := Refusals{}
	for range 10 {
		if s, l := none.Take("a", "m", now); !s || l {
			t.Fatal("with no cap a refusal was held back")
		}
	}
}
