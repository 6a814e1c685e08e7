package post

import (
	"strconv"
	"time"
	"umpire/referee"
	"umpire/store"
)

// Span says a length of time: days and hours, or hours and minutes, the
// minutes rounded up.
func Span(d time.Duration) Note {
	d = d.Round(time.Minute)
	if d < time.Minute {
		d = time.Minute
	}
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	n := func(i int) string { return strconv.Itoa(i) }
	switch {
	case days > 0 && hours == 0:
		return Say("span.d", "d", n(days))
	case days > 0:
		return Say("span.dh", "d", n(days), "h", n(hours))
	case hours > 0 && mins == 0:
		return Say("span.h", "h", n(hours))
	case hours > 0:
		return Say("span.hm", "h", n(hours), "m", n(mins))
	}
	return Say("span.m", "m", n(mins))
}

// Control says a game's time control whole: the time per move, the time
// each move adds (3d+1d) and the claim rule ("3 d + 1 d per move, a loss
// on time only when claimed"); nil for a game without a clock.
func Control(g *store.Game) *Note {
	if g.Clock == 0 {
		return nil
	}
	n := Note{ID: "control", Sub: map[string][]Note{"clock": {Span(g.Clock)}}}
	if g.Increment > 0 {
		n.ID, n.Sub["inc"] = "control-inc", []Note{Span(g.Increment)}
	}
	if g.TimeRule != "" {
		n = Note{ID: "control-claim", Sub: map[string][]Note{"control": {n}}}
	}
	return &n
}

// ClockLines say a new game's clock whole, for its maker: the time
// control, and with an increment what each move adds and up to what a
// bank grows (limit).
func ClockLines(g *store.Game, limit time.Duration) []Note {
	c := Control(g)
	if c == nil {
		return nil
	}
	out := []Note{{ID: "clock-set", Sub: map[string][]Note{"control": {*c}}}}
	if g.Increment > 0 {
		out = append(out, Note{ID: "clock-bank", Sub: map[string][]Note{"inc": {Span(g.Increment)}, "cap": {Span(limit)}}})
	}
	return out
}

// WaitOf is the first decision seat s of g must make, by its end; nil
// without one.
func WaitOf(g *store.Game, s referee.Seat) *store.Wait {
	var first *store.Wait
	for i, w := range g.Waits {
		if w.Seat == s && (first == nil || w.Ends.Before(first.Ends)) {
			first = &g.Waits[i]
		}
	}
	return first
}

// Left is the time seat s of g has left at now for its first decision, as
// a note for the argument "left"; nil without a running clock.
func Left(g *store.Game, s referee.Seat, now time.Time) *Note {
	w := WaitOf(g, s)
	if w == nil || g.State != store.StatePlaying {
		return nil
	}
	n := Span(max(w.Ends.Sub(now), 0))
	return &n
}

// waitNote says the first decision seat s of g must make at now, with the
// time left: its move ("Time left for your move: 1 d."), its crown to
// seal, its choice of orders, its answer to an offer. nil without a
// running clock.
func waitNote(g *store.Game, s referee.Seat, now time.Time) *Note {
	l := Left(g, s, now)
	if l == nil {
		return nil
	}
	id := "wait-you." + WaitKind(WaitOf(g, s))
	return &Note{ID: id, Sub: map[string][]Note{"left": {*l}}}
}

// WaitKind is the kind of a decision: move, crown, choose or offer.
func WaitKind(w *store.Wait) string { return string(referee.WaitKindOf(w.Key)) }
