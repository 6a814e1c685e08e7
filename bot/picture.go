package bot

import "umpire/referee"

// Picture draws a view with render; until render lands in the tree it
// draws nothing.
func Picture(v referee.View, caption []string) ([]byte, error) { return nil, nil }

// NoPictures draws nothing: messages go without pictures.
func NoPictures(referee.View, []string) ([]byte, error) { return nil, nil }
