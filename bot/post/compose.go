package post

import (
	"fmt"
	"strconv"
	"strings"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// composer makes the message of an outbox row at send time: it replays the
// row's game to the row's ply, takes the view of the row's seat and words
// it in the row's language. It keeps the games it replayed, so a row
// usually costs one move. Not safe for concurrent use: each worker of a
// Sender has its own.
type composer struct {
	o     *Office
	feat  wire.Features // the transport's
	games map[uint64]*replayed

	endKey   string      // the game, ply and language of endFiles
	endFiles []wire.File // the record and replay made last
}

// replayed is a game replayed to len(rulings) entries of its log.
type replayed struct {
	g       referee.Game
	start   []referee.Announcement
	rulings []referee.Ruling
}

func newComposer(o *Office, feat wire.Features) *composer {
	return &composer{o: o, feat: feat, games: map[uint64]*replayed{}}
}

// at returns game g replayed to its first ply log entries.
func (c *composer) at(g *store.Game, ply int) (*replayed, error) {
	if ply > len(g.Log) {
		return nil, fmt.Errorf("bot: game %d has %d log entries, not %d", g.ID, len(g.Log), ply)
	}
	r := c.games[g.ID]
	if r == nil || len(r.rulings) > ply {
		v, ok := referee.Lookup(g.Variant)
		if !ok {
			return nil, fmt.Errorf("bot: game %d: unknown variant %q", g.ID, g.Variant)
		}
		rg, err := v.New(g.Options)
		if err != nil {
			return nil, fmt.Errorf("bot: game %d: %w", g.ID, err)
		}
		r = &replayed{g: rg, start: rg.Start()}
	}
	for len(r.rulings) < ply {
		a := g.Log[len(r.rulings)]
		ru := r.g.Play(a)
		if ru.Verdict == referee.Refused {
			return nil, fmt.Errorf("bot: game %d: replay of entry %d (%s %q) refused: %s", g.ID, len(r.rulings)+1, a.Seat, a.Text, ru.Reason)
		}
		r.rulings = append(r.rulings, ru)
	}
	if len(c.games) > 512 {
		clear(c.games)
	}
	c.games[g.ID] = r
	return r, nil
}

// compose makes the message for a row.
func (c *composer) compose(row store.Outgoing) (wire.Message, error) {
	n := DecodeNote(row.Text)
	lang := c.o.langOf(row)
	m := wire.Message{To: wire.Address(row.To), Game: row.Game, Unsolicited: n.Unsolicited}
	var err error
	switch row.Kind {
	case KindView:
		err = c.view(&m, row, n, lang)
	case KindReveal:
		err = c.reveal(&m, row, lang)
	case KindDigest:
		err = c.digest(&m, row, n, lang)
	case KindStandings:
		err = c.standings(&m, n, lang)
	default:
		if n.Link != "" { // the deep link, or where there is none the command
			n.Args["link"] = "join " + n.Link
			if c.feat.Link != nil {
				n.Args["link"] = c.feat.Link(n.Link)
			}
		}
		if n.Plain != "" && !c.feat.GroupCommands {
			n.ID = n.Plain
		}
		m.Text = strings.Join(noteLines(c.o.cat, lang, n), "\n")
	}
	if err == nil && row.More > 0 {
		m.Text = strings.TrimSpace(m.Text + "\n" + c.o.cat.Text(lang, "more-like-it", texts.Args{"n": strconv.Itoa(row.More)}))
	}
	if err == nil {
		c.finish(&m, row, n, lang)
		c.subject(&m, row, n, lang)
	}
	if c.feat.Whisper {
		m.Only = n.Only
	}
	if c.feat.Edits {
		m.Edit = n.Edit
		if n.Status {
			m.Status = SlotOf(row.Game)
		}
		if n.Slot != "" {
			m.Status = n.Slot
		}
	}
	return m, err
}

// row reads the game an outbox row names and replays it to the row's ply.
func (c *composer) row(row store.Outgoing) (*store.Game, *replayed, error) {
	g, err := c.o.db.Game(row.Game)
	if err != nil {
		return nil, nil, err
	}
	r, err := c.at(g, row.Ply)
	return g, r, err
}

// view words a seat's (or the spectators') view of a game at the row's
// ply: what it heard of the entries the row reports, and whose turn it is.
func (c *composer) view(m *wire.Message, row store.Outgoing, n Note, lang string) error {
	g, r, err := c.row(row)
	if err != nil {
		return err
	}
	seat := row.Seat
	if seat == "" {
		seat = referee.Spectator
	}
	v := r.g.View(seat)
	cat := c.o.cat
	m.Move = moveNumber(g, v)
	var news []string
	if n.Start {
		for _, a := range referee.For(r.start, seat) {
			news = append(news, cat.Announcement(lang, a, ""))
		}
	}
	if n.Record {
		return c.record(m, g, r, seat, n, lang)
	}
	from := n.From
	if n.Board {
		from = recent(g, r, row.Ply)
	}
	told, moved := c.news(lang, g, r, v, seat, from, row.Ply, n.Again)
	if n.Board {
		told = latest(told, boardNews)
	}
	news = append(news, told...)
	if f := n.Refused; f != nil {
		news = append(news, c.refusal(lang, g, v.Geometry, *f))
	}
	news = append(news, c.ordersTold(lang, g, r, v, seat, n, row.Ply)...)
	if moved > 0 {
		if t := cat.Taken(lang, v.Taken); t != "" {
			news = append(news, t)
		}
	}
	if n.Board || n.Bonds { // said once, not under every message
		news = append(news, c.diplomacy(lang, v, made(r, from, row.Ply))...)
	}
	var timeLeft *Note // the reader's clock, on its current turn
	if row.Ply == len(g.Log) {
		timeLeft = waitNote(g, seat, c.o.now())
	}
	led := n.ID == "" || !public(seat) // a note to the public names the game itself
	news = append(news, c.turn(lang, v, seat, timeLeft, led)...)
	if line := g.Seats[seat].Ifs; len(line) > 0 && row.Ply == len(g.Log) && SeatView(string(seat)) { // its own alone
		n := Say("ifs.standing")
		n.Sub = map[string][]Note{"line": IfLine(line)}
		news = append(news, noteLines(c.o.cat, lang, n)...)
	}
	guide, buttons := c.guide(lang, g, r, v, n, row.Ply)
	news = append(news, guide...)
	m.Buttons = append(m.Buttons, buttons...)
	var lines []string
	if led {
		lines = append(lines, c.lead(lang, v, seat, m.Move)+c.header(g, seat, lang))
	}
	lines = append(lines, noteLines(cat, lang, Note{ID: n.ID, Args: n.Args, Sub: n.Sub, Lines: n.Lines})...)
	m.Text, m.Seat = strings.Join(append(lines, news...), "\n"), string(seat)
	if n.NoPicture {
		return nil
	}
	return c.draw(m, v, Legend{Header: cat.PictureHeader(lang, g.ID, v), Caption: news}, lang)
}

// news says what seat heard of log entries [from, to), in the order of
// the game, as v (the seat's view at to) lets it see them, and counts the
// other seats' moves among them; again, for the board asked for again.
func (c *composer) news(lang string, g *store.Game, r *replayed, v referee.View, seat referee.Seat, from, to int, again bool) ([]string, int) {
	var news []string
	moved := 0
	sheet := sheetLines(v, g.Log, r.rulings)
	for i := max(from, 0); i < to; i++ {
		if g.Log[i].Seat != seat && r.rulings[i].Move != "" {
			moved++
		}
		news = append(news, c.entry(lang, g, r, v, sheet, i, again)...) // in the order of the game
	}
	return news, moved
}

// entry says log entry i as v's seat heard it: another seat's move or act
// of diplomacy, then its own verdict or what the entry brought. Said
// again (the board again), the seat's own refusals that were answered
// when made are left out (answered).
func (c *composer) entry(lang string, g *store.Game, r *replayed, v referee.View, sheet []*referee.SheetLine, i int, again bool) []string {
	a, ru := g.Log[i], r.rulings[i]
	var out []string
	switch {
	case v.Diplomacy != nil:
		if l := c.act(lang, g, r, v, sheet, i); l != "" {
			out = append(out, l)
		}
	case a.Seat != v.Seat && ru.Move != "": // the other side's move, then what it brought
		out = append(out, c.moved(lang, sheet[i])...)
	}
	if again && answered(g, a, ru, v.Seat) {
		return out
	}
	return append(out, c.o.cat.Entry(lang, openBoard(g), asWritten(lang, a, ru, sheet[i]), ru, v.Seat)...)
}

// answered reports whether log entry a, ruled ru, is a refusal of seat's
// own that was answered when it was made and is not said again: a try
// the rules forbid on a board everyone sees (an impossible order in
// three-player chess, an illegal move in chess), which taught nobody
// anything. A refused try on a hidden board stays in the record: what
// was not legal there is what the seat learned.
func answered(g *store.Game, a referee.Action, ru referee.Ruling, seat referee.Seat) bool {
	return a.Seat == seat && ru.Verdict != referee.Accepted && openBoard(g)
}

// moved says another seat's move as the reader's score sheet shows it
// (l, the sheet line of its log entry): in full where the rules let it
// see it, not at all where it is hidden ("?"), nor a placement of
// stones, which its announcement says in words ("Black placed stones on
// d4 and e5.").
func (c *composer) moved(lang string, l *referee.SheetLine) []string {
	if l == nil || l.Seat == "" || l.Verdict != referee.Accepted || strings.HasPrefix(l.Text, "?") || l.SAN.Stones {
		return nil // a move the reader may not see, or stones, which their announcement says
	}
	args := texts.Args{"move": written(lang, *l)}
	c.o.cat.Put(lang, args, "seat", string(l.Seat))
	return []string{c.o.cat.Text(lang, "moved", args)}
}

// asWritten is a log entry with an accepted move of a man written as its
// score sheet line writes it, in the reader's letters ("You played Кf3"
// for a Russian reader, whatever letters the player typed); any other
// entry (an order, a choice, a declared check, a secret: words with
// spaces, said by their own sentences) as it is.
func asWritten(lang string, a referee.Action, ru referee.Ruling, l *referee.SheetLine) referee.Action {
	if ru.Verdict == referee.Accepted && ru.Move != "" && l != nil && l.Seat == a.Seat && !l.SAN.IsZero() && !l.SAN.Stones &&
		!strings.Contains(strings.TrimSpace(a.Text), " ") {
		a.Text = l.SAN.In(lang)
	}
	return a
}

// written is the move of a score sheet line as the reader writes it: in
// SAN with the letters of its language where the view names the move,
// else as the sheet shows it.
func written(lang string, l referee.SheetLine) string {
	if l.SAN.IsZero() {
		return l.Text
	}
	return l.SAN.In(lang)
}

// sheetLines pairs the lines of a view's score sheet with the log entries
// they record, nil for an entry without one. A seat's sheet has a line for
// each of its own entries and for each accepted move of another seat;
// God's (which some variants show everyone once the game is over) one
// for every entry. A line never names its entry: that would count the
// others' hidden failed tries.
func sheetLines(v referee.View, log []referee.Action, rulings []referee.Ruling) []*referee.SheetLine {
	out := make([]*referee.SheetLine, len(rulings))
	every := len(v.Sheet) == len(rulings)
	k := 0
	for i, ru := range rulings {
		if k < len(v.Sheet) && (every || log[i].Seat == v.Seat || ru.Verdict == referee.Accepted && ru.Move != "") {
			out[i] = &v.Sheet[k]
			k++
		}
	}
	return out
}

// moveNumber is the move a view of g is at, as chess counts: the moves
// the view says were accepted, in rounds of the variant's seats, plus one.
// The count is the reader's to know — every accepted move passes the turn,
// and whose turn it is is told — and a failed try is not a move.
func moveNumber(g *store.Game, v referee.View) int {
	seats := len(SeatsOf(g))
	if seats == 0 {
		seats = 1
	}
	return v.Ply/seats + 1
}

// header names the game (Named: a tournament's game says so) and the
// reader's seat, then the game's pace where it has one beyond its clock
// (PaceNote).
func (c *composer) header(g *store.Game, seat referee.Seat, lang string) string {
	args := texts.Args{"game": itoa(g.ID), "variant": strings.Join(noteLines(c.o.cat, lang, Named(g)), " ")}
	c.o.cat.Put(lang, args, "seat", string(seat))
	id, tz, now := "header", "", c.o.now()
	if public(seat) {
		id = "header-public"
	} else if g.Pace.At != "" || g.Pace.Until.After(now) { // said in the reader's time zone
		if p, err := c.o.db.Player(g.Seats[seat].PlayerID); err == nil {
			tz = p.TZ
		}
	}
	text := c.o.cat.Text(lang, id, args)
	if n := PaceNote(g, seat, tz, now); n != nil {
		text += " " + strings.Join(noteLines(c.o.cat, lang, *n), " ")
	}
	return text
}

// public reports whether a view is no player's: the spectators' or the
// god's.
func public(seat referee.Seat) bool { return seat == referee.Spectator || seat == referee.God }

// openBoard reports whether g's moves are public, so that every seat sees
// the board (but for sealed secrets): then an impossible try is one the
// rules forbid there, not one the seat's own knowledge rules out.
func openBoard(g *store.Game) bool {
	v, ok := referee.Lookup(g.Variant)
	return ok && !v.HiddenMoves
}

// refusal says why a line was refused, in the terms of the game's board
// where it has its own ("refused.unreadable.triad" names the cells) or
// the word refused has one ("refused.not-here.decline": no offer to
// decline); a question that g's rule set does not have, with the rules
// that have it.
func (c *composer) refusal(lang string, g *store.Game, geometry string, f Refusal) string {
	if text, ok := c.questionRefusal(lang, g, f.Text); ok && f.Reason == referee.ReasonNotHere {
		return text
	}
	args := texts.Args{"text": texts.Echo(c.o.cat.Act(lang, f.Text)), "reason": f.Reason, "readings": strings.Join(f.Readings, ", ")}
	for _, id := range []string{"refused." + f.Reason + "." + geometry, "refused." + f.Reason + "." + f.Text, "refused." + f.Reason} {
		if c.o.cat.Has("en", id) {
			return c.o.cat.Text(lang, id, args)
		}
	}
	return c.o.cat.Text(lang, "refused", args)
}

// turn says whose turn it is, if the game goes on, and to the seat to move
// the time it has left when its clock runs. led says the message's first
// line (lead) says whose turn it is already: then only the time is said,
// so that no message says the turn twice.
func (c *composer) turn(lang string, v referee.View, seat referee.Seat, timeLeft *Note, led bool) []string {
	var waiting []string // the reader's own decision on the clock
	if timeLeft != nil {
		waiting = noteLines(c.o.cat, lang, *timeLeft)
	}
	switch {
	case v.Turn == "":
		return nil
	case led:
		return waiting
	case v.Turn == seat:
		return append([]string{c.o.cat.Text(lang, "turn-you", nil)}, waiting...)
	}
	args := texts.Args{}
	c.o.cat.Put(lang, args, "seat", string(v.Turn))
	return append([]string{c.o.cat.Text(lang, "turn-other", args)}, waiting...)
}

// draw adds the picture of a view, with its legend, and its text board.
func (c *composer) draw(m *wire.Message, v referee.View, l Legend, lang string) error {
	m.Board = TextBoard(v, lang)
	if legend := c.o.cat.Text(lang, "board-legend", nil); legend != "" && v.Geometry == "8x8" && len(v.Cells) == 64 {
		m.Board += "\n" + legend // the board's letters, where they are not those of a move
	}
	img, err := c.o.picture(v, l)
	if err != nil {
		return fmt.Errorf("bot: picture of game %d for %s: %w", m.Game, v.Seat, err)
	}
	m.Image = img
	return nil
}
