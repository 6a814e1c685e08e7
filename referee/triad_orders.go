package referee

import "strings"

// OrderOf tells, for entry i of a three-player game's log that played a
// move, whether that move was ordered (triad.md 3.13–3.15): lord is the
// Lord whose order it was, servant the seat whose man moved. An `order X
// MOVE` played at once is its writer's order for X; `choose L` is the
// Servant's pick of L's order; `order pass` plays the one order held, the
// last `order` written before it. ok is false for a move of the mover's
// own and for every other entry.
func OrderOf(log []Action, i int) (lord, servant Seat, ok bool) {
	if i < 0 || i >= len(log) {
		return "", "", false
	}
	f := strings.Fields(strings.ToLower(log[i].Text))
	switch {
	case len(f) == 3 && f[0] == "order" && f[2] == "pass", len(f) == 2 && f[0] == "order" && f[1] == "pass":
		for j := i - 1; j >= 0; j-- {
			g := strings.Fields(strings.ToLower(log[j].Text))
			if len(g) >= 3 && g[0] == "order" && g[len(g)-1] != "pass" {
				return log[j].Seat, Seat(g[1]), true
			}
		}
	case len(f) >= 3 && f[0] == "order":
		return log[i].Seat, Seat(f[1]), true
	case len(f) == 2 && f[0] == "choose":
		return Seat(f[1]), log[i].Seat, true
	}
	return "", "", false
}
