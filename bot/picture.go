package bot

import (
	"umpire/referee"
	"umpire/render"
)

// Picture draws a view with render, the caption under the board; krono is
// drawn with its author's beasts.
func Picture(v referee.View, caption []string) ([]byte, error) {
	return render.PNG(v, render.Options{Caption: caption, Beasts: v.Variant == "krono"})
}

// NoPictures draws nothing: messages go without pictures.
func NoPictures(referee.View, []string) ([]byte, error) { return nil, nil }
