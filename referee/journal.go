package referee

// journal keeps every ruling of a game with the action that caused it, the
// start included as entry 0. Views are made from it: what a seat heard, its
// score sheet.
type journal struct {
	entries []entry
}

type entry struct {
	action Action
	ruling Ruling
	san    Written // an accepted move in SAN, named on the board it was played on
}

func (j *journal) add(a Action, r Ruling) { j.entries = append(j.entries, entry{action: a, ruling: r}) }

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
	from := 0
	for i, e := range j.entries {
		if e.action.Seat == s && e.ruling.Verdict == Accepted && e.ruling.Move != "" {
			from = i
		}
	}
	var out []Announcement
	for _, e := range j.entries[from:] {
		out = append(out, For(e.ruling.Said, s)...)
	}
	return out
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
// accepted moves through hide (nil shows them in full). Only a move shown
// in full carries its SAN: every move when hide is nil (and for God), none
// of another seat's, nor of the seat's own, when hide is set.
func (j *journal) sheet(s Seat, hide func(entry) string) []SheetLine {
	var out []SheetLine
	for _, e := range j.entries[1:] {
		l := SheetLine{Seat: e.action.Seat, Text: e.ruling.Move, Verdict: Accepted}
		if hide == nil || s == God {
			l.SAN = e.san
		}
		switch {
		case e.action.Seat == s || s == God:
			l.Text, l.Verdict = e.action.Text, e.ruling.Verdict
		case e.ruling.Move == "":
			continue
		case hide != nil:
			l.Text = hide(e)
		}
		out = append(out, l)
	}
	return out
}

// moveCells splits a coordinate move into its from and to cells.
func moveCells(coord string) []string {
	if len(coord) < 4 {
		return nil
	}
	return []string{coord[0:2], coord[2:4]}
}
