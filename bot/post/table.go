package post

import (
	"unicode/utf8"

	"umpire/referee"
	"umpire/store"
)

// The table. A game's public news to the chat it was made in is, where the
// transport edits, one message kept up to date: the game's board, its
// picture and a short caption — whose turn it is, the plies of the last
// round, the bonds of three-player chess — edited in place as the game
// moves (wire.Message.Status). A game with fog has its status instead, in
// words alone (quiet.go). The chat gets a new message only for what its
// members must notice: the start (the board's first message), an offer
// (Notable), the end. Every row of a board or a status fills the game's
// slot in the outbox (store.Outgoing.Slot), where one waits, the latest:
// however fast the game goes and however slowly the network lets a bot
// write to a group, the board is never older than the game once the
// sender has caught up, and it is never sent more often than the network
// lets it be. The rows of a game in play are paced (store.Outgoing.Paced):
// they leave turns of the chat's rates free, so that the board at the
// end, and the end, go at once.

// SlotOf names the slot of game id in a chat: its board or its status.
func SlotOf(id uint64) string { return "game " + itoa(id) }

// AtTable turns row, the public news of game g for one address as a game
// queues it for every public reader, into the rows that address gets;
// edits says its transport edits messages in place, notable that the news
// holds something its readers must notice (Notable). Where the transport
// edits, the chat the game was made in gets, for a view of a game without
// fog, its news in a message of its own when notable, and the board; for
// the end, the board at the end, then the end; and a status (a quiet
// game's) but the start fills the game's slot. Anything else goes as it is.
func AtTable(g *store.Game, row store.Outgoing, edits, notable bool) []store.Outgoing {
	n := DecodeNote(row.Text)
	board := edits && row.To == g.Chat && !fog(g)
	switch {
	case board && row.Kind == KindReveal:
		return []store.Outgoing{boardRow(g, row, Note{}), row}
	case board && row.Kind == KindView && notable:
		said, words := row, n
		words.NoPicture = true // the board shows the picture
		said.Text = words.Encode()
		return []store.Outgoing{said, boardRow(g, row, n)}
	case board && row.Kind == KindView:
		return []store.Outgoing{boardRow(g, row, n)}
	case edits && n.Status && !n.Start:
		row.Slot, row.Paced = SlotOf(g.ID), true
	}
	return []store.Outgoing{row}
}

// boardRow is the row of g's board in row's chat, with n's words (the
// start's). The start fills the slot but is superseded by none: it is
// sent, for the chat to notice, and the board's later rows edit it. The
// rows of a game in play are paced; the board at the end (row is the
// reveal) is not.
func boardRow(g *store.Game, row store.Outgoing, n Note) store.Outgoing {
	n.Board, n.Status, n.NoPicture = true, true, false
	if !n.Start {
		row.Slot, row.Paced = SlotOf(g.ID), row.Kind != KindReveal
	}
	row.Kind, row.Text = KindView, n.Encode()
	return row
}

// fog reports whether a player of g cannot see the whole position: then
// no picture is public before the end (quiet.go).
func fog(g *store.Game) bool {
	v, ok := referee.Lookup(g.Variant)
	return ok && v.Fog
}

// Notable reports whether what the umpire said holds news that a chat's
// members must notice, not only see on the board: an offer made to a
// player (to be a Lord or a Servant, a draw).
func Notable(said ...[]referee.Announcement) bool {
	for _, s := range said {
		for _, a := range s {
			if a.Public() && (a.Code == "draw-offer" || a.Code == "vassal" && a.Str("event") == "offer") {
				return true
			}
		}
	}
	return false
}

// recent is where the board of a game at ply begins its news: the last
// round, as many moves back as the game has seats, with what came between.
func recent(g *store.Game, r *replayed, ply int) int {
	moves := len(SeatsOf(g))
	for i := ply - 1; i >= 0; i-- {
		if r.rulings[i].Move != "" {
			moves--
		}
		if moves == 0 {
			return i
		}
	}
	return 0
}

// boardNews bounds what a board says of the last round, in characters:
// its caption stays short (Telegram keeps 1,024 under a picture, and a
// status too long for one is sent as a new message).
const boardNews = 600

// latest are the last of lines that fit in budget characters, a line
// break each: the oldest go first.
func latest(lines []string, budget int) []string {
	for i := len(lines) - 1; i >= 0; i-- {
		if budget -= utf8.RuneCountInString(lines[i]) + 1; budget < 0 {
			return lines[i+1:]
		}
	}
	return lines
}
