package post

// An Answer is told what the umpire made of a line a player sent, for a
// caller that shows the ruling itself (the Mini App): as net/http gives a
// handler the ResponseWriter it answers through, the caller gives the
// Answer to the call that plays the line, and never rules the line again
// to learn what was decided. The umpire's words go to the player's chat
// as ever; the Answer is told besides.
type Answer interface {
	// Ruled is called once a line was ruled on in a game and the outcome
	// committed. It is not called for a line the umpire answered in
	// words alone (a command, a mistake, a message passed over).
	Ruled(r Ruling)
}

// Ruling is what became of one line in a game.
type Ruling struct {
	Game uint64
	// Played reports that the line went into the game's log: a move, a
	// try the seat's opponent hears of, an offer.
	Played bool
	// Refused is the referee's refusal of the line's last item when it
	// went nowhere (nil when Played).
	Refused *Refusal
}

// AnswerFunc adapts a function to an Answer.
type AnswerFunc func(Ruling)

// Ruled calls f.
func (f AnswerFunc) Ruled(r Ruling) { f(r) }
