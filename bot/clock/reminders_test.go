package clock

import (
	"slices"
	"testing"
	"time"
)

// TestReminders: a quarter of the time left and the last hour, moved out
// of the night where the time zone is known.
func TestReminders(t *testing.T) {
	moscow := ZoneOf("Europe/Moscow")
	at := func(d, h int) time.Time { return time.Date(2026, 5, d, h, 0, 0, 0, time.UTC) }
	for _, tt := range []struct {
		name  string
		start time.Time
		clock time.Duration
		loc   *time.Location
		want  []time.Time
	}{
		{"a day", at(1, 12), 24 * time.Hour, nil, []time.Time{at(2, 6), at(2, 11)}},
		{"an hour: the last hour is all of it", at(1, 12), time.Hour, nil, []time.Time{at(1, 12).Add(45 * time.Minute)}},
		{"two hours", at(1, 12), 2 * time.Hour, nil, []time.Time{at(1, 13), at(1, 13).Add(30 * time.Minute)}},
		{"awake in Moscow", at(1, 12), 24 * time.Hour, moscow, []time.Time{at(2, 6), at(2, 11)}},
		{"night in Moscow: at its start", at(1, 12), 12 * time.Hour, moscow, []time.Time{at(1, 19)}},
		{"the night's end is day", at(1, 20), 12 * time.Hour, moscow, []time.Time{at(2, 5), at(2, 7)}},
		{"night from before the start: at its end", at(1, 20), 10 * time.Hour, moscow, []time.Time{at(2, 5)}},
		{"night to the end: none", at(1, 20), 8 * time.Hour, moscow, nil},
	} {
		ends := tt.start.Add(tt.clock)
		if got := Reminders(tt.start, ends, tt.loc); !slices.EqualFunc(got, tt.want, time.Time.Equal) {
			t.Errorf("%s: reminders(%v, %v) = %v; want %v", tt.name, tt.start, ends, got, tt.want)
		}
	}
}
