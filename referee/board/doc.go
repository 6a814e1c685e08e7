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
package board
