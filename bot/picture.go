package bot

import (
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
