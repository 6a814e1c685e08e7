package referee

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"umpire/referee/board"
)

// Move text (kriegspiel.md §6, dark.md §6.4) is read in two steps. ParseMove
// turns the text into Readings, one for every way any notation can read it,
// without looking at a board: coordinates (e2e4), castling (O-O) and SAN in
// English, Russian and Esperanto at once. Expand then turns readings into
// concrete Tries for one seat, using only that seat's own men, exactly as
// the seat itself could. The caller judges the tries (rules I1–I6, or the
// pseudo-legal list in dark chess): one survivor is ruled, several are
// refused with their coordinates, none is an impossible try.
//
// Latin piece letters are read in the seat's notation language
// (kriegspiel.md §6.2), given with each Action: a Latin K is the king in
// English and the bishop (kuriero) in Esperanto, a Latin R the rook in
// English and the king (reĝo) in Esperanto, so no letter has two readings
// for one seat. Letters that only one language has (T, Ĉ, Q, B, N) read the
// same in both, and Cyrillic letters are always Russian. D and Д read as
// the queen and also as korona's dame (board.Dame); in orthodox chess no
// man is a dame, so that reading yields no try.

// The notation languages of Action.Notation. An empty one reads a Latin K
// and R in both languages at once, as logs written before the language was
// kept were ruled; the bot and `umpire referee` always name one.
const (
	NotationEnglish   = "en"
	NotationEsperanto = "eo"
	// NotationRussian reads a Russian reader's Latin look-alikes of its
	// Cyrillic letters as a Russian reader does (printed.go): K the knight
	// К (and the king, as in English: the board decides), Kp the king Кр,
	// C the bishop С; English's N, B, R and Q as in English.
	NotationRussian = "ru"
)

// ValidNotation reports whether s names a notation language.
func ValidNotation(s string) bool {
	return s == NotationEnglish || s == NotationEsperanto || s == NotationRussian
}

// NotationOf is the notation a reader of language lang writes its moves
// in: its own where it has one (the notation names are the languages'
// codes), English for every other (kriegspiel.md §6.2).
func NotationOf(lang string) string {
	if ValidNotation(lang) {
		return lang
	}
	return NotationEnglish
}

// ErrUnreadable is returned by ParseMove when no notation reads the text.
// Its message is safe to show to the player who wrote it.
var ErrUnreadable = errors.New("no notation reads this move")

// Reading is one way to read a move text.
type Reading struct {
	Piece    board.Kind // SAN: the kind named (board.Pawn when no letter or a pawn letter); board.NoKind for coordinates and castling
	From     board.Cell // coordinates: the from cell; board.NoCell otherwise
	FromFile int        // SAN disambiguation file 0-7, -1 when absent
	FromRank int        // SAN disambiguation rank 0-7, -1 when absent
	To       board.Cell // board.NoCell for O-O / O-O-O
	Promo    board.Kind // the promotion letter as written, board.NoKind when none (may be King or Pawn: the caller judges, rule I5)
	Castle   int        // 0 none, 1 short (O-O, 0-0), 2 long (O-O-O, 0-0-0)

	// Capture is set when SAN writes a capture mark (x, :, Cyrillic х, ×).
	// It never requires a man on the target; for a pawn it chooses the
	// diagonal step over the forward one. Coordinates ignore the mark.
	Capture bool
}

// blankReading is a reading with nothing read yet.
func blankReading() Reading {
	return Reading{From: board.NoCell, To: board.NoCell, FromFile: -1, FromRank: -1}
}

// String writes a reading in one fixed form that ParseMove reads back:
// "O-O", coordinates with a dash ("e7-e8=Q"), SAN always with the board
// letter of the piece ("Pexd5", "Ng1f3", "De4" for a dame).
func (r Reading) String() string {
	switch {
	case r.Castle == 1:
		return "O-O"
	case r.Castle == 2:
		return "O-O-O"
	case r.From != board.NoCell:
		return notationCell(r.From) + "-" + notationCell(r.To) + promoText(r.Promo)
	}
	s := string(r.Piece.Letter()) + disambiguationText(r.FromFile, r.FromRank)
	if r.Capture {
		s += "x"
	}
	return s + notationCell(r.To) + promoText(r.Promo)
}

func notationCell(c board.Cell) string { return board.Standard.CellName(c) }

func disambiguationText(file, rank int) string {
	s := ""
	if file >= 0 {
		s += string(rune('a' + file))
	}
	if rank >= 0 {
		s += string(rune('1' + rank))
	}
	return s
}

func promoText(k board.Kind) string {
	if k == board.NoKind {
		return ""
	}
	return "=" + string(k.Letter())
}

// ParseMove reads a move text on the 8x8 board into every reading any
// notation gives (coordinates; SAN with Russian letters and Latin letters
// in the notation language lang, kriegspiel.md §6.2), deduplicated, in the
// order castling, coordinates, SAN. Surrounding white space and trailing
// + # ! ? marks are ignored. It returns ErrUnreadable when no notation reads
// the text. It never panics.
func ParseMove(text, lang string) ([]Reading, error) {
	s := strings.TrimRightFunc(strings.TrimSpace(text), isMoveTrailer)
	var out []Reading
	for _, form := range printedForms(s, lang) {
		for _, rs := range [][]Reading{readCastling(form), readCoordinates(form, lang), readSAN(form, lang)} {
			for _, r := range rs {
				if !slices.Contains(out, r) {
					out = append(out, r)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, ErrUnreadable
	}
	return out, nil
}

// isMoveTrailer reports the annotation marks and spaces a move may end with.
func isMoveTrailer(r rune) bool { return strings.ContainsRune("+#!?", r) || unicode.IsSpace(r) }

// readCastling reads O-O and O-O-O, written with O, o or 0, or with the
// Cyrillic О of the seeds (kriegspiel.md §6.6).
func readCastling(s string) []Reading {
	parts := strings.Split(s, "-")
	if len(parts) < 2 || len(parts) > 3 {
		return nil
	}
	for _, p := range parts {
		if p != "O" && p != "o" && p != "0" && p != "О" && p != "о" {
			return nil
		}
	}
	r := blankReading()
	r.Castle = len(parts) - 1
	return []Reading{r}
}

// readCoordinates reads from and to squares in either case, with an
// optional separator between them and an optional promotion letter.
func readCoordinates(s, lang string) []Reading {
	from, s, ok := readSquare(s, true)
	if !ok {
		return nil
	}
	if r, n := utf8.DecodeRuneInString(s); n > 0 && (r == '-' || r == 'X' || r == 'Х' || isCaptureMark(r)) {
		s = s[n:]
	}
	to, s, ok := readSquare(s, true)
	if !ok {
		return nil
	}
	r := blankReading()
	r.From, r.To = from, to
	return withPromotions(r, s, lang)
}

// withPromotions completes a reading with the rest of the text: nothing,
// or a promotion letter read in the notation language lang, in any case,
// after an optional "=". A letter with two meanings (Д: the queen or the
// dame) gives two readings.
func withPromotions(r Reading, rest, lang string) []Reading {
	if rest == "" {
		return []Reading{r}
	}
	var out []Reading
	for _, k := range promotionKinds(strings.TrimPrefix(rest, "="), lang) {
		r.Promo = k
		out = append(out, r)
	}
	return out
}

// readSquare reads a square name at the start of s: a file a–h (also Cyrillic
// а, с, е; also A–H when anyCase) and a rank 1–8.
func readSquare(s string, anyCase bool) (board.Cell, string, bool) {
	f, n := utf8.DecodeRuneInString(s)
	file := squareFile(f, anyCase)
	if file < 0 || len(s) <= n || s[n] < '1' || s[n] > '8' {
		return board.NoCell, s, false
	}
	return board.Sq(file, int(s[n]-'1')), s[n+1:], true
}

// squareFile returns the file (0–7) a letter names, or -1.
func squareFile(r rune, anyCase bool) int {
	switch {
	case r >= 'a' && r <= 'h':
		return int(r - 'a')
	case anyCase && r >= 'A' && r <= 'H':
		return int(r - 'A')
	case r == 'а': // Cyrillic look-alikes of a, c and e
		return 0
	case r == 'с':
		return 2
	case r == 'е':
		return 4
	}
	return -1
}

// isCaptureMark reports the marks SAN uses for a capture: x, :, the
// Cyrillic х and the multiplication sign.
func isCaptureMark(r rune) bool { return r == 'x' || r == ':' || r == 'х' || r == '×' }

// readSAN reads standard algebraic notation. A piece letter (possibly
// followed by spaces) names one or two kinds in the notation language lang;
// without one the move is a pawn's.
func readSAN(s, lang string) []Reading {
	kinds, rest := pieceLetter(s, lang)
	if kinds == nil {
		if _, after, ok := readSquare(s, false); ok {
			if _, _, ok := readSquare(after, false); ok {
				return nil // two squares: coordinates, never a pawn's SAN (readSANBody)
			}
		}
		return readSANBody(board.Pawn, s, false, lang)
	}
	rest = strings.TrimLeft(rest, " ")
	var out []Reading
	for _, k := range kinds {
		out = append(out, readSANBody(k, rest, true, lang)...)
	}
	return out
}

// readSANBody reads what follows the piece letter: an optional
// disambiguation, an optional capture mark, the target square and an
// optional promotion. Without a letter (a pawn) only a file may
// disambiguate: "e2e4" is coordinates, not SAN.
func readSANBody(k board.Kind, s string, lettered bool, lang string) []Reading {
	var out []Reading
	for _, d := range sanOrigins(s, lettered) {
		rest, capture := sanSeparator(d.rest, d.file >= 0 && d.rank >= 0)
		to, rest, ok := readSquare(rest, false)
		if !ok {
			continue
		}
		r := blankReading()
		r.Piece, r.FromFile, r.FromRank, r.To, r.Capture = k, d.file, d.rank, to, capture
		out = append(out, withPromotions(r, rest, lang)...)
	}
	return out
}

// A sanOrigin is one way to read a SAN disambiguation: file and rank (-1 when
// absent) and the text after it.
type sanOrigin struct {
	file, rank int
	rest       string
}

// sanOrigins lists every way the start of s can disambiguate: not at
// all, by file, and (with a piece letter) by rank or by both.
func sanOrigins(s string, lettered bool) []sanOrigin {
	out := []sanOrigin{{-1, -1, s}}
	f, n := utf8.DecodeRuneInString(s)
	file := squareFile(f, false)
	if file >= 0 {
		out = append(out, sanOrigin{file, -1, s[n:]})
	}
	if !lettered {
		return out
	}
	if len(s) > 0 && s[0] >= '1' && s[0] <= '8' {
		out = append(out, sanOrigin{-1, int(s[0] - '1'), s[1:]})
	}
	if c, rest, ok := readSquare(s, false); ok {
		out = append(out, sanOrigin{board.FileOf(c), board.RankOf(c), rest})
	}
	return out
}

// sanSeparator skips what may stand between the disambiguation and the
// target: a capture mark and spaces after it, or, after a whole from
// square, a dash. It reports whether a capture mark was seen.
func sanSeparator(s string, wholeSquare bool) (string, bool) {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case n > 0 && isCaptureMark(r):
		return strings.TrimLeft(s[n:], " "), true
	case wholeSquare && r == '-':
		return s[n:], false
	}
	return s, false
}

// A manLetter is one way to write a man in one or more languages, and the
// kinds it names; lang, when set, is the only notation language that reads
// it so.
type manLetter struct {
	text  string
	kinds []board.Kind
	lang  string
}

// manLetters are the piece letters of kriegspiel.md §6.2, all languages in
// one list. Piece letters are matched exactly (upper case, Cyrillic never
// standing for Latin); promotion letters ignore case.
var manLetters = []manLetter{
	{"K", []board.Kind{board.King}, NotationEnglish},
	{"K", []board.Kind{board.King, board.Knight}, NotationRussian}, // English K, or a Latin К
	{"Kp", []board.Kind{board.King}, NotationRussian},              // a Latin Кр
	{"Кp", []board.Kind{board.King}, ""},                           // Кр with a Latin р
	{"Kр", []board.Kind{board.King}, ""},                           // Кр with a Latin К
	{"C", []board.Kind{board.Bishop}, NotationRussian},             // a Latin С
	{"K", []board.Kind{board.Bishop}, NotationEsperanto},           // kuriero
	{"Q", []board.Kind{board.Queen}, ""},
	{"R", []board.Kind{board.Rook}, NotationEnglish},
	{"R", []board.Kind{board.Rook}, NotationRussian},
	{"R", []board.Kind{board.King}, NotationEsperanto}, // reĝo
	{"B", []board.Kind{board.Bishop}, ""},
	{"N", []board.Kind{board.Knight}, ""},
	{"P", []board.Kind{board.Pawn}, ""},
	{"D", []board.Kind{board.Queen, board.Dame}, ""}, // Esperanto damo, korona's dame
	{"T", []board.Kind{board.Rook}, ""},
	{"Ĉ", []board.Kind{board.Knight}, ""},
	{"C\u0302", []board.Kind{board.Knight}, ""}, // Ĉ as C and a combining circumflex
	{"Cx", []board.Kind{board.Knight}, ""},      // Ĉ in the x-system
	{"Ch", []board.Kind{board.Knight}, ""},      // Ĉ in the h-system (Chf3)
	{"p", []board.Kind{board.Pawn}, ""},
	{"Кр", []board.Kind{board.King}, ""},
	{"К", []board.Kind{board.Knight}, ""},
	{"Кн", []board.Kind{board.Knight}, ""},
	{"Ф", []board.Kind{board.Queen}, ""},
	{"Д", []board.Kind{board.Queen, board.Dame}, ""}, // queen, korona's dame
	{"Л", []board.Kind{board.Rook}, ""},
	{"С", []board.Kind{board.Bishop}, ""},
	{"п", []board.Kind{board.Pawn}, ""},
}

// readsIn reports whether the notation language lang reads a letter: a
// letter of every language always, one of a language's own in that
// language, and any English or Esperanto letter when lang is empty (both
// readings, as old logs, which never had the Russian look-alikes).
func (l manLetter) readsIn(lang string) bool {
	return l.lang == "" || lang == "" && l.lang != NotationRussian || l.lang == lang
}

// pieceLetter finds the longest piece letter at the start of s (Кр, not
// К) and returns the kinds it names in lang and the text after it; nil when
// there is none.
func pieceLetter(s, lang string) ([]board.Kind, string) {
	if s == "" {
		return nil, s
	}
	var kinds []board.Kind
	n := 0
	for _, l := range lettersByFirst[s[0]] {
		if !strings.HasPrefix(s, l.text) || !l.readsIn(lang) || len(l.text) < n {
			continue
		}
		if len(l.text) > n {
			kinds, n = nil, len(l.text)
		}
		kinds = append(kinds, l.kinds...)
	}
	if n == 0 {
		return nil, s
	}
	return kinds, s[n:]
}

// lettersByFirst are manLetters by the first byte of their text, in the
// order of manLetters: a move's first byte finds the few letters it may
// begin with (every try of a long log is read again at a replay).
var lettersByFirst = func() (out [256][]manLetter) {
	for _, l := range manLetters {
		out[l.text[0]] = append(out[l.text[0]], l)
	}
	return out
}()

// promotionKinds returns the kinds a promotion letter names in lang, in
// any case; none when s is not exactly one letter.
func promotionKinds(s, lang string) []board.Kind {
	var out []board.Kind
	for _, l := range manLetters {
		if !strings.EqualFold(l.text, s) || !l.readsIn(lang) {
			continue
		}
		for _, k := range l.kinds {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// Try is a concrete candidate move: from, to, promotion kind (NoKind if
// none written), castle (0/1/2; for castle From/To are the monarch's cells).
type Try struct {
	From, To board.Cell
	Promo    board.Kind
	Castle   int
}

// Coord writes a try in coordinates ("e2e4", "e7e8q"); castling also as the
// monarch's move ("e1g1").
func (t Try) Coord() string {
	return board.Move{From: t.From, To: t.To, Promo: t.Promo}.Coord(board.Standard)
}

// Expand turns readings into concrete tries for army us on the 8x8
// position p, using only the men of us: other armies' men are ignored as
// if unseen, so the result depends on nothing the seat cannot see.
//
// A coordinate reading gives one try. A SAN reading gives one try for each
// man of us of that kind that matches the disambiguation and reaches the
// target by its move pattern with no man of us on the way; the target
// itself may hold anything (the caller judges I2). A pawn steps forward
// (one or, from its start, two squares) unless the reading has a capture
// mark or a from-file other than the target's; then it steps diagonally.
// A castling reading gives one try for each castling of us in
// p.Rules.Castlings of that length, from Monarch to MonarchTo, whatever the
// rights. Tries are sorted by from cell, to cell, promotion and castle,
// without duplicates. Expand does not modify p.
func Expand(p *board.Position, us board.Army, rs []Reading) []Try {
	var out []Try
	for _, r := range rs {
		out = expandReading(out, p, us, r)
	}
	slices.SortFunc(out, compareTries)
	return slices.Compact(out)
}

// expandReading appends the tries of one reading.
func expandReading(out []Try, p *board.Position, us board.Army, r Reading) []Try {
	switch {
	case r.Castle != 0:
		return castlingTries(out, p, us, r.Castle == 2)
	case r.From != board.NoCell:
		return append(out, Try{From: r.From, To: r.To, Promo: r.Promo})
	case !cellOnBoard(p, r.To):
		return out
	}
	for c := range p.Geo.Len() {
		if from := board.Cell(c); sanFits(p, us, from, r) {
			out = append(out, Try{From: from, To: r.To, Promo: r.Promo})
		}
	}
	return out
}

// castlingTries appends the monarch's move of every castling of us that
// is long or short as asked.
func castlingTries(out []Try, p *board.Position, us board.Army, long bool) []Try {
	castle := 1
	if long {
		castle = 2
	}
	for _, c := range p.Rules.Castlings {
		if c.Army == us && c.Long == long {
			out = append(out, Try{From: c.Monarch, To: c.MonarchTo, Castle: castle})
		}
	}
	return out
}

func compareTries(a, b Try) int {
	return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To),
		cmp.Compare(a.Promo, b.Promo), cmp.Compare(a.Castle, b.Castle))
}

func cellOnBoard(p *board.Position, c board.Cell) bool { return c >= 0 && int(c) < p.Geo.Len() }

// sanFits reports whether the man on from is a man of us of the reading's
// kind, on the file and rank it names, and reaches its target.
func sanFits(p *board.Position, us board.Army, from board.Cell, r Reading) bool {
	m := p.At(from)
	switch {
	case m.Empty() || m.Army() != us || m.Kind() != r.Piece:
		return false
	case r.FromFile >= 0 && board.FileOf(from) != r.FromFile:
		return false
	case r.FromRank >= 0 && board.RankOf(from) != r.FromRank:
		return false
	case r.Piece == board.Pawn:
		return pawnReaches(p, us, from, r)
	}
	return sanReaches(p, us, from, r.To)
}

// sanReaches reports whether the man on from reaches to by its move pattern
// with no man of us on the way.
func sanReaches(p *board.Position, us board.Army, from, to board.Cell) bool {
	k, g := p.At(from).Kind(), p.Geo
	return k.Slides(true) && slidesUnblocked(p, us, g.Orth[from], to) ||
		k.Slides(false) && slidesUnblocked(p, us, g.Diag[from], to) ||
		k.Steps() && slices.Contains(g.King[from], to) ||
		k.Leaps() && slices.Contains(g.Knight[from], to)
}

// slidesUnblocked follows the rays up to the first man of us and reports whether
// one of them reaches to. Other armies' men do not stop it: the seat
// cannot know they are there.
func slidesUnblocked(p *board.Position, us board.Army, rays []board.Ray, to board.Cell) bool {
	for _, ray := range rays {
		for _, at := range ray {
			if at == to {
				return true
			}
			if m := p.At(at); !m.Empty() && m.Army() == us {
				break
			}
		}
	}
	return false
}

// pawnReaches reports whether the pawn of us on from reaches the target
// of r: diagonally when r marks a capture or names another file, else by
// a step or, with the cell between free of men of us, a double step.
func pawnReaches(p *board.Position, us board.Army, from board.Cell, r Reading) bool {
	g := p.Geo
	if int(us) >= board.MaxArmies || int(from) >= len(g.PawnPush[us]) {
		return false
	}
	if r.Capture || r.FromFile >= 0 && r.FromFile != board.FileOf(r.To) {
		return slices.Contains(g.PawnCapture[us][from], r.To)
	}
	step := g.PawnPush[us][from]
	if step == board.NoCell {
		return false
	}
	double := g.PawnDouble[us][from]
	return step == r.To || double == r.To && (p.At(step).Empty() || p.At(step).Army() != us)
}

// readFileCapture reads the seeds' pawn capture by files (kriegspiel.md
// §6.6): `gf`, `g:f` or `gxf`, a pawn of the g-file taking on the f-file
// (in triad, across the centre, `dd` too). It returns the two files (0–7).
func readFileCapture(text string) (from, to int, ok bool) {
	s := []rune(strings.TrimRightFunc(strings.TrimSpace(text), isMoveTrailer))
	if len(s) == 3 && isCaptureMark(s[1]) {
		s = []rune{s[0], s[2]}
	}
	if len(s) != 2 {
		return 0, 0, false
	}
	from, to = squareFile(s[0], false), squareFile(s[1], false)
	if from < 0 || to < 0 {
		return 0, 0, false
	}
	return from, to, true
}

// fileCaptureTries are the tries a capture by files names for army us on
// the 8×8 position p: each pawn of us on the from file, stepping
// diagonally onto the to file. Only a variant whose seats see the whole
// board may read it: the caller matches the tries against the legal moves,
// and one legal capture is the move. Resolving it where a seat sees only
// its own men would use the hidden board.
func fileCaptureTries(p *board.Position, us board.Army, from, to int) []Try {
	var out []Try
	for c := range p.Geo.Len() {
		at := board.Cell(c)
		if p.At(at) != board.NewMan(us, board.Pawn) || board.FileOf(at) != from {
			continue
		}
		for _, target := range p.Geo.PawnCapture[us][at] {
			if board.FileOf(target) == to {
				out = append(out, Try{From: at, To: target})
			}
		}
	}
	return out
}

// fullViewTries reads a move text for a variant whose seats see the whole
// board: coordinates, castling and SAN as ParseMove reads them, or else a
// pawn capture by files. It returns ErrUnreadable when neither reads.
func fullViewTries(p *board.Position, us board.Army, rs []Reading, err error, text string) ([]Try, error) {
	if err == nil {
		return Expand(p, us, rs), nil
	}
	if from, to, ok := readFileCapture(text); ok {
		return fileCaptureTries(p, us, from, to), nil
	}
	return nil, err
}
