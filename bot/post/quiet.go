package post

import "umpire/store"

// Quiet groups. In a variant with fog (Kriegspiel, dark chess, the Korona
// family: referee.Variant.Fog) a picture for the public would show fog:
// neither a group nor a spectator gets one before the end. Their news of
// the game is its status — whose turn, the umpire's latest public words —
// sent once and then, where the transport edits, edited in place
// (wire.Message.Status), so that a group hears of a game in one message
// between its start and its end. Statuses queued for one chat and game
// coalesce in the outbox, as a board's rows do (table.go).

// quiet reports whether the public news of g goes without pictures, as
// its status.
func quiet(g *store.Game) bool {
	return fog(g) && g.State != store.StateOver
}

// Quietly makes a public view's note of g quiet where g is.
func Quietly(g *store.Game, kind string, n Note) Note {
	if kind == KindView && quiet(g) {
		n.NoPicture, n.Status = true, true
	}
	return n
}
