package referee

// duel is what every two-player 8×8 variant keeps: the umpire's table, the
// journal of rulings (the start as entry 0) and a standing draw offer.
// Variants embed it for the Game methods that do not depend on their rules,
// and play every action through record.
type duel struct {
	t      *table
	j      journal
	offers offers
}

// Start is what was said before the first action.
func (d *duel) Start() []Announcement { return d.j.entries[0].ruling.Said }

// Turn is the seat to move, "" once the game is over.
func (d *duel) Turn() Seat { return d.t.turn() }

// Result and its reason, "" while the game goes on.
func (d *duel) Result() (string, string) { return d.t.result, d.t.reason }

// Board is the god's board.
func (d *duel) Board() string { return d.t.godBoard() }

// record rules on an action with rule and journals the ruling unless it is
// a refusal.
func (d *duel) record(a Action, rule func(Action) Ruling) Ruling {
	before, legal := d.t.pos, d.t.legal
	r := rule(a)
	if r.Logged() {
		d.j.addMove(a, r, func(coord string) Written { return sanOn(&before, legal, coord) })
	}
	return r
}

// opening does what every two-player variant does first with an action:
// refuse a seat that is not at the table, play the shared game commands
// (which may come out of turn), and refuse anything else when the game is
// over or it is not the seat's turn. It reports whether it ruled.
func (d *duel) opening(a Action) (Ruling, bool) {
	if _, ok := armyOf(a.Seat); !ok {
		return Refuse(ReasonNotSeated), true
	}
	if isCommand(a.Text) {
		return d.offers.command(d.t, a), true
	}
	return refuseOutOfTurn(d.t, a.Seat)
}

// refuseOutOfTurn refuses a move when the game is over or it is not the
// seat's turn.
func refuseOutOfTurn(t *table, s Seat) (Ruling, bool) {
	switch {
	case t.result != "":
		return Refuse(ReasonGameOver), true
	case t.turn() != s:
		return Refuse(ReasonNotYourTurn), true
	}
	return Ruling{}, false
}
