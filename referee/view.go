package referee

import "umpire/referee/board"

// View is everything one seat may know at one moment, and nothing more.
// Pictures, captions and messages are made from views only. Views of the
// pseudo-seats God (everything) and Spectator (what the public may know) are
// views too.
//
// Cells are in the order of the geometry named by Geometry ("8x8": a1, b1,
// …, h8; "triad": as its board package numbers them): a man's letter, '.'
// for a cell known to be empty, '?' for a cell the seat cannot see. On the
// triad board, where nothing is hidden and three armies play, a cell takes
// two bytes: the army's letter (w, r, b) and the piece's, ".." when empty.
type View struct {
	Variant  string
	Rules    string
	Seat     Seat // the seat (or God, Spectator) this view is for
	Bottom   Seat // the seat whose side is drawn at the bottom
	Geometry string
	Cells    []byte
	Board    string // the board string of rules/README.md

	Turn   Seat   // whose turn it is; "" when the game is over
	Ply    int    // accepted moves so far
	Result string // "1-0", … when over
	Reason string // why it ended

	Marks    []string // cells where a man of this seat was taken or vanished
	LastMove []string // the seat's own last move (God's, a spectator's: anyone's): from and to cells
	Checks   []string // cells a check comes from, where the rules let the seat know
	// Seen is what the seat saw of the other side's last move: from and
	// to cells in a game where moves are public, the squares of it its
	// men see in dark chess, nothing in Kriegspiel (view_last.go).
	Seen []string
	// Taken is a man of the seat taken by the other side's last move where
	// the seat sees it happen (dark chess); nil otherwise.
	Taken *Taken
	// InCheck holds the cells of kings in check that the seat knows of:
	// its own when the check was announced, any king it sees in an open
	// game; Mated the cells of kings checkmated.
	InCheck []string
	Mated   []string
	Said    []Announcement
	Sheet   []SheetLine // the seat's score sheet

	Secrets []Secret // the seat's own secrets, and any opened ones

	// Diplomacy is the public diplomatic state of three-player chess
	// (triad.md §3); nil in every other variant.
	Diplomacy *Diplomacy

	// Grow are the kinds a pawn of the seat may grow into while the seat
	// owes that choice before it moves (progressive chess, progressive.md
	// 3.3); nil otherwise, and in others' views.
	Grow []board.Kind

	// Offers are the diplomatic offers the seat may make now (three-player
	// chess, triad.md 3.9–3.10); nil otherwise, and in others' views.
	Offers []Offer

	// Stones is what the seat may place of its stones (korona2): nil while
	// it may place none — before one of its monarchs falls, once its
	// reserve is empty, in every other variant, and in others' views.
	Stones *Stones
}

// Stones is a seat's right to place stones instead of a move (korona.md
// 5.2–5.4), as its own view tells it.
type Stones struct {
	Reserve int  // the stones it still holds, 1 to 3; a turn places 1 to Reserve
	Mine    bool // its mined stone (X) is among them, to be placed by the time the last one is
	New     bool // they became free since the seat's last move: it has not moved since
}

// Offer is a diplomatic offer of three-player chess: to be the Lord of To
// (Kind OfferVassal: "vassal offer TO", To to serve) or its Servant (Kind
// OfferLord: "lord offer TO"). A Wait for an answer names the offer made
// with To its maker.
type Offer struct {
	Kind string
	To   Seat
}

// The kinds of offers.
const (
	OfferVassal = "vassal"
	OfferLord   = "lord"
)

// Text is the offer as a seat writes it: "vassal offer red".
func (o Offer) Text() string { return o.Kind + " offer " + string(o.To) }

// Diplomacy is who serves whom in three-player chess, the open windows of
// declared checks, and the Thrones of the armies whose king has left the
// board. Every list is in seat order.
type Diplomacy struct {
	Bonds   []Bond
	Windows []Window
	Thrones []Throne
	Took    []Took
}

// Bond says that Servant serves Lord (a Servant may have two Lords), and
// when Lord may next order for it (triad.md 3.14–3.15), counted in the
// Servant's moves: its turns as they begin, from 1, whether it moves, is
// ordered or passes on them. While every seat is in the game and none has
// passed, the Servant's move N is the game's move N.
type Bond struct {
	Servant, Lord Seat
	// Coming is the Servant's move now while it is to move, else its next.
	Coming int
	// Next is the Servant's move on which Lord may next order for it, as
	// things stand: Coming or a later move (an order on Next is accepted,
	// one before it is not). 0 when none can be foreseen: Lord's order is
	// held for the Servant to choose, a declared check's window is open on
	// the Servant (it closes as the moves to come decide), or the game is
	// over.
	Next int
}

// Window says that Declarer declared check on its partner Partner: their
// relation is suspended until the window closes (triad.md 3.18).
type Window struct{ Declarer, Partner Seat }

// Took says that Seat's last move took a man of Of: what the neutrality
// rule reads (triad.md 3.1), public like every move.
type Took struct{ Seat, Of Seat }

// Throne is the Throne of an army whose king has left the board: Army's
// men move for Holder, the seat whose own man stands on Cell, or for
// nobody (Holder "") while the army is neutral.
type Throne struct {
	Army   Seat
	Cell   string
	Holder Seat
}

// SheetLine is one line of a score sheet as the seat may see it: its own
// tries in full, the opponent's moves as "?" (or "?x" and a square) where
// they are hidden, else in coordinates. SAN names an accepted move the
// seat may see in full (its parts, for the reader's letters: Written.In);
// it is zero for a move the seat may not see, so that a text made from a
// view cannot show it. (A line does not carry its index in the game's log:
// that would count the hidden failed tries of the others.)
type SheetLine struct {
	Seat    Seat
	Text    string
	Verdict Verdict
	SAN     Written
	// Heard is what the seat was told of the line where moves are hidden
	// and SAN is withheld (Kriegspiel, dark chess): of its own try, a
	// capture and where, a check and its direction; of the other side's
	// move, its capture, the checks on the seat and the seat's pawn
	// tries; all as the umpire said them then.
	Heard []Announcement `json:",omitempty"`
	// Before is, on a line of another seat's move where moves are hidden,
	// what the seat was told of that seat's actions since its last move
	// that moved nothing, as the umpire said them: in the english rules,
	// its any? and the answer, heard by both, and its tries refused.
	Before []Announcement `json:",omitempty"`
}

// Secret is a sealed note as its owner (or, once opened, everyone) sees it.
// Kind is "crown", "mine" or "growing"; Cell the square it concerns, if any;
// Value the secret itself ("king", "dame", a piece letter); Left counts the
// turns left for a growing pawn.
type Secret struct {
	Seat   Seat
	Kind   string
	Cell   string
	Value  string
	Left   int
	Opened bool
}

// Over reports whether the game had ended when the view was made.
func (v View) Over() bool { return v.Result != "" }
