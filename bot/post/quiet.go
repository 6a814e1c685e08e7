package post

import (
	"umpire/referee"
	"umpire/store"
)

// Quiet groups. In a variant with fog (Kriegspiel, dark chess, the Korona
// family: referee.Variant.Fog) a picture for the public would show fog:
// neither a group nor a spectator gets one before the end. Their news of
// the game is its status — whose turn, the umpire's latest public words —
// sent once and then, where the transport edits, edited in place
// (wire.Message.Status), so that a group hears of a game in one message
// between its start and its end. Statuses queued for one chat and game
// coalesce in the outbox: only the latest is sent (sendpool.go).

// quiet reports whether the public news of g goes without pictures, as
// its status.
func quiet(g *store.Game) bool {
	v, ok := referee.Lookup(g.Variant)
	return ok && v.Fog && g.State != store.StateOver
}

// Quietly makes a public view's note of g quiet where g is.
func Quietly(g *store.Game, kind string, n Note) Note {
	if kind == KindView && quiet(g) {
		n.NoPicture, n.Status = true, true
	}
	return n
}

// superseded are the status rows of rows that a later status row of the
// same game to the same chat replaces: only the latest is worth sending.
func superseded(rows []store.Outgoing) map[uint64]bool {
	type slot struct {
		to   store.Address
		game uint64
	}
	last := map[slot]uint64{}
	var status []store.Outgoing
	for _, r := range rows {
		if r.Kind == KindView && DecodeNote(r.Text).Status {
			last[slot{r.To, r.Game}] = max(last[slot{r.To, r.Game}], r.Seq)
			status = append(status, r)
		}
	}
	out := map[uint64]bool{}
	for _, r := range status {
		if r.Seq < last[slot{r.To, r.Game}] {
			out[r.Seq] = true
		}
	}
	return out
}
