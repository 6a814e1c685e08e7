package record

import (
	"fmt"
	"umpire/bot/texts"
	"umpire/referee"
	"umpire/render"
	"umpire/store"
)

// maxCaptionLines bounds the lines under one panel of a replay frame, so
// that one busy move does not make every frame tall.
const maxCaptionLines = 6

// Frames are the frames of the fog replay of game g up to ply log entries,
// which must be its end, its words in lang: a frame for the start and one
// after each move, each with every seat's view and the god's, one above
// the other, as they stood after that move. Under each seat's view are the
// words that seat heard of the move and of what followed it until the next
// (failed tries, offers, the end), as its messages said them; under the
// god's, the move in SAN and the record's comment on it. Caption and board
// agree: the board under "White: e4" shows e4 played, and nothing after.
func Frames(cat *texts.Catalog, lang string, g *store.Game, ply int) ([]render.Frame, error) {
	v, ok := referee.Lookup(g.Variant)
	if !ok {
		return nil, fmt.Errorf("record: replay of game %d: unknown variant %q", g.ID, g.Variant)
	}
	sans, err := referee.SANIn(v, g.Options, g.Log[:ply], lang) // the requester's letters
	if err != nil {
		return nil, fmt.Errorf("record: replay of game %d: %w", g.ID, err)
	}
	rg, err := v.New(g.Options)
	if err != nil {
		return nil, err
	}
	rec := &record{cat: cat, lang: lang, seats: v.Seats, open: boardOpen(rg, v.Seats)}
	f := newFrame(cat, lang, v.Seats)
	for _, a := range rg.Start() {
		f.heard(lang, nil, referee.Ruling{Said: []referee.Announcement{a}}, rec)
	}
	var frames []render.Frame
	for i, a := range g.Log[:ply] {
		if sans[i] != "" { // a move: the frame before it ends, with the board before it
			frames = append(frames, f.done(rg))
			f = newFrame(cat, lang, v.Seats)
		}
		ru := rg.Play(a)
		if sans[i] != "" {
			if o := ru.Order; o.Lord != "" { // a Lord's order
				args := texts.Args{"move": sans[i]}
				cat.PutSeat(lang, args, "seat", o.Lord)
				cat.PutSeat(lang, args, "servant", o.Servant)
				f.god = append(f.god, cat.Text(lang, "moved-for", args))
			} else {
				f.god = append(f.god, cat.Value(lang, "seat", string(a.Seat))+": "+sans[i])
			}
			f.heard(lang, nil, ru, rec)
			continue
		}
		f.heard(lang, &a, ru, rec)
	}
	frames = append(frames, f.done(rg))
	return frames, nil
}

// frame gathers the captions of one replay frame.
type frame struct {
	seats []referee.Seat
	lines [][]string // under each seat's view
	god   []string
}

func newFrame(cat *texts.Catalog, lang string, seats []referee.Seat) *frame {
	f := &frame{seats: seats, lines: make([][]string, len(seats))}
	for i, s := range seats {
		f.lines[i] = []string{cat.Value(lang, "seat", string(s))}
	}
	f.god = []string{cat.Value(lang, "seat", string(referee.God))}
	return f
}

// heard adds one log entry (nil for a move, whose line is written, or for
// what was said at the start) to each seat's words and the god's.
func (f *frame) heard(lang string, a *referee.Action, ru referee.Ruling, rec *record) {
	act := referee.Action{Seat: referee.God}
	if a != nil {
		act = *a
		f.god = append(f.god, rec.action(act, ru)...)
	} else {
		f.god = append(f.god, rec.words(ru.Said, "", ru.Verdict)...)
	}
	for i, s := range f.seats {
		if a == nil {
			for _, ann := range referee.For(ru.Said, s) {
				f.lines[i] = append(f.lines[i], rec.cat.Announcement(lang, ann, ""))
			}
			continue
		}
		f.lines[i] = append(f.lines[i], rec.cat.Entry(lang, rec.open, act, ru, s)...)
	}
}

// done is the frame with the views of the game as it stands.
func (f *frame) done(g referee.Game) render.Frame {
	var out render.Frame
	for i, s := range f.seats {
		out.Views = append(out.Views, g.View(s))
		out.Captions = append(out.Captions, bound(f.lines[i]))
	}
	out.Views = append(out.Views, g.View(referee.God))
	out.Captions = append(out.Captions, bound(f.god))
	return out
}

// bound keeps at most maxCaptionLines lines, the last saying "…".
func bound(lines []string) []string {
	if len(lines) <= maxCaptionLines {
		return lines
	}
	return append(lines[:maxCaptionLines-1:maxCaptionLines-1], "…")
}
