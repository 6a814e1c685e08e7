package post

import (
	"fmt"
	"strings"
	"testing"

	"umpire/referee"
	"umpire/store"
)

// TestAtTable: where the transport edits, a game's chat gets its board (a
// row of the game's slot, but for the start, which is sent whatever comes
// after it), a new message beside it only for notable news, and the board
// at the end before the end; a quiet game's status fills the slot; a
// watcher, a notice and a transport that cannot edit get the row as it is.
func TestAtTable(t *testing.T) {
	t.Parallel()
	chat, watcher := store.Address{Transport: "telegram", ID: "-1"}, store.Address{Transport: "telegram", ID: "5"}
	triad := &store.Game{ID: 7, Variant: "triad", Chat: chat}
	krieg := &store.Game{ID: 8, Variant: "kriegspiel", Chat: chat}
	row := func(g *store.Game, to store.Address, kind string, n Note) store.Outgoing {
		return store.Outgoing{Game: g.ID, To: to, Kind: kind, Text: Quietly(g, kind, n).Encode()}
	}
	for _, tc := range []struct {
		name           string
		g              *store.Game
		row            store.Outgoing
		edits, notable bool
		want           string // each row: kind, slot, board or not, picture or not
	}{
		{"a move", triad, row(triad, chat, KindView, Note{From: 3}), true, false, "view/game 7/board/picture"},
		{"an offer", triad, row(triad, chat, KindView, Note{From: 3}), true, true, "view//news/words view/game 7/board/picture"},
		{"the start", triad, row(triad, chat, KindView, Note{ID: "started", Start: true}), true, false, "view//board/picture"},
		{"the end", triad, row(triad, chat, KindReveal, Note{From: 3, News: true}), true, false, "view/game 7/board/picture reveal//news/picture"},
		{"a notice", triad, row(triad, chat, KindNotice, Say("aborted")), true, false, "notice//news/picture"},
		{"a watcher", triad, row(triad, watcher, KindView, Note{From: 3}), true, true, "view//news/picture"},
		{"no edits", triad, row(triad, chat, KindView, Note{From: 3}), false, true, "view//news/picture"},
		{"a quiet status", krieg, row(krieg, chat, KindView, Note{From: 3}), true, false, "view/game 8/news/words"},
		{"a quiet start", krieg, row(krieg, chat, KindView, Note{Start: true}), true, false, "view//news/words"},
		{"a quiet watcher", krieg, row(krieg, watcher, KindView, Note{From: 3}), true, false, "view/game 8/news/words"},
		{"a quiet end", krieg, row(krieg, chat, KindReveal, Note{From: 3}), true, false, "reveal//news/picture"},
	} {
		var got []string
		for _, r := range AtTable(tc.g, tc.row, tc.edits, tc.notable) {
			n := DecodeNote(r.Text)
			got = append(got, fmt.Sprintf("%s/%s/%s/%s", r.Kind, r.Slot, pick(n.Board, "board", "news"), pick(n.NoPicture, "words", "picture")))
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: %s; want %s", tc.name, g, tc.want)
		}
	}
}

func pick(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// TestNotable: an offer to be a Lord or a Servant, or of a draw, is news a
// chat must notice; its answer, a move or a capture is not.
func TestNotable(t *testing.T) {
	t.Parallel()
	all := []referee.Seat{referee.White, referee.Red, referee.Black}
	vassal := func(event string) referee.Announcement {
		return referee.Say("vassal", all, "lord", "white", "servant", "black", "event", event, "by", "white")
	}
	for _, tc := range []struct {
		said []referee.Announcement
		want bool
	}{
		{[]referee.Announcement{vassal("offer")}, true},
		{[]referee.Announcement{referee.Say("draw-offer", all, "by", "red")}, true},
		{[]referee.Announcement{vassal("accept")}, false},
		{[]referee.Announcement{referee.Say("capture", all, "square", "rd4", "what", "pawn")}, false},
		{nil, false},
	} {
		if got := Notable(nil, tc.said); got != tc.want {
			t.Errorf("Notable(%v) = %v; want %v", tc.said, got, tc.want)
		}
	}
}

// TestLatest: a board's news keeps its last lines that fit.
func TestLatest(t *testing.T) {
	t.Parallel()
	lines := []string{"aaaa", "bbb", "cc", "d"}
	for _, tc := range []struct {
		budget int
		want   string
	}{{100, "aaaa bbb cc d"}, {14, "aaaa bbb cc d"}, {13, "bbb cc d"}, {5, "cc d"}, {1, ""}} {
		if got := strings.Join(latest(lines, tc.budget), " "); got != tc.want {
			t.Errorf("latest(%d) = %q; want %q", tc.budget, got, tc.want)
		}
	}
}
