package referee

// Seat is a place at the table: "white", "black", and in triad "red". The
// pseudo-seats God and Spectator name the god's view and a spectator's.
type Seat string

// The seats and pseudo-seats.
const (
	White     Seat = "white"
	Black     Seat = "black"
	Red       Seat = "red"
	God       Seat = "god"
	Spectator Seat = "spectator"
)

// TwoSeats are the seats of every two-player variant, in turn order.
var TwoSeats = []Seat{White, Black}

// Both addresses an announcement to both seats of a two-player game.
func Both() []Seat { return []Seat{White, Black} }

// Only addresses an announcement to one seat.
func Only(s Seat) []Seat { return []Seat{s} }

// Hears reports whether seat s is among the addressees.
func Hears(to []Seat, s Seat) bool {
	for _, t := range to {
		if t == s {
			return true
		}
	}
	return false
}
