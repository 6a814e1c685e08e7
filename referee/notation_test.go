package referee

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"umpire/referee/board"
)

// parseMoveTable lists move texts and their readings, written as
// Reading.String writes them: "O-O", coordinates "e7-e8=Q", SAN with the
// board letter of the piece ("Pexd5"). Nil means ErrUnreadable.
var parseMoveTable = []struct {
	text string
	want []string
}{
	// Coordinates, kriegspiel.md §6.1.
	{"e2e4", []string{"e2-e4"}},
	{"E2E4", []string{"e2-e4"}},
	{"e2-e4", []string{"e2-e4"}},
	{"e4xd5", []string{"e4-d5"}},
	{"e4:d5", []string{"e4-d5"}},
	{"E4XD5", []string{"e4-d5"}},
	{"e7e8q", []string{"e7-e8=Q"}},
	{"e7-e8=Q", []string{"e7-e8=Q"}},
	{"e7e8Ф", []string{"e7-e8=Q"}},
	{"e7e8=D", []string{"e7-e8=Q", "e7-e8=D"}},
	{"e7e8=T", []string{"e7-e8=R"}},
	{"e7e8Cx", []string{"e7-e8=N"}},
	{"e7e8Ĉ", []string{"e7-e8=N"}},
	{"e7e8кн", []string{"e7-e8=N"}},
	{"e7e8k", []string{"e7-e8=K", "e7-e8=B"}},
	{"e7e8=p", []string{"e7-e8=P"}},
	{"e1g1", []string{"e1-g1"}},
	{"е2е4", []string{"e2-e4"}}, // Cyrillic е
	{"с2с4", []string{"c2-c4"}}, // Cyrillic с

	// Castling.
	{"O-O", []string{"O-O"}},
	{"O-O-O", []string{"O-O-O"}},
	{"0-0", []string{"O-O"}},
	{"0-0-0+", []string{"O-O-O"}},
	{"o-o", []string{"O-O"}},

	// English SAN.
	{"e4", []string{"Pe4"}},
	{"exd5", []string{"Pexd5"}},
	{"ed5", []string{"Ped5"}},
	{"xd5", []string{"Pxd5"}},
	{"e8=Q", []string{"Pe8=Q"}},
	{"exd8Q", []string{"Pexd8=Q"}},
	{"Pe4", []string{"Pe4"}},
	{"Nf3", []string{"Nf3"}},
	{"Nxf3", []string{"Nxf3"}},
	{"Nbd2", []string{"Nbd2"}},
	{"N1f3", []string{"N1f3"}},
	{"Ng1f3", []string{"Ng1f3"}},
	{"Ng1-f3", []string{"Ng1f3"}},
	{"bxc3", []string{"Pbxc3"}},
	{"Bxc3", []string{"Bxc3"}},
	{"Qh5+", []string{"Qh5"}},
	{"Qh5#", []string{"Qh5"}},
	{"Nf3!?", []string{"Nf3"}},
	{"  Nf3  ", []string{"Nf3"}},

	// Two readings of one Latin letter, kriegspiel.md §6.5.
	{"Ke2", []string{"Ke2", "Be2"}},
	{"Re2", []string{"Re2", "Ke2"}},
	{"Kxe2", []string{"Kxe2", "Bxe2"}},

	// Russian.
	{"Крe2", []string{"Ke2"}},
	{"Кре2", []string{"Ke2"}},
	{"Кf3", []string{"Nf3"}},
	{"Кнf3", []string{"Nf3"}},
	{"Фh5", []string{"Qh5"}},
	{"Дh5", []string{"Qh5", "Dh5"}},
	{"Лa8", []string{"Ra8"}},
	{"Сс4", []string{"Bc4"}},
	{"пe4", []string{"Pe4"}},
	{"eхd5", []string{"Pexd5"}}, // Cyrillic х
	{"e8=Ф", []string{"Pe8=Q"}},

	// Esperanto.
	{"T a8", []string{"Ra8"}},
	{"Da4", []string{"Qa4", "Da4"}},
	{"Ĉf3", []string{"Nf3"}},
	{"Cxf3", []string{"Nf3"}},
	{"Cx:f3", []string{"Nxf3"}},
	{"Cxxf3", []string{"Nxf3"}},
	{"Cx: f8", []string{"Nxf8"}},
	{"pe4", []string{"Pe4"}},
	{"Kc4", []string{"Kc4", "Bc4"}},

	// A text read by coordinates and by SAN.
	{"B1c3", []string{"b1-c3", "B1c3"}},

	// As books print moves (printed.go): a capital file, a space inside.
	{"NF3", []string{"Nf3"}},
	{"e2 e4", []string{"e2-e4"}},
	{"Л B1", []string{"Rb1"}},
	{"п : B4", []string{"Pxb4"}},

	// Unreadable.
	{"", nil},
	{"any?", nil},
	{"e9", nil},
	{"i2i4", nil},
	{"e2e4e", nil},
	{"e8=", nil},
	{"e8=X", nil},
	{"ke2", nil},
	{"Ke", nil},
	{"C f3", nil},
	{"Cхf3", nil}, // Cyrillic х does not make Ĉ
	{"O-O-O-O", nil},
	{"O-", nil},
	{"\xff", nil},
}

func TestParseMove(t *testing.T) {
	for _, tc := range parseMoveTable {
		t.Run(tc.text, func(t *testing.T) {
			rs, err := ParseMove(tc.text, "")
			if tc.want == nil {
				if !errors.Is(err, ErrUnreadable) {
					t.Errorf("ParseMove(%q) = %v, %v; want ErrUnreadable", tc.text, rs, err)
				}
				return
			}
			if got := readingStrings(rs); err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
			}
		})
	}
}

func readingStrings(rs []Reading) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.String())
	}
	return out
}

// TestParseMoveFields checks the fields behind a few readings, so that
// the String form used by the table cannot hide a mistake.
func TestParseMoveFields(t *testing.T) {
	e2, e4 := board.Sq(4, 1), board.Sq(4, 3)
	tests := []struct {
		text string
		want Reading
	}{
		{"e2e4", Reading{From: e2, To: e4, FromFile: -1, FromRank: -1}},
		{"Pe2e4", Reading{Piece: board.Pawn, From: board.NoCell, To: e4, FromFile: 4, FromRank: 1}},
		{"exd5", Reading{Piece: board.Pawn, From: board.NoCell, To: board.Sq(3, 4), FromFile: 4, FromRank: -1, Capture: true}},
		{"O-O-O", Reading{From: board.NoCell, To: board.NoCell, FromFile: -1, FromRank: -1, Castle: 2}},
		{"a8=N", Reading{Piece: board.Pawn, From: board.NoCell, To: board.Sq(0, 7), FromFile: -1, FromRank: -1, Promo: board.Knight}},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			if rs, err := ParseMove(tc.text, ""); err != nil || len(rs) != 1 || rs[0] != tc.want {
				t.Errorf("ParseMove(%q) = %+v, %v; want [%+v]", tc.text, rs, err, tc.want)
			}
		})
	}
}

// fenAfterE4 is the position after 1.e4, read by White (kriegspiel.md §6.5).
const fenAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"

// expandTable lists texts and the tries Expand makes of them, in
// coordinates.
var expandTable = []struct {
	name, fen string
	us        board.Army
	text      string
	want      []string
}{
	// kriegspiel.md §6.5.
	{"Ke2", fenAfterE4, 0, "Ke2", []string{"e1e2", "f1e2"}},
	{"Re2", fenAfterE4, 0, "Re2", []string{"e1e2"}},
	{"Кf3", fenAfterE4, 0, "Кf3", []string{"g1f3"}},
	{"exd5", fenAfterE4, 0, "exd5", []string{"e4d5"}},

	{"pawn step", board.StartFEN, 0, "e3", []string{"e2e3"}},
	{"pawn double step", board.StartFEN, 0, "e4", []string{"e2e4"}},
	{"pawn too far", board.StartFEN, 0, "e5", nil},
	{"black pawn", board.StartFEN, 1, "d5", []string{"d7d5"}},
	{"capture mark only", fenAfterE4, 0, "xd5", []string{"e4d5"}},
	{"coordinates as written", board.StartFEN, 0, "e3e5", []string{"e3e5"}},
	{"knight", board.StartFEN, 0, "Nf3", []string{"g1f3"}},
	{"blocked bishop", board.StartFEN, 0, "Bc4", nil},
	{"free bishop", fenAfterE4, 0, "Bc4", []string{"f1c4"}},
	{"queen", fenAfterE4, 0, "Qh5", []string{"d1h5"}},
	{"own man on target", board.StartFEN, 0, "Nd2", []string{"b1d2"}},
	{"two knights", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", 0, "Nd2", []string{"b1d2", "f3d2"}},
	{"file", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", 0, "Nbd2", []string{"b1d2"}},
	{"rank", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", 0, "N3d2", []string{"f3d2"}},
	{"enemy men unseen", "r3k3/8/8/p7/8/8/8/R3K3 w - - 0 1", 0, "Ra8", []string{"a1a8"}},
	{"enemy pawn unseen", "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", 0, "e4", []string{"e2e4"}},
	{"own pawn in the way", "4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1", 0, "e4", nil},
	{"promotion", "8/4P3/8/8/8/8/8/k6K w - - 0 1", 0, "e8=Q", []string{"e7e8q"}},
	{"promotion unnamed", "8/4P3/8/8/8/8/8/k6K w - - 0 1", 0, "e8", []string{"e7e8"}},
	{"promotion D", "8/4P3/8/8/8/8/8/k6K w - - 0 1", 0, "e8D", []string{"e7e8q", "e7e8d"}},
	{"short castling", board.StartFEN, 0, "O-O", []string{"e1g1"}},
	{"long castling", board.StartFEN, 1, "0-0-0", []string{"e8c8"}},
	{"castling without rights", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, "O-O", []string{"e1g1"}},
	{"no dame in chess", fenAfterE4, 0, "Дh5", []string{"d1h5"}},
	{"two readings, one man", fenAfterE4, 0, "Kc4", []string{"f1c4"}},
}

func TestExpand(t *testing.T) {
	for _, tc := range expandTable {
		t.Run(tc.name, func(t *testing.T) {
			p, err := board.ParseFEN(tc.fen, board.ChessRules)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := ParseMove(tc.text, "")
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tc.text, err)
			}
			if got := tryCoords(Expand(&p, tc.us, rs)); !slices.Equal(got, tc.want) {
				t.Errorf("Expand(%q) = %v; want %v", tc.text, got, tc.want)
			}
		})
	}
}

func tryCoords(ts []Try) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Coord())
	}
	return out
}

// TestExpandCastle checks that castling tries say which castling they are.
func TestExpandCastle(t *testing.T) {
	p, _ := board.ParseFEN(board.StartFEN, board.ChessRules)
	rs, _ := ParseMove("O-O-O", "")
	want := []Try{{From: board.Sq(4, 0), To: board.Sq(2, 0), Castle: 2}}
	if got := Expand(&p, 0, rs); !slices.Equal(got, want) {
		t.Errorf("Expand(O-O-O) = %v; want %v", got, want)
	}
}

// TestExpandIgnoresOthers states the property that makes Expand fair:
// changing the other army's men never changes a seat's tries.
func TestExpandIgnoresOthers(t *testing.T) {
	mine := "8/8/8/8/8/8/PPPP1PPP/RNBQKBNR w KQ - 0 1"
	theirs := []string{"8/8/8/8/8/8/8/8", "rnbqkbnr/pppppppp/8/8/8/8/8/8", "8/8/8/3p4/2n1p3/5b2/8/8"}
	base, _ := board.ParseFEN(mine, board.ChessRules)
	for _, text := range []string{"Ke2", "Bc4", "Qh5", "exd3", "e4", "Ra8", "O-O"} {
		rs, _ := ParseMove(text, "")
		want := tryCoords(Expand(&base, 0, rs))
		for _, th := range theirs {
			p := overlayBlack(t, base, th)
			if got := tryCoords(Expand(&p, 0, rs)); !slices.Equal(got, want) {
				t.Errorf("Expand(%q) with black %s = %v; want %v", text, th, got, want)
			}
		}
	}
}

// overlayBlack puts the black men of a placement onto the empty cells of p.
func overlayBlack(t *testing.T, p board.Position, placement string) board.Position {
	t.Helper()
	q, err := board.ParseFEN(placement+" b - - 0 1", board.ChessRules)
	if err != nil {
		t.Fatal(err)
	}
	for c := range 64 {
		if m := q.At(board.Cell(c)); !m.Empty() && p.At(board.Cell(c)).Empty() {
			p.Put(board.Cell(c), board.NewMan(1, m.Kind()))
		}
	}
	return p
}

func TestTryCoord(t *testing.T) {
	tests := []struct {
		try  Try
		want string
	}{
		{Try{From: board.Sq(4, 1), To: board.Sq(4, 3)}, "e2e4"},
		{Try{From: board.Sq(4, 6), To: board.Sq(4, 7), Promo: board.Queen}, "e7e8q"},
		{Try{From: board.Sq(4, 0), To: board.Sq(6, 0), Castle: 1}, "e1g1"},
	}
	for _, tc := range tests {
		if got := tc.try.Coord(); got != tc.want {
			t.Errorf("%+v.Coord() = %q; want %q", tc.try, got, tc.want)
		}
	}
}

// TestReadingRoundTrip checks that every reading of the table reads back
// from its own String.
func TestReadingRoundTrip(t *testing.T) {
	for _, tc := range parseMoveTable {
		rs, _ := ParseMove(tc.text, "")
		for _, r := range rs {
			back, err := ParseMove(r.String(), "")
			if err != nil || !slices.Contains(back, r) {
				t.Errorf("ParseMove(%q) = %v, %v; want it to hold %v (from %q)", r.String(), readingStrings(back), err, r, tc.text)
			}
		}
	}
}

func TestParseMoveMarksOnly(t *testing.T) {
	for _, text := range []string{"+", "#", "!?", strings.Repeat("!", 100)} {
		if _, err := ParseMove(text, ""); !errors.Is(err, ErrUnreadable) {
			t.Errorf("ParseMove(%q) = _, %v; want ErrUnreadable", text, err)
		}
	}
}

// BenchmarkParseMove reads a mix of coordinates, SAN in three languages and
// the seeds' period notation, in each notation language.
func BenchmarkParseMove(b *testing.B) {
	texts := []string{"e2e4", "Nf3", "Ke2", "exd5", "Крe2", "Cx:f3", "T cf1", "e7e8=Q", "О-О", "gf"}
	for _, lang := range []string{"", NotationEnglish, NotationEsperanto} {
		b.Run("lang="+lang, func(b *testing.B) {
			for b.Loop() {
				for _, s := range texts {
					ParseMove(s, lang)
				}
			}
		})
	}
}

// A growing pawn, typed in one language, is said in the letters of any
// reader's; one whose letter grows no man there is its cell and letter;
// other secrets come back as they are.
func TestSecretWritten(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, notation, lang, want string }{
		{"grow a1 К", "ru", "ru", "a1=К"},
		{"grow a1 К", "ru", "eo", "a1=Ĉ"},
		{"grow a1 К", "ru", "en", "a1=N"},
		{"grow B2 K", NotationEsperanto, "en", "b2=B"},
		{"grow b2 N salt=01", "", "ru", "b2=К"},
		{"grow a7 R", NotationEsperanto, "eo", "a7 R"}, // R is the king in Esperanto
		{"crown king", "", "ru", "crown king"},
		{"S@c3,X@e5", "", "eo", "S@c3,X@e5"},
	} {
		if got := SecretWritten(Action{Text: tc.text, Notation: tc.notation}, tc.lang); got != tc.want {
			t.Errorf("SecretWritten(%q in %q, %s) = %q; want %q", tc.text, tc.notation, tc.lang, got, tc.want)
		}
	}
}

// A typed move is said in the reader's letters where its letters name one
// move; anything else comes back as typed.
func TestTypedIn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, notation, lang, want string }{
		{"Nc6", NotationEsperanto, NotationEsperanto, "Ĉc6"},
		{"Nc6", NotationEnglish, NotationRussian, "Кc6"},
		{"Ĉxe5", NotationEsperanto, NotationEnglish, "Nxe5"},
		{"Kf1, Kd1", NotationEnglish, NotationEsperanto, "Rf1, Rd1"},
		{"O-O", NotationEnglish, NotationRussian, "0-0"},
		{"e2e4", NotationEnglish, NotationRussian, "e2e4"},
		{"dxe4", NotationEnglish, NotationRussian, "d:e4"},
		{"Nbd2", NotationEnglish, NotationEsperanto, "Ĉbd2"},
		{"hello", NotationEnglish, NotationRussian, "hello"},
	} {
		if got := TypedIn(tc.text, tc.notation, tc.lang); got != tc.want {
			t.Errorf("TypedIn(%q, %s, %s) = %q; want %q", tc.text, tc.notation, tc.lang, got, tc.want)
		}
	}
}
