package referee

import "umpire/referee/board"

// Krono (korona.md §6) is Korona as its Esperanto text gives it: the same
// men, crowns, castling, views and "stalemate loses", without stones, and a
// pawn may also become C, an uncrowned monarch that steps like a king but is
// no monarch: taking it opens nothing, it never castles and never holds the
// crown.

// Krono is Korona with the beasts and the promotion to C.
var Krono = &Variant{Key: "krono", Seats: TwoSeats, Fog: true, NoCheck: true, Beasts: true, New: koronaNew(kronoKind)}

// KronoRules are KoronaRules with the promotion to C.
var KronoRules = &board.Rules{
	Armies:     2,
	Promotions: []board.Kind{board.General, board.Rook, board.Bishop, board.Knight, board.Crownless},
	Castlings:  KoronaRules.Castlings,
	EnPassant:  true,
	Royal:      board.NoKind,
}

var kronoKind = &koronaKind{
	key: "krono", rules: KronoRules, letters: koronaLetters,
	kinds: map[board.Kind]int{board.Dame: 1, board.General: 1, board.Crownless: 1},
}
