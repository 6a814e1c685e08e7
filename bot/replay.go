package bot

import (
	"bytes"
	"fmt"

	"umpire/bot/record"
	"umpire/bot/texts"
	"umpire/render"
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
	frames, err := record.Frames(b.cat, lang, g, len(g.Log))
	if err != nil {
		return nil, err
	}
	return b.replay(frames)
}
