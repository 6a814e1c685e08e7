package post

import (
	"testing"

	"umpire/referee"
	"umpire/store"
)

// TestSeatKey says which key a message about a game carries.
func TestSeatKey(t *testing.T) {
	t.Parallel()
	g := &store.Game{State: store.StatePlaying, Seats: map[referee.Seat]store.Seat{
		referee.White: {PlayerID: 1, Token: "1-aaaa"}, referee.Black: {PlayerID: 2, Token: "1-bbbb"}}}
	open := &store.Game{State: store.StateOpen, Seats: map[referee.Seat]store.Seat{
		referee.White: {PlayerID: 1, Token: "2-aaaa"}, referee.Black: {Token: "2-bbbb"}}}
	over := &store.Game{State: store.StateOver, Seats: g.Seats}
	for _, tt := range []struct {
		g     *store.Game
		seat  referee.Seat
		id    uint64
		offer string
		want  string
	}{
		{g, referee.White, 1, "", "1-aaaa"},
		{g, referee.Black, 1, "", ""}, // not hers: never another seat's key
		{g, referee.Black, 2, "", "1-bbbb"},
		{g, referee.Spectator, 3, "", ""},
		{g, "", 2, "", "1-bbbb"},
		{g, "", 3, "", ""},
		{g, "", 0, "", ""},
		{g, "", 3, "1-bbbb", ""},          // an invitation to a seat since taken
		{open, "", 0, "2-bbbb", "2-bbbb"}, // an invitation: the seat it offers
		{open, "", 3, "2-bbbb", "2-bbbb"},
		{open, "", 3, "2-aaaa", ""},          // a taken seat is offered to nobody
		{open, "", 3, "", ""},                // a spectator's or stranger's mail: no free seat's key
		{open, referee.Spectator, 3, "", ""}, // watch, board #N
		{open, "", 1, "", "2-aaaa"},
		{over, referee.White, 1, "", "1-aaaa"}, // dead, to its holder: the thread's subject stays
		{over, "", 2, "", "1-bbbb"},
		{over, referee.Black, 1, "", ""}, // never another seat's, even dead
		{over, referee.Spectator, 3, "", ""},
	} {
		if got := seatKey(tt.g, tt.seat, tt.id, tt.offer); got != tt.want {
			t.Errorf("seatKey(%s, %q, %d, %q) = %q; want %q", tt.g.State, tt.seat, tt.id, tt.offer, got, tt.want)
		}
	}
}
