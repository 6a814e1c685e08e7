package post

import (
	"strconv"
	"strings"
	"time"

	"umpire/referee"
	"umpire/store"
)

// PaceNote says the pace of game g (store.Pace, bot/pace) to a reader in
// seat (Spectator for the public) whose time zone is tz (none: ""): its
// clock per move, at the fixed hour in the maker's zone and, where the
// reader's own zone differs, at what time that is for the reader (the
// next deadline's, so that a change of daylight-saving time in either
// zone is said right); the extensions the reader's seat has left (each
// seat's at the start, to the public); civil disorder, and the seats the
// house plays now; a pause agreed that is on. nil for a game paced by its
// clock alone with no pause on.
func PaceNote(g *store.Game, seat referee.Seat, tz string, now time.Time) *Note {
	p := g.Pace
	paused := p.Until.After(now)
	if g.Clock == 0 || !p.Paced() && !paused {
		return nil
	}
	parts := []Note{paceClock(g, tz)}
	if p.Ext > 0 && SeatView(string(seat)) {
		parts = append(parts, Say("pace.ext-left", "n", strconv.Itoa(p.ExtLeft(seat))))
	} else if p.Ext > 0 {
		parts = append(parts, Say("pace.ext-each", "n", strconv.Itoa(p.Ext)))
	}
	if p.Disorder {
		parts = append(parts, Say("pace.cd-on"))
	}
	for _, s := range SeatsOf(g) {
		if s == seat && p.Sits(s, now) || s != seat && p.SitsToOthers(s, now) { // a return is told when heard
			parts = append(parts, Say("pace.cd-seat", "seat", string(s)))
		}
	}
	if paused {
		parts = append(parts, Say("pace.paused", "until", When(p.Until, tz)))
	}
	return &Note{ID: "pace", Sub: map[string][]Note{"parts": parts}}
}

// PaceAfterClock is the pace of g said to the public in a line after its
// clock was said (ClockLines, a tournament's sign-up): "Pace: 2
// extensions each, civil disorder (…)", the time per move left out
// unless it is at a fixed hour; nil for a game paced by its clock alone.
func PaceAfterClock(g *store.Game, tz string, now time.Time) *Note {
	n := PaceNote(g, referee.Spectator, tz, now)
	if n == nil {
		return nil
	}
	parts := n.Sub["parts"]
	if g.Pace.At == "" {
		parts = parts[1:]
	}
	if len(parts) == 0 {
		return nil
	}
	return &Note{ID: "pace-rules", Sub: map[string][]Note{"parts": parts}}
}

// ClockSpan says a clock and the increment each move adds ("3 d + 1 d"),
// the clock alone without one.
func ClockSpan(clock, inc time.Duration) Note {
	if inc <= 0 {
		return Span(clock)
	}
	return Note{ID: "clock-inc", Sub: map[string][]Note{"clock": {Span(clock)}, "inc": {Span(inc)}}}
}

// paceClock says g's clock per move, at its fixed hour, for a reader in
// time zone tz.
func paceClock(g *store.Game, tz string) Note {
	n := Note{ID: "pace.clock", Sub: map[string][]Note{"clock": {ClockSpan(g.Clock, g.Increment)}}}
	if g.Pace.At == "" {
		return n
	}
	maker := zone(g.Pace.Zone)
	n.ID, n.Args = "pace.clock-at", map[string]string{"at": g.Pace.At, "zone": zoneName(maker)}
	if reader := zone(tz); tz != "" && len(g.Waits) > 0 && reader.String() != maker.String() {
		n.ID, n.Args["local"] = "pace.clock-at-yours", g.Waits[0].Ends.In(reader).Format("15:04")
	}
	return n
}

// zone loads a time zone by name, UTC for none or one unknown.
func zone(name string) *time.Location {
	if loc, err := time.LoadLocation(name); err == nil && name != "" {
		return loc
	}
	return time.UTC
}

// zoneName is a time zone as people say it: its city, "Moscow" for
// Europe/Moscow, "New York" for America/New_York.
func zoneName(loc *time.Location) string {
	name := loc.String()
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return strings.ReplaceAll(name, "_", " ")
}

// When says a moment in time zone tz (UTC for none or one unknown), as
// "2026-10-25 21:00 CET".
func When(t time.Time, tz string) string { return t.In(zone(tz)).Format("2006-01-02 15:04 MST") }
