package bot

import (
	"fmt"

	"umpire/bot/record"
	"umpire/bot/texts"
)

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
	return b.post.Replay(frames)
}
