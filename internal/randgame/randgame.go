// Package randgame plays random but legal games, for tests that play
// games to their end: the seat to move tries candidate moves of its men
// (Candidates) on a copy of the game until the referee accepts one
// (FindMove), sometimes behind a try the referee refuses (FindBad), and
// makes the secret choices the referee asks for (Secrets). It is imported
// by tests only.
package randgame

import (
	"math/rand/v2"

	"umpire/referee"
	"umpire/referee/board"
	"umpire/referee/tri"
)

// Try plays an action on a copy of a game and returns its ruling.
type Try func(referee.Action) referee.Ruling

// TryOn is a Try on a copy of the game of v with options o after log.
func TryOn(v *referee.Variant, o referee.Options, log []referee.Action) Try {
	return func(a referee.Action) referee.Ruling {
		rg, _ := referee.Replay(v, o, log)
		return rg.Play(a)
	}
}

// Candidates lists coordinate moves of seat s's men in the god's view
// god, in random order: every man to every other cell (with a random
// promotion piece for a pawn that reaches the last rank).
func Candidates(god referee.View, s referee.Seat, rng *rand.Rand) []string {
	var out []string
	if god.Geometry == "8x8" {
		out = moves8x8(god, s, rng)
	} else { // the three-player board, two bytes a cell
		out = movesTriad(god, s)
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// moves8x8 lists every move of s's men to any other cell.
func moves8x8(v referee.View, s referee.Seat, rng *rand.Rand) []string {
	var out []string
	for from, c := range v.Cells {
		if !Own(c, s) || c == 'S' || c == 'X' || c == 's' || c == 'x' {
			continue
		}
		for to := range 64 {
			if to == from || Own(v.Cells[to], s) {
				continue
			}
			m := Square(from) + Square(to)
			if (c == 'P' && to >= 56) || (c == 'p' && to < 8) {
				m += string("qrbngd"[rng.IntN(6)])
			}
			out = append(out, m)
		}
	}
	return out
}

// movesTriad lists every move of s's men on the three-player board, whose
// view has two bytes a cell, the army's letter first.
func movesTriad(v referee.View, s referee.Seat) []string {
	army := string(s)[0]
	var out []string
	for from := 0; from < len(v.Cells)/2; from++ {
		if v.Cells[2*from] != army {
			continue
		}
		for to := 0; to < len(v.Cells)/2; to++ {
			if to != from && v.Cells[2*to] != army {
				out = append(out, tri.Name(board.Cell(from))+tri.Name(board.Cell(to)))
			}
		}
	}
	return out
}

// Own reports whether a cell of an 8x8 view holds a man of seat s (White's
// letters are capitals).
func Own(c byte, s referee.Seat) bool {
	if s == referee.White {
		return c >= 'A' && c <= 'Z'
	}
	return c >= 'a' && c <= 'z'
}

// Square names cell i of an 8x8 board ("a1" is 0).
func Square(i int) string { return string(rune('a'+i%8)) + string(rune('1'+i/8)) }

// FindMove finds among cands a move the referee accepts for s; without
// one, the reason the last candidate was refused (ReasonSecretFirst or
// ReasonSecretAwaited at once, when a secret choice must come first).
func FindMove(try Try, s referee.Seat, cands []string) (move, reason string) {
	for _, m := range cands {
		r := try(referee.Action{Seat: s, Text: m})
		if r.Verdict == referee.Accepted && r.Move != "" {
			return m, ""
		}
		if r.Verdict == referee.Refused && (r.Reason == referee.ReasonSecretFirst || r.Reason == referee.ReasonSecretAwaited) {
			return "", r.Reason
		}
		reason = r.Reason
	}
	return "", reason
}

// FindBad finds among the first ten of cands a try the referee rules
// illegal or impossible for s, if any.
func FindBad(try Try, s referee.Seat, cands []string) string {
	for _, m := range cands[:min(10, len(cands))] {
		if r := try(referee.Action{Seat: s, Text: m}); r.Verdict == referee.Illegal || r.Verdict == referee.Impossible {
			return m
		}
	}
	return ""
}

// Secrets lists the secret choices seat s could make in the god's view
// god: a crown on either monarch, each of its pawns grown into a random
// piece. Which of them the referee accepts is for a Try to tell.
func Secrets(god referee.View, s referee.Seat, rng *rand.Rand) []string {
	out := []string{"crown king", "crown dame"}
	for i, c := range god.Cells {
		if (c == 'P' || c == 'p') && Own(c, s) {
			out = append(out, "grow "+Square(i)+" "+[]string{"N", "B", "R", "Q"}[rng.IntN(4)])
		}
	}
	return out
}
