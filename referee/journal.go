package referee

import "slices"

// journal keeps every ruling of a game with the action that caused it, the
// start included as entry 0. Views are made from it: what a seat heard, its
// score sheet.
//
// A view must not cost the length of the game: a Kriegspiel game may log
// tens of thousands of tries, and the umpire makes views on every action.
// So what a view reads of the journal is found from its end (what was
// heard since a move), and score sheets, which only grow, are kept and
// extended by the entries added since.
type journal struct {
	entries []entry
	sheets  map[Seat]*sheet // by viewer: each viewer always has the same hide
	glance  bool            // while set, sheet writes nothing (Glance)
}

// sheet is a viewer's score sheet written up to entry n.
type sheet struct {
	lines []SheetLine
	n     int
	// before gathers what the seat heard of another seat's entries that
	// were no moves, for that seat's next move line (SheetLine.Before).
	before []Announcement
}

type entry struct {
	action Action
	ruling Ruling
	san    Written // an accepted move in SAN, named on the board it was played on
}

func (j *journal) add(a Action, r Ruling) { j.entries = append(j.entries, entry{action: a, ruling: r}) }

// reserve makes room for n more entries at once: a replay knows how many
// its log holds, and a long log then grows its journal once, not by
// doubling.
func (j *journal) reserve(n int) { j.entries = slices.Grow(j.entries, n) }

// journaled is a game that keeps a journal (every variant does).
type journaled interface{ journal() *journal }

// Glance is g's view for seat s without its Sheet: what the seat sees and
// has been told, for a caller that compares views or reads their state
// (the ply, the board, the bonds). A view writes the seat's score sheet,
// the whole record of a game replayed after a restart, which a glance
// never needs.
func Glance(g Game, s Seat) View {
	if jd, ok := g.(journaled); ok {
		j := jd.journal()
		j.glance = true
		defer func() { j.glance = false }()
	}
	return g.View(s)
}

func (d *duel) journal() *journal  { return &d.j }
func (g *triad) journal() *journal { return &g.j }

// addMove journals a ruling with the SAN of its move, which name(coord)
// gives from the position before it; name is called only for a move.
func (j *journal) addMove(a Action, r Ruling, name func(coord string) Written) {
	j.add(a, r)
	if r.Verdict == Accepted && r.Move != "" {
		j.entries[len(j.entries)-1].san = name(r.Move)
	}
}

// heard returns what seat s heard since its previous accepted move, that
// move included (from the start if it has not moved yet).
func (j *journal) heard(s Seat) []Announcement {
	from := j.lastIndex(func(e entry) bool {
		return e.action.Seat == s && e.ruling.Verdict == Accepted && e.ruling.Move != ""
	})
	return j.heardFrom(from, s)
}

// heardFrom is what seat s heard from entry from on.
func (j *journal) heardFrom(from int, s Seat) []Announcement {
	var out []Announcement
	for _, e := range j.entries[from:] {
		out = append(out, For(e.ruling.Said, s)...)
	}
	return out
}

// lastIndex is the index of the last entry that match accepts, 0 (the
// start) when none does.
func (j *journal) lastIndex(match func(entry) bool) int {
	for i := len(j.entries) - 1; i > 0; i-- {
		if match(j.entries[i]) {
			return i
		}
	}
	return 0
}

// lastMove returns the last accepted move of seat s (any seat when s is
// empty), in coordinates, or "".
func (j *journal) lastMove(s Seat) string {
	for i := len(j.entries) - 1; i > 0; i-- {
		e := j.entries[i]
		if (s == "" || e.action.Seat == s) && e.ruling.Move != "" {
			return e.ruling.Move
		}
	}
	return ""
}

// sheet writes seat s's score sheet: its own tries in full, the others'
// accepted moves through hide (nil shows them in full). Where moves are
// hidden, each line carries what the seat heard of it (its Heard), as it
// was told: of its own tries, and of the others' moves (a capture, a check
// on the seat, its pawn tries); a line of another seat's move carries too
// what the seat heard of that seat's actions before it that moved nothing
// (its Before: an english any? answered, a try refused aloud). Only a move shown
// in full carries its SAN: every move when hide is nil (and for God), none
// of another seat's, nor of the seat's own, when hide is set. A viewer must
// be given the same hide each time: its sheet is kept, and only the
// entries added since are written. The lines returned are shared with the
// next call's and must not be changed; appending to them is safe.
func (j *journal) sheet(s Seat, hide func(entry) string) []SheetLine {
	if j.glance {
		return nil
	}
	if j.sheets == nil {
		j.sheets = map[Seat]*sheet{}
	}
	sh := j.sheets[s]
	if sh == nil {
		sh = &sheet{n: 1} // entry 0 is the start
		j.sheets[s] = sh
	}
	sh.lines = slices.Grow(sh.lines, len(j.entries)-sh.n) // at most a line an entry
	for _, e := range j.entries[sh.n:] {
		l := SheetLine{Seat: e.action.Seat, Text: e.ruling.Move, Verdict: Accepted}
		if hide == nil || s == God {
			l.SAN = e.san
		}
		switch {
		case e.action.Seat == s || s == God:
			l.Text, l.Verdict = e.action.Text, e.ruling.Verdict
		case e.ruling.Move == "":
			if hide != nil {
				sh.before = append(sh.before, For(e.ruling.Said, s)...)
			}
			continue
		case hide != nil:
			l.Text = hide(e)
		}
		if hide != nil && s != God {
			l.Heard = For(e.ruling.Said, s)
			if e.action.Seat != s {
				l.Before, sh.before = sh.before, nil
			}
		}
		sh.lines = append(sh.lines, l)
	}
	sh.n = len(j.entries)
	return slices.Clip(sh.lines)
}

// moveCells splits a coordinate move into its from and to cells.
func moveCells(coord string) []string {
	if len(coord) < 4 {
		return nil
	}
	return []string{coord[0:2], coord[2:4]}
}
