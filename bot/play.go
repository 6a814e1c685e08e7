package bot

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"umpire/bot/door"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/internal/metrics"
	"umpire/referee"
	"umpire/store"
)

// play plays an action of a seated player: a move, an attempt list, a
// question, a secret choice (only in private) or a game command (resign,
// draw, decline). The referee rules on it; every seat that heard something
// or saw the turn pass gets its view, and the public gets the public news.
// The visit's Answer is told the ruling.
func (b *Bot) play(v door.Visit) error {
	line := v.Cmd.Line
	switch {
	case line.Has(referee.ItemSecret) && !v.In.Private:
		return post.Oops("err.private-only")
	case line.OwnSalt():
		return post.Oops("err.own-salt")
	case line.Has(referee.ItemTimeout):
		return post.Oops("err.umpire-only", "text", referee.WordTimeout)
	}
	id, err := b.pickGame(v.Player, v.Cmd)
	if err != nil {
		return err
	}
	var last referee.Game
	var n int
	var ruled post.Ruling
	applied, err := b.apply(v.In, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		rg, rows, err := b.turn(v, g, t, &ruled)
		last, n = rg, len(g.Log)
		return rows, err
	})
	if applied {
		b.games.put(id, last, n)
		v.Ruled(ruled)
	}
	return err
}

// turn rules a visit's line in game g, as play does, and fills in its
// ruling. It returns the referee game as the line left it (nil when it
// took none from the cache), for the cache.
func (b *Bot) turn(v door.Visit, g *store.Game, t *table, ruled *post.Ruling) (referee.Game, []store.Outgoing, error) {
	seat, err := playable(v.In, g, v.Player)
	if err != nil {
		return nil, nil, err
	}
	m, err := b.ready(v, g, t, seat)
	if err != nil {
		return nil, nil, err
	}
	rg, err := b.games.take(g)
	if err != nil {
		return nil, nil, err
	}
	*ruled = post.Ruling{Game: g.ID}
	var rows []store.Outgoing
	if w := overdue(g.Waits, seat, sentAt(v.In, b.now())); w != nil && g.TimeRule != claimRule {
		caught, in := pace.Catch(g, t, w, sentAt(v.In, b.now()).Add(-OnTimeGrace))
		if !in {
			rows, err := b.timeout(g, t, rg, *w) // sent too late (see OnTimeGrace)
			return rg, rows, err
		}
		rows = caught // kept in the game by its extensions, or civil disorder
	}
	// A seat in civil disorder is its player's again; any action of its
	// own drops a seat's conditional line.
	rows = append(rows, pace.Back(g, t, seat, b.now())...)
	n0, before := len(g.Log), rg.Turn()
	g.DropIfs(seat)
	if hs, ok := t.houseSeat(); ok && hs != seat { // a move need not wait for the house's crown
		if text, ok := b.lobby.House().Crown(g, rg, hs); ok {
			salt, err := b.dice.Salt()
			if err != nil {
				return rg, nil, err
			}
			rows = append(rows, b.rule(g, t, rg, &move{seat: hs, line: referee.ReadLine(text), salt: salt})...)
			n0 = len(g.Log)
		}
	}
	if inGroup(g) {
		rows = append(rows, b.ruleInGroup(v.In, g, t, rg, m)...)
	} else {
		rows = append(append(rows, b.rule(g, t, rg, m)...), b.fireIfs(g, t, rg, seat, before)...)
	}
	rows = append(rows, pace.Heard(g, t, seat, m.played)...)
	ruled.Played = len(g.Log) > n0
	if !ruled.Played { // the referee refused it all
		ruled.Refused = refusalOf(m.played)
		rows = b.door.Capped(v, rows)
	}
	return rg, rows, nil
}

// ready is the move a seat's line makes in g, or the mistake that keeps
// it from the referee: a turn's tries spent (then only a legal move is
// taken), a second draw offer, a move written where others read it.
func (b *Bot) ready(v door.Visit, g *store.Game, t *table, seat referee.Seat) (*move, error) {
	line, cut, err := triesLeft(g, seat, v.Cmd.Line)
	if err != nil { // the turn's tries are spent: only a legal move now
		if line, err = legalOnly(g, t, seat, v.Cmd.Line); err != nil {
			return nil, err
		}
	}
	if line.Has(referee.ItemDraw) && offerStands(g.Log, seat) {
		return nil, post.Oops("err.offer-standing", "game", itoa(g.ID))
	}
	if !v.In.Private && movesHidden(g.Variant) && !line.Public() {
		return nil, post.Oops("err.moves-private")
	}
	m := &move{seat: seat, line: line, cut: cut}
	if v.Cmd.Line.Has(referee.ItemSecret) {
		if m.salt, err = b.dice.Salt(); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// move is one line of a seat on its way to the referee, and what the
// referee made of it.
type move struct {
	seat referee.Seat
	line referee.Line
	salt string // the salt of its secret choices
	cut  int    // the limit its list was cut to (0: none)
	// played is what the referee made of each item it reached, once ruled.
	played []referee.Played
}

// refusalOf is the referee's refusal of the last item played, when it was
// refused.
func refusalOf(played []referee.Played) *post.Refusal {
	if len(played) == 0 {
		return nil
	}
	last := played[len(played)-1]
	if last.Ruling.Verdict != referee.Refused {
		return nil
	}
	return &post.Refusal{Text: last.Action.Text, Reason: last.Ruling.Reason, Readings: last.Ruling.Readings}
}

// movesHidden reports whether a variant hides each seat's moves from the
// others: then a move typed where others read it is refused, not played.
func movesHidden(key string) bool {
	v, ok := referee.Lookup(key)
	return ok && v.HiddenMoves
}

// playable returns the seat player p holds in g, if g is in play.
func playable(in wire.Inbound, g *store.Game, p *store.Player) (referee.Seat, error) {
	seat, ok := g.SeatOf(p.ID)
	switch {
	case !ok && !mayFollow(g, p, in):
		return "", unknownGame(g)
	case !ok:
		return "", post.Oops("err.not-yours", "game", itoa(g.ID))
	case g.State == store.StateOpen:
		return "", post.Oops("err.not-started", "game", itoa(g.ID))
	case g.State == store.StateOver:
		return "", post.Oops("err.over", "game", itoa(g.ID))
	}
	return seat, nil
}

// maxListItems bounds the items of an attempt list that are tried: the
// rest are dropped, like the items after an accepted move, so that one
// message cannot fill a game's log (which every later move loads).
const maxListItems = 64

// maxTriesPerTurn bounds the actions a seat may have logged in one turn
// (its tries, questions and offers), so that a flood cannot fill a game's
// log. It is more than the distinct moves a seat can try in any position,
// so a player who never repeats a try finds its move within it. Past it,
// the umpire takes only a move the referee accepts now (legalOnly), and
// resign, draw and decline, which end or answer something once; anything
// else is refused unlogged, so that the turn still ends when the seat
// moves. Nobody hears of what was refused: the opponent heard the 256
// tries before, and a seat learns no more of a refused try than of one
// logged, that it was no move.
const maxTriesPerTurn = 256

// triesLeft is the part of a seat's attempt list that may be played: no
// more than maxListItems items, nor more than the seat's turn has left of
// maxTriesPerTurn; cut is the limit that cut the list (0: none). A seat
// with no tries left is refused.
func triesLeft(g *store.Game, seat referee.Seat, line referee.Line) (referee.Line, int, error) {
	left := maxTriesPerTurn - triesThisTurn(g.Log, seat)
	if left <= 0 && !line.EndsOrAnswers() {
		return line, 0, post.Oops("err.tries-spent", "max", strconv.Itoa(maxTriesPerTurn))
	}
	limit := min(max(left, 1), maxListItems)
	cut, dropped := line.Cut(limit)
	if !dropped {
		return line, 0, nil
	}
	return cut, limit, nil
}

// legalOnly is the first item of seat's attempt list that the referee
// would accept as a move now, tried on a copy of g's game, for a seat that
// spent its tries this turn (maxTriesPerTurn); err.tries-spent when none
// is.
func legalOnly(g *store.Game, t *table, seat referee.Seat, line referee.Line) (referee.Line, error) {
	spent := post.Oops("err.tries-spent", "max", strconv.Itoa(maxTriesPerTurn))
	copyOf, err := replay(g, len(g.Log))
	if err != nil {
		return line, err
	}
	for _, item := range line.Items[:min(len(line.Items), maxListItems)] {
		if item.Kind == referee.ItemSecret {
			continue
		}
		if ru := copyOf.Play(t.message(seat, item.Text, "")); ru.Verdict == referee.Accepted && ru.Move != "" {
			return referee.ReadLine(item.Text), nil
		}
	}
	return line, spent
}

// offerStands reports whether seat's last draw offer still stands: no
// other seat has acted since (a move or a decline answers it). One
// standing offer per seat is enough, and a flood of offers would bury the
// opponent's news. A log entry is one item of a list.
func offerStands(log []referee.Action, seat referee.Seat) bool {
	for i := len(log) - 1; i >= 0 && log[i].Seat == seat; i-- {
		if referee.KindOf(log[i].Text) == referee.ItemDraw {
			return true
		}
	}
	return false
}

// triesThisTurn counts the actions of seat at the end of the log, since
// another seat's last: what seat had logged in its turn so far. It reads
// back from the end, so its cost is the turn's, not the log's.
func triesThisTurn(log []referee.Action, seat referee.Seat) int {
	n := 0
	for i := len(log) - 1; i >= 0 && log[i].Seat == seat; i-- {
		n++
	}
	return n
}

// message is what seat sends as one referee action list: its Latin piece
// letters are read in the seat's notation language, Esperanto for a player
// who reads Esperanto, Russian (its Latin look-alikes) for one who reads
// Russian, and English for everyone else (kriegspiel.md §6.2),
// and the log keeps it so that a replay rules the same.
func (t *table) message(seat referee.Seat, text, salt string) referee.Action {
	notation := referee.NotationEnglish
	if p := t.players[seat]; p != nil {
		notation = referee.NotationOf(p.Lang)
	}
	return referee.Action{Seat: seat, Text: text, Salt: salt, Notation: notation}
}

// rule plays a seat's move on rg, appends what the referee logged to g's
// log, and returns the rows to send; a cut list tells the mover that its
// list was cut to so many items.
func (b *Bot) rule(g *store.Game, t *table, rg referee.Game, m *move) []store.Outgoing {
	from, seat := len(g.Log), m.seat
	before, looked := rg.Turn(), looks(g, rg)
	played := counted(g.Variant, referee.PlayLine(rg, m.line, t.message(seat, m.line.Text(), m.salt)))
	m.played = played
	var said [][]referee.Announcement
	for _, pl := range played {
		if pl.Ruling.Logged() {
			g.Log = append(g.Log, pl.Action)
			said = append(said, pl.Ruling.Said)
		}
	}
	if result, reason := rg.Result(); result != "" {
		g.State, g.Result, g.Reason = store.StateOver, result, reason
	}
	passed := before != rg.Turn() || g.State == store.StateOver
	syncClock(b.now(), g, rg, t)
	if g.State == store.StateOver { // the end is one message: the last news, then the end
		return revealRows(g, t, from)
	}
	var rows []store.Outgoing
	for _, s := range post.SeatsOf(g) {
		if s != seat && !passed && (!hears(said, s) || withheld(g, s, said, from)) {
			continue // nothing for s: not even that something happened; or an offer s muted (muted.go)
		}
		n := post.Note{}
		if s == seat && m.cut > 0 {
			n = post.Say("list-cut", "max", strconv.Itoa(m.cut))
		}
		n.From = toldFrom(g, s, from)
		n.NoPicture = pictureOf(referee.Glance(rg, s)) == looked[s]
		if s == seat {
			n.Refused = refusalOf(played)
		}
		r, ok := t.seatRow(g, s, post.KindView, n)
		if ok && n.Refused != nil && len(said) == 0 && !passed && n.From == from { // nothing happened but the refusal
			r = post.Extra(r, post.LikeNote(n))
		}
		if ok {
			rows = append(rows, r)
		}
	}
	if passed || hears(said, referee.Spectator) {
		same := pictureOf(referee.Glance(rg, referee.Spectator)) == looked[referee.Spectator]
		rows = append(rows, t.newsRows(g, post.Note{From: from, NoPicture: same}, said...)...)
	}
	return rows
}

// looks are the pictures of every seat's view of rg, and of the
// spectators', as pictureOf sums them up.
func looks(g *store.Game, rg referee.Game) map[referee.Seat]string {
	out := map[referee.Seat]string{referee.Spectator: pictureOf(referee.Glance(rg, referee.Spectator))}
	for _, s := range post.SeatsOf(g) {
		out[s] = pictureOf(referee.Glance(rg, s))
	}
	return out
}

// pictureOf sums up what the picture of a view shows: the board and
// everything drawn on it. A message gets a picture only when its reader's
// picture changed; a refused or failed try, which changes nothing the
// reader sees, is answered in words alone.
func pictureOf(v referee.View) string {
	return fmt.Sprint(v.Board, v.Marks, v.LastMove, v.Seen, v.Checks, v.InCheck, v.Mated, v.Turn, v.Ply,
		v.Result, v.Secrets, v.Diplomacy)
}

// hears reports whether seat s hears any of the announcements.
func hears(said [][]referee.Announcement, s referee.Seat) bool {
	for _, a := range said {
		if len(referee.For(a, s)) > 0 {
			return true
		}
	}
	return false
}

// revealRows send the reveal of a finished game to every seat, the chat
// and the watchers.
func revealRows(g *store.Game, t *table, from int) []store.Outgoing {
	n := post.Note{From: from, News: true, End: true}
	return append(t.seatRows(g, post.KindReveal, n), t.publicRows(g, post.KindReveal, n)...)
}

// pickGame finds the game a player's action is for: the one named by #N,
// else the player's only game in play, else the only one waiting for the
// player (its turn, a crown to seal, an offer to answer). With several,
// it asks which, listing those that wait for the player.
func (b *Bot) pickGame(p *store.Player, cmd door.Command) (uint64, error) {
	if cmd.Game != 0 {
		return cmd.Game, nil
	}
	games, err := b.db.Games(p.ID)
	if err != nil {
		return 0, err
	}
	var playing, open []*store.Game
	for _, g := range games {
		switch g.State {
		case store.StatePlaying:
			playing = append(playing, g)
		case store.StateOpen:
			open = append(open, g)
		}
	}
	if len(playing) > 1 {
		mine, err := waitingFor(b.games, p, playing)
		if err != nil {
			return 0, err
		}
		if len(mine) == 0 {
			mine = playing
		}
		playing = mine
	}
	switch {
	case len(playing) == 1:
		return playing[0].ID, nil
	case len(playing) > 1:
		return 0, whichGame(b.db, b.games, b.now(), p, playing, cmd.Line.Text())
	case len(open) > 0:
		return 0, post.Oops("err.not-started", "game", itoa(open[0].ID))
	}
	return 0, post.Oops("err.no-game")
}

// waitingFor are the games among games that wait for player p to act.
func waitingFor(cache *gameCache, p *store.Player, games []*store.Game) ([]*store.Game, error) {
	var out []*store.Game
	for _, g := range games {
		rg, err := cache.take(g)
		if err != nil {
			return nil, err
		}
		seat, _ := g.SeatOf(p.ID)
		if slices.ContainsFunc(referee.Waiting(rg), func(w referee.Wait) bool { return w.Seat == seat }) {
			out = append(out, g)
		}
		cache.put(g.ID, rg, len(g.Log))
	}
	return out, nil
}

// whichGame asks which game a command is for (in the umpire's words:
// "give 1d", "resign", which its writer reads in its own), listing the
// games in play.
func whichGame(db *store.DB, cache *gameCache, now time.Time, p *store.Player, games []*store.Game, text string) error {
	n := post.Say("which-game", "game", itoa(games[0].ID), "cmd", texts.Echo(text))
	lines, err := gameLines(db, cache, now, p, games)
	if err != nil {
		return err
	}
	n.Lines = lines
	return &post.Mistake{Note: n}
}

// counted counts the rulings of a list played in a game of variant, for the
// operator's metrics, and returns the list.
func counted(variant string, played []referee.Played) []referee.Played {
	for _, pl := range played {
		metrics.Actions.WithLabelValues(variant, string(pl.Ruling.Verdict)).Inc()
	}
	return played
}
