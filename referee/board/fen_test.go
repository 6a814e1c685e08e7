package board

import "testing"

func TestFENRoundTrip(t *testing.T) {
	for _, tc := range perftTable {
		p, err := ParseFEN(tc.fen, ChessRules)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FEN(); got != tc.fen {
			t.Errorf("ParseFEN(%q).FEN() = %q", tc.fen, got)
		}
	}
}

// An en passant square no double step can have made is refused: otherwise
// a pawn could take an empty square "en passant" (rules/README.md, `-fen`).
func TestFENEnPassantChecked(t *testing.T) {
	p, err := ParseFEN("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", ChessRules)
	if err != nil || p.Geo.CellName(p.EP) != "d6" {
		t.Errorf("a true en passant square: %v, %s", err, p.Geo.CellName(p.EP))
	}
	for _, fen := range []string{
		"k7/8/8/8/4p3/8/8/K7 b - e3 0 1",    // no white pawn on e4
		"k7/8/8/3pP3/8/8/8/K7 b - d6 0 1",   // the wrong side to move
		"k7/8/3n4/3pP3/8/8/8/K7 w - d6 0 1", // the passed square is occupied
		"k7/3n4/8/3pP3/8/8/8/K7 w - d6 0 1", // the pawn's start square is occupied
	} {
		if _, err := ParseFEN(fen, ChessRules); err == nil {
			t.Errorf("ParseFEN(%q): no error for an impossible en passant square", fen)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, fen := range []string{"", "8/8/8 w", "9/8/8/8/8/8/8/8 w", "8/8/8/8/8/8/8/8 x", "8/8/8/8/8/8/8/8 w Z", "8/8/8/8/8/8/8/8 w - e5", "8/8/8/8/8/8/8/8 w - - x", "rnbqkbnrr/8/8/8/8/8/8/8 w"} {
		if _, err := ParseFEN(fen, ChessRules); err == nil {
			t.Errorf("ParseFEN(%q) = nil error", fen)
		}
	}
}
