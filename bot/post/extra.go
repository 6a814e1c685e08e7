package post

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"umpire/store"
)

// Extra rows. One chat must not fill the outbox with answers to its own
// flood, nor bury another game's news behind them. The rows the umpire can
// do without are marked extra (store.Outgoing.Extra): the answer to one
// message — help, a refusal, a notice to the sender — never a game's news
// (a move, a result, whose turn it is). The store keeps at most
// store.MaxExtra extra rows waiting for one chat and drops the rest, and a
// new extra row replaces one waiting that is Like it: the reader gets the
// latest, with "and N more like it".

// Extra marks a row as extra, like others that say the same ("": none)
// about the same game.
func Extra(row store.Outgoing, like string) store.Outgoing {
	row.Extra = true
	if like != "" {
		row.Like = like + " #" + strconv.FormatUint(row.Game, 10)
	}
	return row
}

// ReplyLike is what an answer says, for coalescing: help, a refusal and a
// notice replace the very same one waiting (the same words: a refusal of
// another action, or in another game, stays); other answers (a list of
// games, a seat's link) each count towards the cap but replace nothing.
func ReplyLike(n Note) string {
	if n.ID == "help" || strings.HasPrefix(n.ID, "err.") || strings.HasPrefix(n.ID, "email.") {
		return LikeNote(n)
	}
	return ""
}

// LikeNote names what a note says, in a few bytes.
func LikeNote(n Note) string {
	h := sha256.Sum256([]byte(n.Encode()))
	return "note " + hex.EncodeToString(h[:8])
}
