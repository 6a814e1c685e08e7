package bot

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"umpire/bot/post"
	"umpire/store"
)

// Extra rows. One chat must not fill the outbox with answers to its own
// flood, nor bury another game's news behind them. The bot marks the rows
// it can do without as extra (store.Outgoing.Extra): the answer to one
// message — help, a refusal, a notice to the sender — never a game's news
// (a move, a result, whose turn it is). The store keeps at most
// store.MaxExtra extra rows waiting for one chat and drops the rest, and a
// new extra row replaces one waiting that is Like it: the reader gets the
// latest, with "and N more like it".

// extra marks a row as extra, like others that say the same ("": none)
// about the same game.
func extra(row store.Outgoing, like string) store.Outgoing {
	row.Extra = true
	if like != "" {
		row.Like = like + " #" + itoa(row.Game)
	}
	return row
}

// replyLike is what an answer says, for coalescing: help, a refusal and a
// notice replace the very same one waiting (the same words: a refusal of
// another action, or in another game, stays); other answers (a list of
// games, a seat's link) each count towards the cap but replace nothing.
func replyLike(n post.Note) string {
	if n.ID == "help" || strings.HasPrefix(n.ID, "err.") || strings.HasPrefix(n.ID, "email.") {
		return likeNote(n)
	}
	return ""
}

// likeNote names what a note says, in a few bytes.
func likeNote(n post.Note) string {
	h := sha256.Sum256([]byte(n.Encode()))
	return "note " + hex.EncodeToString(h[:8])
}
