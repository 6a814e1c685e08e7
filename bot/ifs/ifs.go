// Package ifs reads and judges conditional moves: a seat's answer to its
// opponent's next move, stored before that move and played by the umpire
// the moment its condition holds, as correspondence players save a day
// with them.
//
// A line is up to two steps, four plies: `if e5 then Nf3 if Nc6 then
// Bb5` (ru `если … то …`, eo `se … tiam …`). Where a seat sees its
// opponent's moves (chess, the Korona family, progressive chess) the
// condition is a move, in any notation the referee reads; where it does not
// (Kriegspiel, dark chess) it is what the seat is told: `capture e4`, a
// capture anywhere (`capture`), `no capture`, `check`, and in dark chess
// an enemy man seen on a square (`seen e5`). The answer is an action as the
// seat would write it, an attempt list too (`then Kf1, Kd1`). This package
// reads the words and judges a condition on what a seat heard; the bot
// stores a line with its seat and plays it (bot/conditions.go).
package ifs

import (
	"slices"
	"strings"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// MaxSteps bounds a line: two steps of the seat's, four plies; maxWords
// and maxText its words and each condition's and answer's letters, so
// that a line costs the game's record little (every action loads it).
const (
	MaxSteps = 2
	maxWords = 40
	maxText  = 80
)

// The condition words every language shares once read: what Parse keeps.
const (
	Capture   = "capture"    // capture, or capture SQUARE
	NoCapture = "no capture" // no capture of one's men
	Check     = "check"
	Seen      = "seen" // seen SQUARE
)

// condWords are the words of the told conditions in every language, by
// the canonical word: взятие e4, preno e4; нет взятия, neniu preno; шах,
// ŝako; видно e5, vidata e5.
var condWords = map[string][]string{
	Capture: {"capture", "взятие", "взятия", "preno", "prenon"},
	Check:   {"check", "шах", "ŝako", "sxako", "ŝak", "sxak"},
	Seen:    {"seen", "видно", "vidata", "vidita"},
	"no":    {"no", "нет", "neniu", "sen"},
}

// word is the canonical condition word w is, or "".
func word(w string) string {
	w = strings.ToLower(w)
	for canon, ws := range condWords {
		for _, x := range ws {
			if w == x {
				return canon
			}
		}
	}
	return ""
}

// Parse reads the words after `if`: "e5 then Nf3 if Nc6 then Bb5". Told
// conditions come back in the canonical words ("capture e4"); moves and
// answers as written, plain (texts.Plain: a line is kept and repeated,
// and no control or format character goes with it). ok is false for
// anything else, or a line longer than MaxSteps.
func Parse(cat *texts.Catalog, words []string) ([]store.If, bool) {
	if len(words) > maxWords {
		return nil, false
	}
	var out []store.If
	var when, then []string
	inThen := false
	flush := func() bool {
		st := store.If{When: told(when), Then: strings.Join(then, " ")}
		if len(when) == 0 || len(then) == 0 || len(st.When) > maxText || len(st.Then) > maxText {
			return false
		}
		out = append(out, st)
		when, then, inThen = nil, nil, false
		return true
	}
	for _, w := range words {
		if w = texts.Plain(w); w == "" {
			continue
		}
		switch c := cat.Command(w); {
		case c == "then" && !inThen:
			inThen = true
		case c == "if" && inThen:
			if !flush() {
				return nil, false
			}
		case inThen:
			then = append(then, w)
		default:
			when = append(when, w)
		}
	}
	if !flush() || len(out) > MaxSteps {
		return nil, false
	}
	return out, true
}

// told writes a told condition in the canonical words, and leaves a move
// as it is.
func told(words []string) string {
	switch {
	case len(words) == 2 && word(words[0]) == "no" && word(words[1]) == Capture:
		return NoCapture
	case len(words) >= 1 && word(words[0]) != "" && word(words[0]) != "no":
		return strings.TrimSpace(word(words[0]) + " " + strings.ToLower(strings.Join(words[1:], " ")))
	}
	return strings.Join(words, " ")
}

// IsTold reports whether a condition is one of what a seat is told (not a
// move).
func IsTold(when string) bool {
	w, _, _ := strings.Cut(when, " ")
	return when == NoCapture || w == Capture || w == Check || w == Seen
}

// Valid reports whether a told condition is well formed for variant v:
// capture with a square or none, check and no capture alone, seen with a
// square where a seat sees enemy men (dark chess).
func Valid(when string, v *referee.Variant) bool {
	w, sq, _ := strings.Cut(when, " ")
	square := func(s string) bool { _, ok := cell(s); return ok }
	switch {
	case when == NoCapture, when == Check:
		return true
	case w == Capture:
		return sq == "" || square(sq)
	case w == Seen:
		return square(sq) && v.Sight
	}
	return false
}

// Holds reports whether a told condition holds for seat s: said is what s
// was told of its opponent's turn, v its view after it.
func Holds(when string, s referee.Seat, said []referee.Announcement, v referee.View) bool {
	w, sq, _ := strings.Cut(when, " ")
	captured := func(square string) bool {
		for _, a := range referee.For(said, s) {
			switch a.Code {
			case "capture", "en-passant", "vanished":
				if square == "" || strings.EqualFold(a.Str("square"), square) {
					return true
				}
			}
		}
		return false
	}
	switch {
	case when == NoCapture:
		return !captured("")
	case when == Check:
		for _, a := range referee.For(said, s) {
			if a.Code == "check" {
				return true
			}
		}
		return false
	case w == Capture:
		return captured(sq)
	case w == Seen:
		return enemyOn(v, s, sq)
	}
	return false
}

// enemyOn reports whether v, seat s's view of an 8×8 board, shows a man of
// the other side on square sq: a letter of the other case (White's men
// are capitals).
func enemyOn(v referee.View, s referee.Seat, sq string) bool {
	i, ok := cell(sq)
	if !ok || v.Geometry != "8x8" || i >= len(v.Cells) {
		return false
	}
	c := v.Cells[i]
	white, black := c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z'
	if s == referee.TwoSeats[0] {
		return black
	}
	return white
}

// cell is the index of an 8×8 square ("e5") in a view's cells.
func cell(sq string) (int, bool) {
	if len(sq) != 2 || sq[0] < 'a' || sq[0] > 'h' || sq[1] < '1' || sq[1] > '8' {
		return 0, false
	}
	return int(sq[1]-'1')*8 + int(sq[0]-'a'), true
}

// Met reports whether condition when of seat s holds now that its
// opponent mover's turn, the entries of log from turn on, passed the turn
// to s: a move the mover played there (tried, in the writer's notation,
// from the position before each of its moves), or what s was told of
// that turn and sees after it.
func Met(v *referee.Variant, o referee.Options, log []referee.Action, turn int, s, mover referee.Seat, when, notation string) (bool, error) {
	before, err := referee.Replay(v, o, log[:turn])
	if err != nil {
		return false, err
	}
	var said []referee.Announcement
	for i, a := range log[turn:] {
		if a.Seat != mover || IsTold(when) {
			said = append(said, before.Play(a).Said...)
			continue
		}
		at, err := referee.Replay(v, o, log[:turn+i])
		if err != nil {
			return false, err
		}
		tried := at.Play(referee.Action{Seat: mover, Text: when, Notation: notation})
		played := before.Play(a)
		if tried.Verdict == referee.Accepted && tried.Move != "" && tried.Move == played.Move {
			return true, nil
		}
	}
	return IsTold(when) && Holds(when, s, said, before.View(s)), nil
}

// Read reads the words after `if` for a game of variant v: a line whose
// every condition is of the kind the variant lets a seat know, moves
// where it sees its opponent's, what it is told (or sees) where it does
// not. why is "" for a line to keep, else the catalog id that says why
// not and what to write instead: the variant's usage (Usage) for words
// that are no such line, or in a variant of more than two seats;
// "err.if-check" for a check where nobody is told of one (dark chess).
func Read(cat *texts.Catalog, v *referee.Variant, words []string) (line []store.If, why string) {
	line, ok := Parse(cat, words)
	for _, st := range line {
		if st.When == Check && v.HiddenMoves && v.NoCheck {
			return nil, "err.if-check"
		}
		ok = ok && IsTold(st.When) == v.HiddenMoves && (!v.HiddenMoves || Valid(st.When, v))
	}
	if !ok || len(v.Seats) != 2 {
		return nil, Usage(v)
	}
	return line, ""
}

// Usage is the catalog id of how to write a condition in variant v: on
// the opponent's move where it is seen ("usage.if"), on what a seat is
// told where it is not (Kriegspiel, "usage.if.told"), and on what it sees
// or is told where it sees some of the board (dark chess,
// "usage.if.sight").
func Usage(v *referee.Variant) string {
	switch {
	case !v.HiddenMoves:
		return "usage.if"
	case v.Sight:
		return "usage.if.sight"
	}
	return "usage.if.told"
}

// Playable is the catalog id of why a line written now, by the seat whose
// view is v, could never be played, or "": where an answer on the board of
// chess is no move in any notation ("if e5 then hello": "err.if-then"),
// where an answer lists a draw, a resignation or a decline beside other
// items, or any? after another (the referee plays neither: "err.if-list"),
// where the seat's next turn must begin with a secret choice that no
// answer makes (progressive chess's growing pawn, owed when none grows:
// "err.if-grow"), or, for a line of two steps, the turn after it will
// (its growing pawn becomes its piece with the next move:
// "err.if-grow-next").
func Playable(v referee.View, line []store.If) string {
	if v.Geometry == "8x8" && slices.ContainsFunc(line, func(st store.If) bool { return !movesRead(st) }) {
		return "err.if-then"
	}
	if slices.ContainsFunc(line, func(st store.If) bool { return !referee.ReadLine(st.Then).Listable() }) {
		return "err.if-list"
	}
	if len(v.Grow) > 0 {
		return "err.if-grow"
	}
	for _, s := range v.Secrets {
		if s.Seat == v.Seat && s.Kind == "growing" && s.Left <= 1 && len(line) > 1 {
			return "err.if-grow-next"
		}
	}
	return ""
}

// movesRead reports whether every move of a step's answer reads as a move
// in some notation the umpire reads (the letters of any of its languages);
// the position it will meet is not known yet, so only the form is.
func movesRead(st store.If) bool {
	for _, it := range referee.ReadLine(st.Then).Items {
		if it.Kind == referee.ItemMove && !slices.ContainsFunc(texts.Languages, func(lang string) bool {
			_, err := referee.ParseMove(it.Text, lang)
			return err == nil
		}) {
			return false
		}
	}
	return true
}
