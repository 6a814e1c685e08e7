package post

import (
	"bytes"
	"sync"
	"umpire/referee"
	"umpire/render"
)

// Legend is the words a picture carries, in the reader's language: the
// header above the board (which game, which seat, the move, whose turn)
// and the caption under it.
type Legend struct {
	Header  []string
	Caption []string
}

// Picture draws a view with render: the legend's header above the board,
// its caption under it; krono is drawn with its author's beasts.
func Picture(v referee.View, l Legend) ([]byte, error) {
	return render.PNG(v, render.Options{Header: l.Header, Caption: l.Caption, Beasts: beasts(v.Variant)})
}

// NoPictures draws nothing: messages go without pictures.
func NoPictures(referee.View, Legend) ([]byte, error) { return nil, nil }

// beasts reports whether a variant's pictures draw its men as beasts.
func beasts(key string) bool {
	v, ok := referee.Lookup(key)
	return ok && v.Beasts
}

// ReplayGIF draws a fog replay with render: one frame a move, panels 360
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

// replaying lets one fog replay be drawn at a time in the process, however
// many senders end games at once: a replay holds a few megabytes while it
// is drawn, and a burst of game ends would hold them all together.
var replaying sync.Mutex

// Replay draws the frames of a fog replay as the Office's Replay does,
// one replay at a time in the process. It is safe for concurrent use.
func (o *Office) Replay(frames []render.Frame) ([]byte, error) {
	replaying.Lock()
	defer replaying.Unlock()
	return o.replay(frames)
}
