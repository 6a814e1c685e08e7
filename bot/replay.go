package bot

import (
	"bytes"
	"fmt"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/render"
	"umpire/store"
)

// ReplayGIF draws a fog replay with render: one frame a move, panels 240
// pixels wide; krono is drawn with its author's beasts.
func ReplayGIF(frames []render.Frame) ([]byte, error) {
	drawBeasts := len(frames) > 0 && len(frames[0].Views) > 0 && beasts(frames[0].Views[0].Variant)
	var b bytes.Buffer
	if err := render.GIF(&b, frames, render.ReplayOptions{Beasts: drawBeasts}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// NoReplay makes no replay: the end of a game goes without one.
func NoReplay([]render.Frame) ([]byte, error) { return nil, nil }

// maxCaptionLines bounds the lines under one panel of a replay frame, so
// that one busy move does not make every frame tall.
const maxCaptionLines = 6

// replay draws the fog replay of game g up to ply log entries, which must
// be its end: a frame for the start and one after each move (and one more
// for what came after the last move, a resignation, say), each with every
// seat's view and the god's side by side. Under each seat's view are the
// words that seat heard since the frame before, as its messages said them;
// under the god's, the move in SAN and the record's comment on it.
func (c *composer) replay(g *store.Game, r *replayed, ply int, lang string) ([]byte, error) {
	v, ok := referee.Lookup(g.Variant)
	if !ok {
		return nil, fmt.Errorf("bot: replay of game %d: unknown variant %q", g.ID, g.Variant)
	}
	sans, err := referee.SAN(v, g.Options, g.Log[:ply])
	if err != nil {
		return nil, fmt.Errorf("bot: replay of game %d: %w", g.ID, err)
	}
	rg, err := v.New(g.Options)
	if err != nil {
		return nil, err
	}
	rec := &record{cat: c.b.cat, lang: lang, seats: v.Seats, open: boardOpen(rg, v.Seats)}
	f := c.newFrame(lang, v.Seats)
	for _, a := range r.start {
		f.heard(c, lang, nil, referee.Ruling{Said: []referee.Announcement{a}}, rec)
	}
	var frames []render.Frame
	for i, a := range g.Log[:ply] {
		ru := rg.Play(a)
		if sans[i] != "" {
			frames = append(frames, f.done(rg))
			f = c.newFrame(lang, v.Seats)
			f.god = append(f.god, c.b.cat.Value(lang, "seat", string(a.Seat))+": "+sans[i])
			f.heard(c, lang, nil, ru, rec)
			continue
		}
		f.heard(c, lang, &a, ru, rec)
	}
	frames = append(frames, f.done(rg))
	return c.b.replay(frames)
}

// frame gathers the captions of one replay frame.
type frame struct {
	seats []referee.Seat
	lines [][]string // under each seat's view
	god   []string
}

func (c *composer) newFrame(lang string, seats []referee.Seat) *frame {
	f := &frame{seats: seats, lines: make([][]string, len(seats))}
	for i, s := range seats {
		f.lines[i] = []string{c.b.cat.Value(lang, "seat", string(s))}
	}
	f.god = []string{c.b.cat.Value(lang, "seat", string(referee.God))}
	return f
}

// heard adds one log entry (nil for a move, whose line is written, or for
// what was said at the start) to each seat's words and the god's.
func (f *frame) heard(c *composer, lang string, a *referee.Action, ru referee.Ruling, rec *record) {
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
				f.lines[i] = append(f.lines[i], c.b.cat.Announcement(lang, ann, ""))
			}
			continue
		}
		f.lines[i] = append(f.lines[i], c.b.cat.Entry(lang, rec.open, act, ru, s)...)
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

// Replay draws the fog replay of game id, its words in lang, as the end of
// the game sends it (`umpire replay`). Like the record it shows every
// hidden move: it is for a finished game.
func (b *Bot) Replay(id uint64, lang string) ([]byte, error) {
	g, err := b.db.Game(id)
	if err != nil {
		return nil, err
	}
	if !b.cat.Supported(lang) {
		return nil, fmt.Errorf("bot: no language %q (have %v)", lang, texts.Languages)
	}
	c := newComposer(b, Features{})
	r, err := c.at(g, len(g.Log))
	if err != nil {
		return nil, err
	}
	return c.replay(g, r, len(g.Log), lang)
}
