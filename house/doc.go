// Package house is the umpire's own player, the partner of last resort for
// a newcomer who has nobody to play with. It plays every variant, from its
// own seat's View only: it never sees the full position, so it plays by
// the same knowledge and through the same referee API as a person.
//
// Choose is the whole mind: a pure function of one seat's View and a seed
// (the house's own history: its tries are on the View's score sheet, and
// the seed stands for its private coin). It returns the actions it would
// send now, best first. Whoever drives it plays them in turn until one is
// not refused; an illegal try goes on the sheet, so the next View rules it
// out, and no try is sent twice in a turn. Turn drives one seat of a
// referee.Game so.
//
// At level 1 it is a fair opponent, not a strong one: it takes what it can
// see or believes to be there, checks, keeps its king out of every attack
// it can see, and otherwise advances. In Kriegspiel it keeps a belief of
// where the enemy's men may be, rebuilt from its score sheet (captures
// heard, squares its own moves crossed), and steps around a draw by
// repetition. From level 2 it imagines whole positions instead, each of
// which explains all it was told (worlds.go, mended where a ruling says
// otherwise: worlds_mend.go), and judges each try in them, level 3 in many
// more; against a lone king it hunts by what it will know after each
// move, with endgame tables of king and queen or rook (hunt.go,
// hunt_meta.go, tables.go). The levels are steps of a ladder, each
// measured against the one below it (Level). From level 2 it does not
// always play the move it judges best: among the few within a small
// margin of it, its seed and the ply draw one (mix.go), so that a game
// replays from its record but a person who beat it once cannot simply
// beat it the same way again. In
// triad it answers offers and makes them by simple rules. It says that it
// is a program wherever it is named (Name).
//
// Matches (match.go) play it against itself, a random player and ports of
// kriegspiel.org's first bots (ksbots.go), each seeing its own seat's View
// only; `umpire match` and `umpire ladder` print them.
package house
