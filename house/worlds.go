package house

import (
	"math/rand/v2"
	"slices"
	"strings"

	"umpire/referee"
	"umpire/referee/board"
)

// Worlds. From level 2 a Kriegspiel seat imagines where the enemy's men
// stand: a few whole positions (worlds), each of which could be the real
// one as far as the seat can tell. They are rebuilt from the score sheet
// at every choice, as a particle filter: every world starts from the first
// position; for each enemy move it plays one of the enemy's legal moves
// that explains what the seat heard of it (the capture and where, the
// checks on the seat, its pawn tries, and in the english rules its any?
// answered before it), drawn by the seed; for each try of
// the seat's own it asks whether the try is legal there and whether the
// umpire would have said what he said (referee.KriegWords, the umpire's
// own rules). A world that explains less than the best is replaced by a
// copy of a better one, which the next enemy move makes different again.
// The house then judges each try in all the worlds it is legal in
// (worlds.go's choice, below) rather than in one guess.

// world is one position the enemy's men could stand in, and how many of
// the seat's observations it failed to explain (fewer is likelier).
type world struct {
	pos  board.Position
	miss int
}

// imagined is a seat's set of worlds.
type imagined struct {
	words referee.KriegWords
	us    board.Army
	rng   *rand.Rand
	list  []world
	buf   []board.Move
	// slack is how many misses more than the best a world may carry and
	// still be kept at a resampling (resample).
	slack int
}

// slackFrom is how many worlds a seat must keep to afford slack: a few
// worlds keep only the best, or soon keep guesses; many keep the nearly
// as good too, so that one early guess is not inherited by every world
// (with none, all 96 worlds that level 3 then kept were found, late in a
// game, to carry the same misses and place an enemy knight on none of its
// cells).
const slackFrom = 32

// worldCount is how many worlds a level keeps, and judged how many of
// them it judges each try in. Level 3 keeps 192 and judges 128: against
// ks-simple in the english rules it scored 92.9% over 148 games
// (129/17/2) where it scored 89.9% with half as many (119/28/1, the same
// seeds); a choice takes about twice as long, still well inside its
// budget (README, Measuring the house).
func worldCount(l Level) (kept, judged int) {
	if l >= Level3 {
		return 192, 128
	}
	return 3, 2
}

// imagine replays v's sheet in n worlds; ok is false when the sheet cannot
// be read so (a game from a set-up position).
func imagine(v referee.View, rules *board.Rules, n int, seed uint64) ([]world, bool) {
	words, err := referee.KriegspielWords(v.Rules)
	if err != nil {
		return nil, false
	}
	start, err := board.ParseFEN(board.StartFEN, rules)
	if err != nil {
		return nil, false
	}
	im := &imagined{words: words, us: armyOf(v.Seat)}
	if n >= slackFrom {
		im.slack = 1
	}
	cuts, keys := sheetKeys(v.Sheet, v.Seat, startKey(v, n, seed))
	sheet, round := v.Sheet, 0
	if done, list, ok := remembered(cuts, keys); ok {
		im.list, sheet, round = list, v.Sheet[done:], done
	} else {
		for range n {
			im.list = append(im.list, world{pos: start})
		}
	}
	for len(sheet) > 0 {
		// A round is an enemy move and the seat's lines after it (or,
		// first, the seat's own lines before any): its coin is drawn
		// from the seed and where the round starts, so that a round
		// replays the same whether its worlds were remembered or not.
		im.rng = rand.New(rand.NewPCG(seed, uint64(round)))
		ours := 0 // the seat's own lines before the next enemy move
		for 1+ours < len(sheet) && sheet[1+ours].Seat == v.Seat {
			ours++
		}
		if sheet[0].Seat == v.Seat {
			ours = 0
			for ours < len(sheet) && sheet[ours].Seat == v.Seat {
				ours++
			}
			for i := range im.list {
				im.list[i].miss += im.replay(&im.list[i].pos, sheet[:ours])
			}
			sheet = sheet[ours:]
		} else {
			for i := range im.list {
				im.enemy(&im.list[i], sheet[0], sheet[1:1+ours])
			}
			sheet = sheet[1+ours:]
		}
		im.resample()
		round = len(v.Sheet) - len(sheet)
		if i := slices.Index(cuts, round); i >= 0 {
			remember(keys[i], im.list) // a whole round: the next choices start here
		}
	}
	var out []world
	for _, w := range im.list {
		if sameOwn(&w.pos, v, im.us) {
			out = append(out, w)
		}
	}
	if len(out) == 0 && len(v.Cells) == 64 {
		// no world kept the seat's men as they stand (a line the
		// replay read otherwise): set them so in every world, the
		// enemy's men in their way put aside, rather than judge blind
		for _, w := range im.list {
			ownAsSeen(&w.pos, v, im.us)
			out = append(out, w)
		}
	}
	return out, len(out) > 0
}

// ownAsSeen sets the seat's men on p as the view shows them, an enemy
// man on one of their cells moved to the nearest empty cell.
func ownAsSeen(p *board.Position, v referee.View, us board.Army) {
	for c := range board.Cell(64) {
		if m := p.At(c); !m.Empty() && m.Army() == us {
			p.Put(c, board.Man(0))
		}
	}
	var displaced []board.Man
	var from []board.Cell
	for c := range board.Cell(64) {
		ch := v.Cells[c]
		if !ownLetter(ch, us) {
			continue
		}
		if m := p.At(c); !m.Empty() {
			displaced, from = append(displaced, m), append(from, c)
		}
		p.Put(c, board.NewMan(us, board.KindOf(upperLetter(ch))))
	}
	for i, m := range displaced { // once every man of the seat stands: none is put aside onto one
		aside(p, m, from[i], nil)
	}
	p.FindKings()
}

// upperLetter is a piece letter in upper case.
func upperLetter(ch byte) byte {
	if ch >= 'a' && ch <= 'z' {
		return ch - 'a' + 'A'
	}
	return ch
}

// enemy plays in w a move of the enemy's, line, that explains what the
// seat heard of it and what it learnt of its own lines after it (then
// played too): the first in a random order that explains all, else the
// one that explains most among the first few. What the seat heard of the
// enemy's turn before the move (its english any? answered) is a fact of
// the world before it: a world that would answer otherwise counts a miss.
func (im *imagined) enemy(w *world, line referee.SheetLine, after []referee.SheetLine) {
	heard := line.Heard
	w.miss += im.asked(&w.pos, line.Before)
	moves := w.pos.Legal(nil)
	if len(moves) == 0 && im.freeKing(&w.pos) {
		w.miss++ // its king stood elsewhere: a move of it was not explained
		moves = w.pos.Legal(nil)
	}
	if len(moves) == 0 {
		w.miss += 5 // the enemy could not have moved here at all
		w.pos.ToMove = im.us
		w.miss += im.replay(&w.pos, after)
		return
	}
	im.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	want := capturedSquare(heard)
	var best board.Position
	bestMiss, looked := 1<<30, 0
	for _, m := range moves {
		if !captureFits(&w.pos, m, want) {
			continue
		}
		q := w.pos
		said := im.words.Move(&q, m)
		q.Apply(m)
		miss := mismatch(said, heard)
		if miss > 0 && im.fitNews(&q, heard) {
			miss = mismatch(withoutNews(said), withoutNews(heard)) // the pawn tries told, mended
		}
		miss += im.replay(&q, after)
		if miss < bestMiss {
			best, bestMiss = q, miss
		}
		if looked++; miss == 0 || looked == maxLooks {
			break
		}
	}
	if bestMiss == 1<<30 { // no move of the enemy's here takes where it took
		best, bestMiss = w.pos, 2
		if at, ok := board.Standard.Lookup(want); ok && !teleport(&best, im.us^1, at, "", true) {
			best.Apply(moves[0])
		}
		bestMiss += im.replay(&best, after)
	}
	w.pos, w.miss = best, w.miss+bestMiss
}

// maxLooks bounds the enemy moves one world weighs for one of its moves.
const maxLooks = 12

// replay plays the seat's own lines on p and counts what p does not explain.
func (im *imagined) replay(p *board.Position, lines []referee.SheetLine) int {
	miss := 0
	for _, l := range lines {
		text := strings.ToLower(l.Text)
		switch {
		case l.Text == askAny && l.Verdict == referee.Accepted:
			miss += im.answer(p, l.Heard)
		case !isMove(l.Text) || l.SAN.Stones:
		case l.Verdict == referee.Accepted:
			miss += im.ours(p, text, l.Heard)
		case l.Verdict == referee.Illegal:
			if !im.block(p, text) {
				miss++
			}
		}
		// an impossible try is ruled on the seat's own men: it says nothing of the enemy's
	}
	return miss
}

// ours plays the seat's accepted move text on p and counts what the umpire
// would have said otherwise. A move p does not allow (an enemy man in its
// way, a pawn capture of nothing) is played all the same, the men in its
// way set aside, as is a man where it goes when no capture was heard: the
// seat's own men stand in every world as they stand, and the enemy's as
// many as the captures left; where the umpire said whether a pawn or a
// piece was taken, a man of that sort is (recast).
func (im *imagined) ours(p *board.Position, text string, heard []referee.Announcement) int {
	repaired := 0
	sq := capturedSquare(heard)
	passant := len(text) >= 4 && len(sq) == 2 && text[2:4] != sq && text[2] == sq[0] && text[1] == sq[1]
	if at, ok := board.Standard.Lookup(sq); ok && len(text) >= 4 && (text[2:4] == sq || passant) {
		if m := p.At(at); !m.Empty() && m.Army() != im.us && m.Kind() == board.King {
			p.Put(at, board.Man(0)) // the king is never taken: it stood elsewhere
			aside(p, m, at, []board.Cell{at})
		}
		if m := p.At(at); m.Empty() || m.Army() == im.us {
			// an enemy man stood there: bring the nearest one of the kind
			// heard, else any (a pawn becomes the piece heard: the world
			// keeps as many men as the captures left), or make one
			what := capturedWhat(heard)
			kind := board.Knight
			if what == "pawn" && board.RankOf(at) != 0 && board.RankOf(at) != 7 {
				kind = board.Pawn
			}
			switch {
			case teleport(p, im.us^1, at, what, false):
			case teleport(p, im.us^1, at, "", false):
				if (what == "pawn") != (p.At(at).Kind() == board.Pawn) {
					p.Put(at, board.NewMan(im.us^1, kind))
				}
			default:
				p.Put(at, board.NewMan(im.us^1, kind))
			}
			repaired = 2
		} else if what := capturedWhat(heard); what != "" && (what == "pawn") != (m.Kind() == board.Pawn) {
			recast(p, im.us, at, what == "pawn")
			repaired = 1
		}
	}
	if capturedSquare(heard) == "" && len(text) >= 4 {
		// no capture heard, yet an enemy man stands where the move goes:
		// it stood elsewhere (the world keeps as many men as the captures
		// left)
		if to, ok := board.Standard.Lookup(text[2:4]); ok {
			if m := p.At(to); !m.Empty() && m.Army() != im.us {
				p.Put(to, board.Man(0))
				from, _ := board.Standard.Lookup(text[:2])
				aside(p, m, to, append(between(from, to), from, to))
				repaired = 2
			}
		}
	}
	m, ok := im.legal(p, text)
	if !ok && im.unblock(p, text) {
		m, ok = im.legal(p, text)
	}
	if ok {
		miss := mismatch(im.words.Move(p, m), heard)
		p.Apply(m)
		return repaired + miss
	}
	force(p, im.us, text)
	if at, ok := board.Standard.Lookup(sq); ok && passant {
		p.Put(at, board.Man(0)) // the pawn taken en passant, where the umpire said
	}
	return repaired + 3
}

// answer counts an english any? whose answer p would not give, once p is
// mended to it where it can be.
func (im *imagined) answer(p *board.Position, heard []referee.Announcement) int {
	miss := 0
	for _, a := range heard {
		if !im.answersOtherwise(p, a) {
			continue
		}
		// mended as pawn-try information is: the same question answered
		news := referee.Say("pawn-capture", nil, "yes", a.Str("answer") == "yes")
		if !im.fitNews(p, []referee.Announcement{news}) {
			miss++
		}
	}
	return miss
}

// asked counts the enemy's english any? answers, heard before its move,
// that p, the enemy to move, would not give: "no" says that no enemy pawn
// takes a man of the seat's, "yes" that one does.
func (im *imagined) asked(p *board.Position, before []referee.Announcement) int {
	miss := 0
	for _, a := range before {
		if im.answersOtherwise(p, a) {
			miss++
		}
	}
	return miss
}

// answersOtherwise reports whether a is an english any? answer that p,
// its asker to move, would not give.
func (im *imagined) answersOtherwise(p *board.Position, a referee.Announcement) bool {
	return a.Code == "any" && a.Str("answer") != im.words.Any(p)
}

// legal finds the legal move of p written text.
func (im *imagined) legal(p *board.Position, text string) (board.Move, bool) {
	im.buf = p.Legal(im.buf[:0])
	for _, m := range im.buf {
		if m.Coord(board.Standard) == text {
			return m, true
		}
	}
	return board.Move{}, false
}

// resample replaces each world that explains less than the best, by more
// than the slack, by a copy of one of the best.
func (im *imagined) resample() {
	least := 1 << 30
	for _, w := range im.list {
		least = min(least, w.miss)
	}
	var best []int
	for i, w := range im.list {
		if w.miss == least {
			best = append(best, i)
		}
	}
	for i := range im.list {
		if im.list[i].miss > least+im.slack {
			im.list[i] = im.list[best[im.rng.IntN(len(best))]]
		}
	}
}

// force plays the seat's move text on p whatever stands in its way: the
// enemy's men on its path (short of where it goes, where a man is taken,
// unless it is the king) are set aside first, and a move the generator
// still does not know (a pawn capturing nothing) is made by hand.
func force(p *board.Position, us board.Army, text string) {
	from, ok1 := board.Standard.Lookup(text[:2])
	to, ok2 := board.Standard.Lookup(text[2:4])
	if !ok1 || !ok2 {
		return
	}
	path := between(from, to)
	for i, c := range path {
		if m := p.At(c); !m.Empty() && m.Army() != us && (i < len(path)-1 || m.Kind() == board.King) {
			p.Put(c, board.Man(0))
			aside(p, m, c, path)
		}
	}
	p.ToMove = us
	for _, m := range p.Generate(nil) {
		if m.Coord(board.Standard) == text {
			p.Apply(m)
			return
		}
	}
	man := p.At(from)
	if len(text) == 5 {
		man = board.NewMan(us, board.KindOf(text[4]-'a'+'A'))
	}
	if q := p.At(to); !q.Empty() && q.Kind() == board.King {
		return // the enemy king stands there: this world is past saving, and its miss says so
	}
	p.Put(from, board.Man(0))
	p.Put(to, man)
	p.EP, p.EPVictim = board.NoCell, board.NoCell
	p.ToMove = us ^ 1
}

// teleport brings the army's man nearest to cell at onto it (taking the
// man there): a world that cannot explain a capture heard there is mended
// so, its men as many as the captures say. what is "pawn" or "piece" when
// the umpire said which, else "". It reports whether it found a man to
// bring; the king comes, when king is set, only when nothing else is left
// (it may take a man, never be taken).
func teleport(p *board.Position, army board.Army, at board.Cell, what string, king bool) bool {
	best, passes := board.NoCell, 1
	if king {
		passes = 2
	}
	for pass := range passes {
		best = nearest(at, func(c board.Cell) bool {
			m := p.At(c)
			if m.Empty() || m.Army() != army || c == at || (m.Kind() == board.King) != (pass == 1) {
				return false
			}
			return !(what == "pawn" && m.Kind() != board.Pawn || what == "piece" && m.Kind() == board.Pawn)
		})
		if best != board.NoCell {
			break
		}
	}
	if best == board.NoCell {
		return false
	}
	m := p.At(best)
	if m.Kind() == board.Pawn && (board.RankOf(at) == 0 || board.RankOf(at) == 7) {
		m = board.NewMan(army, board.Queen) // a pawn cannot stand there
	}
	p.Put(best, board.Man(0))
	p.Put(at, m)
	p.EP, p.EPVictim = board.NoCell, board.NoCell
	if p.ToMove == army {
		p.ToMove = army ^ 1
	}
	return true
}

// recast makes the enemy man on cell at, which the seat takes, a pawn
// (pawn set) or a piece, as the umpire said it was: the nearest enemy man
// of that sort trades places with it, or, where the world has none, it
// becomes one (a knight for a piece). A world so keeps the enemy's pawns
// and pieces as many as the captures left, not only its men. Without it,
// a world that took a knight where the seat took a pawn went on with two
// pawns for a knight and a pawn, and the seat walked its queen onto the
// cells the real knight forked.
func recast(p *board.Position, us board.Army, at board.Cell, pawn bool) {
	them := us ^ 1
	if pawn && (board.RankOf(at) == 0 || board.RankOf(at) == 7) {
		return // no pawn stands there: the world is past this mend
	}
	best := nearest(at, func(c board.Cell) bool {
		m := p.At(c)
		if m.Empty() || m.Army() != them || m.Kind() == board.King || (m.Kind() == board.Pawn) != pawn || c == at {
			return false
		}
		return pawn || board.RankOf(c) != 0 && board.RankOf(c) != 7 // the pawn sent there could not stand on a last rank
	})
	was := *p
	switch {
	case best != board.NoCell:
		x, y := p.At(at), p.At(best)
		p.Put(at, y)
		p.Put(best, x)
	case pawn:
		p.Put(at, board.NewMan(them, board.Pawn))
	default:
		p.Put(at, board.NewMan(them, board.Knight))
	}
	if k := p.King[us]; k != board.NoCell && p.Attacked(k, us) {
		*p = was // the man brought would check the seat's king: the world stays as it was
	}
}

// nearest is the cell nearest to at, in a king's steps, that fit
// accepts, the first in the board's order among equals; NoCell for none.
func nearest(at board.Cell, fit func(board.Cell) bool) board.Cell {
	best, far := board.NoCell, 99
	for c := range board.Cell(64) {
		if d := kingSteps(c, at); d < far && fit(c) {
			best, far = c, d
		}
	}
	return best
}

// aside puts man m, taken off cell c, on the nearest empty cell off path.
func aside(p *board.Position, m board.Man, c board.Cell, path []board.Cell) {
	best := nearest(c, func(x board.Cell) bool {
		return p.At(x).Empty() && !slices.Contains(path, x) && !(m.Kind() == board.Pawn && (board.RankOf(x) == 0 || board.RankOf(x) == 7))
	})
	if best != board.NoCell {
		p.Put(best, m)
	}
}

// capturedWhat is what the umpire said was taken ("pawn", "piece"), "" when
// he did not say.
func capturedWhat(heard []referee.Announcement) string {
	for _, a := range heard {
		if a.Code == "capture" {
			return a.Str("what")
		}
	}
	return ""
}

// capturedSquare is the square of the capture heard, "" for none.
func capturedSquare(heard []referee.Announcement) string {
	for _, a := range heard {
		if a.Code == "capture" || a.Code == "en-passant" {
			return a.Str("square")
		}
	}
	return ""
}

// captureFits is a quick look before the umpire's words: m takes a man
// exactly when one was heard taken, and there (the square said is the
// taken man's, or english en passant's landing square).
func captureFits(p *board.Position, m board.Move, want string) bool {
	c := p.Captured(m)
	if c == board.NoCell || want == "" {
		return (c == board.NoCell) == (want == "")
	}
	return board.Standard.CellName(c) == want || board.Standard.CellName(m.To) == want
}

// mismatch counts the umpire's words on a move that differ from what the
// seat heard, among those that speak of the board (not the end, not
// illegal tries).
func mismatch(said, heard []referee.Announcement) int {
	a, b := telling(said), telling(heard)
	miss := abs(len(a) - len(b))

	for i := range min(len(a), len(b)) {
		if !sameWords(a[i], b[i]) {
			miss++
		}
	}
	return miss
}

// telling keeps the announcements that tell of the board.
func telling(said []referee.Announcement) []referee.Announcement {
	var out []referee.Announcement
	for _, a := range said {
		switch a.Code {
		case "capture", "en-passant", "promotion", "check", "pawn-tries", "pawn-capture", "try-squares":
			out = append(out, a)
		}
	}
	return out
}

// sameWords reports whether two announcements say the same.
func sameWords(a, b referee.Announcement) bool {
	if a.Code != b.Code || len(a.Fields) != len(b.Fields) {
		return false
	}
	for i, f := range a.Fields {
		g := b.Fields[i]
		if f.Key != g.Key {
			return false
		}
		if x, ok := f.Value.([]string); ok {
			y, ok := g.Value.([]string)
			if !ok || !slices.Equal(x, y) {
				return false
			}
			continue
		}
		if f.Value != g.Value {
			return false
		}
	}
	return true
}
