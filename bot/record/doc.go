// Package record writes what a finished game was: its PGN (PGN, WritePGN)
// with the umpire's words as comments in a reader's language, the strict
// reader of that PGN (ReadPGN), the whole record as JSON for other tools
// (ExportJSON), and the frames of the fog replay (Frames), every seat's
// view above the god's, a frame a move.
//
// A record shows every hidden move: it is made for a game that is over.
package record
