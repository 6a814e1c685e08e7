// Package board generates moves for chess-like games on any board that can
// be written down as tables.
//
// There are only a few types here. A Geometry lists the cells of a board and,
// for every cell, the rays a slider follows, the leaps of a knight and the
// steps and captures of a pawn of each army; the 8×8 board is one Geometry
// (Standard), the 96-cell three-player board can be another. A Man is an
// army and a Kind. A Position is men on the cells of a Geometry plus the
// state chess keeps beside them (side to move, castling, en passant, clocks),
// and Rules say which promotions and castlings a variant allows. Generate
// lists pseudo-legal moves; Legal filters them for variants with check.
//
// The package is pure and allocation-free on its hot paths: callers pass a
// buffer for moves, positions are values copied on Make.
//
// # Two generators, one order
//
// Any Geometry is served by the table-driven generator (movegen.go): it
// scans the cells for the men of the side to move and follows the
// Geometry's rays, and Legal plays on a copy each move that may leave the
// royal man attacked. The Standard board with two armies, every variant
// but three-player chess, has a generator of its own (gen8.go) on sets of
// cells, one bit a cell in a uint64:
//
//   - A Position on the Standard board keeps its men as sets beside Cells
//     (one for each army and for each way of moving: rook's rays, bishop's,
//     king's steps, knight's leaps, pawn), which Put, Apply and FindKings
//     keep. Callers may still write Cells by hand: the sets remember the
//     cells they were made from, and where those differ the generator makes
//     them anew from Cells for that call, right but slower.
//   - Sliders follow fixed tables of rays (a ray's first man is found with
//     one bit scan), steps and leaps are fixed sets, and the pawns' moves are
//     read for all pawns at once by shifting the sets.
//   - Legal reads from the royal man outwards, once, the men that check it
//     and the own men pinned to it. A move is kept by its target cell alone:
//     out of check anywhere, in check only onto the checker or between, in
//     double check nowhere; a pinned man only along its pin's line; the
//     royal man only onto cells no enemy man attacks once it stands there.
//     Only castling and en passant, which move two men, are still played and
//     tested.
//
// Both generators list the moves in the same order (men by cell; for each
// man the rook's rays, the bishop's, the king's steps, the knight's leaps,
// each ray nearest cell first; castlings last), which callers that sort
// stably or pick by index rely on: a test compares them move by move.
// Perft(6) from the start takes about a third of the processor time it
// took with the table-driven generator alone, and perft, like the house's
// search, keeps a position and a move list per ply rather than copying
// each node to the heap. Reading the sets anew from Cells at every call
// (eight cells a word) made perft two fifths slower than keeping them,
// which costs 136 more bytes a Position. Magic bitboards would
// find a slider's cells in one lookup, but not in the order above, and
// their tables weigh hundreds of kilobytes where the rays' weigh 4.
package board
