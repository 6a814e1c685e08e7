package referee

// Verdict is the umpire's judgement of one action (rules/README.md).
type Verdict string

// The verdicts.
const (
	Accepted   Verdict = "accepted"   // the action took effect
	Illegal    Verdict = "illegal"    // could be legal as far as the seat knows, but is not
	Impossible Verdict = "impossible" // the seat's own knowledge shows it cannot be legal
	Refused    Verdict = "refused"    // not a game action now; changes nothing, not logged
)

// Reasons for a refusal. Each is a fixed phrase code, safe to show: none
// depends on a hidden man.
const (
	ReasonNotYourTurn = "not-your-turn"
	ReasonGameOver    = "game-over"
	ReasonUnreadable  = "unreadable"  // no notation reads the text
	ReasonAmbiguous   = "ambiguous"   // several readings remain; see Ruling.Readings
	ReasonNotHere     = "not-here"    // an action this variant or rule set does not have
	ReasonNotInList   = "not-in-list" // allowed alone, not inside an attempt list
	ReasonNotSeated   = "not-seated"  // the seat is not a seat of this game
	ReasonBadSecret   = "bad-secret"  // a secret choice that the rules do not allow now
	ReasonBadReveal   = "bad-reveal"  // a reveal that does not verify
	// ReasonOrderHeld marks triad's impossible move of a Servant for whom a
	// Lord's order is held: it must choose one (triad.md 3.15).
	ReasonOrderHeld = "order-held"
)

// Ruling is the answer to one action.
type Ruling struct {
	Verdict  Verdict
	Said     []Announcement
	Reason   string   // with Refused (and for Impossible in some variants): a Reason code
	Readings []string // with ReasonAmbiguous: the possible moves in coordinates
	Move     string   // with Accepted moves: the move as played, in coordinates
	// Order names, for a move a Lord ordered (three-player chess, triad.md
	// 3.13–3.15), the Lord whose order was played and the Servant whose
	// move it was, whoever wrote the action that played it: the Lord's
	// `order`, the Servant's `choose`, the other Lord's `order pass`. Zero
	// for every other ruling.
	Order Order
}

// Order is a Lord's order played as its Servant's move (Ruling.Order).
type Order struct{ Lord, Servant Seat }

// Logged reports whether the action goes into the game log.
func (r Ruling) Logged() bool { return r.Verdict != Refused }

// Refuse makes a refusal with a reason code.
func Refuse(reason string) Ruling { return Ruling{Verdict: Refused, Reason: reason} }

// Reasons lists every reason code a ruling may give, of every variant, for
// the catalogs (each has a sentence for each, bot/texts) and the docs.
func Reasons() []string {
	return []string{
		ReasonNotYourTurn, ReasonGameOver, ReasonUnreadable, ReasonAmbiguous, ReasonNotHere,
		ReasonNotInList, ReasonNotSeated, ReasonBadSecret, ReasonBadReveal, ReasonOrderHeld, ReasonSecretFirst, ReasonSecretAwaited,
		ReasonStonesLocked, ReasonStonesCount, ReasonStonesMine, ReasonStonesSquare,
		ReasonGrowPawn, ReasonGrowPiece,
		ReasonOfferCapture, ReasonOfferOut, ReasonOfferBound, ReasonOfferMade, ReasonNoOffer,
		ReasonNotLord, ReasonOrderTurn, ReasonOrderWindow, ReasonOrderNew, ReasonOrderSoon, ReasonOrderLapsed, ReasonOrderGiven,
		ReasonOrderDeclare, ReasonNothingHeld,
		ReasonNoMan, ReasonOwnTarget, ReasonPattern, ReasonBlocked, ReasonPromotion, ReasonCastling,
		ReasonTried, ReasonPawnDuty, ReasonNoPawnCapture, ReasonNotTrySquare, ReasonCheckLine, ReasonAnyAgain,
		ReasonQueenLetter,
	}
}
