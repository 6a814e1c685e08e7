package referee

import (
	"strings"

	"umpire/referee/board"
)

// Written is a move in standard algebraic notation, kept in its parts so
// that every reader gets it in the letters of its own language (In), and
// the score sheet of a PGN in English (String). SAN and a View's score
// sheet both make it; no other code writes SAN.
type Written struct {
	Piece   board.Kind // the man moved; board.Pawn for a pawn; NoKind for castling or Raw
	From    string     // the part of its cell the move must name: a file, a rank, a whole cell, or ""
	Capture bool
	To      string     // the cell it goes to
	Promo   board.Kind // the man a pawn becomes, NoKind when none
	Castle  int        // 1 short, 2 long; 0 when not a castling
	Monarch board.Kind // the monarch that castles where two may (korona); NoKind else
	Mark    string     // "+" for check, "#" for mate, where the variant has check
	Raw     string     // a move no SAN names, as played: korona2's stones ("S@c3"), coordinates
	// Stones marks a placement of korona2's stones (Raw names it): no move
	// of a man, which its "stones" announcement says in words.
	Stones bool
}

// IsZero reports whether w names no move.
func (w Written) IsZero() bool { return w == Written{} }

// String is w in English letters, as a PGN writes it: castling without
// its monarch, which PGN readers do not take.
func (w Written) String() string {
	w.Monarch = board.NoKind
	return w.In("en")
}

// In writes w in the piece letters of the reader's language lang
// (kriegspiel.md §6.2, korona.md §1): English K Q R B N, Russian Кр Ф Л С К
// with the period's colon for a capture (С:g8, e:d5) and castling with
// noughts (0-0), Esperanto R D T K Ĉ. The variants' men (the dame, the
// generalissimo, …) take their own letters. Every form is one ParseMove
// reads back in that language.
func (w Written) In(lang string) string {
	if w.Raw != "" {
		return w.Raw
	}
	l := lettersOf(lang)
	var b strings.Builder
	switch {
	case w.Castle != 0 && w.Monarch != board.NoKind && l.monarchFirst:
		b.WriteString(l.man(w.Monarch) + " " + l.castle[w.Castle-1])
	case w.Castle != 0 && w.Monarch != board.NoKind:
		b.WriteString(l.castle[w.Castle-1] + " (" + l.man(w.Monarch) + ")")
	case w.Castle != 0:
		b.WriteString(l.castle[w.Castle-1])
	case w.Piece == board.Pawn:
		b.WriteString(w.From)
	default:
		b.WriteString(l.man(w.Piece) + w.From)
	}
	if w.Capture {
		b.WriteString(l.capture)
	}
	b.WriteString(w.To)
	if w.Promo != board.NoKind {
		b.WriteString("=" + l.man(w.Promo))
	}
	return b.String() + w.Mark
}

// letters is how one language writes men, captures and castling: the
// castling monarch, where two may castle, in brackets after it ("O-O (D)")
// or, in Esperanto, before it ("D O-O"), as korona.md 3.6 writes it.
type letters struct {
	men          map[board.Kind]string // a kind missing here takes its board letter
	capture      string
	castle       [2]string
	monarchFirst bool
}

// man is the letter of kind k.
func (l letters) man(k board.Kind) string {
	if s, ok := l.men[k]; ok {
		return s
	}
	return string(k.Letter())
}

var (
	englishLetters = letters{capture: "x", castle: [2]string{"O-O", "O-O-O"}}
	// Russian: Ф is the queen and, in the korona family that has no
	// queen, the generalissimo (korona.md §1); Д the dame.
	russianLetters = letters{
		men: map[board.Kind]string{board.King: "Кр", board.Queen: "Ф", board.Rook: "Л", board.Bishop: "С",
			board.Knight: "К", board.Dame: "Д", board.General: "Ф"},
		capture: ":", castle: [2]string{"0-0", "0-0-0"},
	}
	esperantoLetters = letters{
		men: map[board.Kind]string{board.King: "R", board.Queen: "D", board.Rook: "T", board.Bishop: "K",
			board.Knight: "Ĉ"},
		capture: "x", castle: [2]string{"O-O", "O-O-O"}, monarchFirst: true,
	}
)

// lettersOf picks a language's letters; English for any language it does
// not know.
func lettersOf(lang string) letters {
	switch lang {
	case "ru":
		return russianLetters
	case NotationEsperanto:
		return esperantoLetters
	}
	return englishLetters
}

// SecretIn writes a secret choice of progressive chess in the letters of
// lang: a growing pawn, sealed as "b2=N" or written "grow b2 N", becomes
// "b2=К" in Russian and "b2=Ĉ" in Esperanto. Anything else comes back as
// it is (a crown's holder is a word the catalogs name; stones keep their S
// and X). A seal is checked on the text as sealed, never on this one.
func SecretIn(text, lang string) string {
	sq, letter, ok := strings.Cut(text, "=")
	if f := strings.Fields(text); len(f) == 3 && strings.EqualFold(f[0], "grow") {
		sq, letter, ok = f[1], f[2], true
	}
	if !ok || len(sq) != 2 || len(letter) != 1 || sq[0] < 'a' || sq[0] > 'h' || sq[1] < '1' || sq[1] > '8' {
		return text
	}
	k := board.KindOf(letter[0])
	if k == board.NoKind || k == board.Pawn || k == board.King {
		return text
	}
	return sq + "=" + lettersOf(lang).man(k)
}

// SecretWritten is a seat's secret choice, as typed, in the letters of
// lang (SecretIn): a growing pawn is read in the notation it was typed
// in, so "grow a1 К" typed in Russian is "a1=Ĉ" to an Esperanto reader
// and "a1=N" to an English one. A growth whose letter names no man a pawn
// grows into in its notation (a king, "grow a7 R" typed in Esperanto) is
// its cell and letter as typed, "a7 R", with no verb of any language.
func SecretWritten(a Action, lang string) string {
	body, _, err := splitSalt(a.Text, "00") // the body alone: any salt will do
	f := strings.Fields(body)
	if err != nil || len(f) != 3 || !strings.EqualFold(f[0], "grow") {
		return SecretIn(a.Text, lang)
	}
	if _, kinds, ok := parseGrow(body, a.Notation); ok {
		for _, k := range kinds {
			if growTurns[k] > 0 {
				return strings.ToLower(f[1]) + "=" + lettersOf(lang).man(k)
			}
		}
	}
	return f[1] + " " + f[2]
}

// TypedIn writes a move typed in notation as a reader of lang writes
// it: "Nc6" typed in English is "Ĉc6" to an Esperanto reader and "Кc6"
// to a Russian one; an attempt list ("Kf1, Kd1") move by move. A move
// that reads more than one way (a Russian Latin K), coordinates, and text
// that is no move come back as typed: without the board, the letters are
// all there is to go on.
func TypedIn(text, notation, lang string) string {
	parts := strings.Split(text, ",")
	for i, p := range parts {
		if w, ok := typedMove(strings.TrimSpace(p), notation); ok {
			parts[i] = strings.Replace(p, strings.TrimSpace(p), w.In(lang), 1)
		}
	}
	return strings.Join(parts, ",")
}

// typedMove is the one move SAN text names, in its parts: ok is false for
// coordinates, text that reads as no move, or more than one.
func typedMove(text, notation string) (Written, bool) {
	rs, err := ParseMove(text, notation)
	if err != nil || len(rs) == 0 {
		return Written{}, false
	}
	var w Written
	for i, r := range rs {
		if r.Piece == board.NoKind && r.Castle == 0 { // coordinates
			return Written{}, false
		}
		x := Written{Piece: r.Piece, Capture: r.Capture, Promo: r.Promo, Castle: r.Castle}
		if r.FromFile >= 0 {
			x.From = string(rune('a' + r.FromFile))
		}
		if r.FromRank >= 0 {
			x.From += string(rune('1' + r.FromRank))
		}
		if r.To != board.NoCell {
			x.To = board.Standard.CellName(r.To)
		}
		if i > 0 && x != w {
			return Written{}, false
		}
		w = x
	}
	return w, true
}
