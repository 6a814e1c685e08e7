package bot

import (
	"umpire/referee"
	"umpire/store"
)

// What mute covers (`mute #N`, tell.go). A seat that muted a game hears
// nothing the game's other players cause it to hear by choice: their
// messages (tell.go), their gifts of time (gifts.go), their draw offers,
// the news of their vacations (vacation.go), their offers of a rematch
// (club). What the rules make it hear it still hears: a move, the turn
// passing, the umpire's words on a try, a reminder, the end. A draw offer
// kept back is not lost: the seat's next view of the game reports the log
// from the first entry kept back (store.Seat.Withheld), so the offer is
// said with the news that follows, in one message.

// withheld reports whether seat s, which muted g, is not to be told now
// of another seat's line that did not pass the turn, all of which that s
// hears (said) is draw offers; it marks the log from entry from as not
// yet told to s.
func withheld(g *store.Game, s referee.Seat, said [][]referee.Announcement, from int) bool {
	seat := g.Seats[s]
	if !seat.Muted || !offersOnly(said, s) {
		return false
	}
	if seat.Withheld == 0 {
		seat.Withheld = from + 1
		g.Seats[s] = seat
	}
	return true
}

// offersOnly reports whether all seat s hears of said is draw offers.
func offersOnly(said [][]referee.Announcement, s referee.Seat) bool {
	for _, line := range said {
		for _, a := range referee.For(line, s) {
			if a.Code != "draw-offer" {
				return false
			}
		}
	}
	return true
}

// toldFrom is the log entry seat s's next view of g reports from: from,
// or the first entry kept back from it (withheld), which it clears.
func toldFrom(g *store.Game, s referee.Seat, from int) int {
	seat := g.Seats[s]
	if seat.Withheld == 0 {
		return from
	}
	first := min(from, seat.Withheld-1)
	seat.Withheld = 0
	g.Seats[s] = seat
	return first
}
