package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

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
func (b *Bot) play(in wire.Inbound, p *store.Player, cmd command) error {
	if isSecret(cmd.text) && !in.Private {
		return oops("err.private-only")
	}
	if ownSalt(cmd.text) {
		return oops("err.own-salt")
	}
	if referee.UmpireOnly(cmd.text) {
		return oops("err.umpire-only", "text", "timeout")
	}
	id, err := b.pickGame(p, cmd)
	if err != nil {
		return err
	}
	var last referee.Game
	var n int
	applied, err := b.apply(in, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		seat, err := playable(in, g, p)
		if err != nil {
			return nil, err
		}
		text, cut, err := triesLeft(g, seat, cmd.text)
		if err != nil { // the turn's tries are spent: only a legal move now
			if text, err = legalOnly(g, t, seat, cmd.text); err != nil {
				return nil, err
			}
		}
		if offersAgain(g.Log, seat, text) {
			return nil, oops("err.offer-standing", "game", itoa(g.ID))
		}
		if !in.Private && movesHidden(g.Variant) && !publicActions(text) {
			return nil, oops("err.moves-private")
		}
		salt := ""
		if isSecret(cmd.text) {
			if salt, err = b.dice.salt(); err != nil {
				return nil, err
			}
		}
		rg, err := b.games.take(g)
		if err != nil {
			return nil, err
		}
		if w := overdue(g.Waits, seat, sentAt(in, b.now())); w != nil && g.TimeRule != claimRule {
			rows, err := b.timeout(g, t, rg, *w) // sent too late (see OnTimeGrace)
			last, n = rg, len(g.Log)
			return rows, err
		}
		n0 := len(g.Log)
		g.DropIfs(seat) // any action of its own drops a seat's conditional line
		var rows []store.Outgoing
		if inGroup(g) {
			rows = b.ruleInGroup(in, g, t, rg, seat, text)
		} else {
			rows = append(b.rule(g, t, rg, seat, text, salt, cut), fireIfs(b, g, t, rg, seat)...)
		}
		if len(g.Log) == n0 { // the referee refused it all
			rows = b.refused.capRows(b.log, b.now(), in, rows)
		}
		last, n = rg, len(g.Log)
		return rows, nil
	})
	if applied {
		b.games.put(id, last, n)
	}
	return err
}

// movesHidden reports whether a variant hides each seat's moves from the
// others: then a move typed where others read it is refused, not played.
func movesHidden(key string) bool {
	v, ok := referee.Lookup(key)
	return ok && v.HiddenMoves
}

// publicActions reports whether every item of an attempt list is a game
// command that tells nothing hidden (resign, draw, decline, any?).
func publicActions(text string) bool {
	for _, item := range referee.SplitList(text) {
		switch item {
		case "resign", "draw", "decline", "any?":
		default:
			return false
		}
	}
	return true
}

// playable returns the seat player p holds in g, if g is in play.
func playable(in wire.Inbound, g *store.Game, p *store.Player) (referee.Seat, error) {
	seat, ok := g.SeatOf(p.ID)
	switch {
	case !ok && !mayFollow(g, p, in):
		return "", unknownGame(g)
	case !ok:
		return "", oops("err.not-yours", "game", itoa(g.ID))
	case g.State == store.StateOpen:
		return "", oops("err.not-started", "game", itoa(g.ID))
	case g.State == store.StateOver:
		return "", oops("err.over", "game", itoa(g.ID))
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
func triesLeft(g *store.Game, seat referee.Seat, text string) (string, int, error) {
	left := maxTriesPerTurn - triesThisTurn(g.Log, seat)
	if left <= 0 && !endsOrAnswers(text) {
		return "", 0, oops("err.tries-spent", "max", strconv.Itoa(maxTriesPerTurn))
	}
	limit := min(max(left, 1), maxListItems)
	cut, dropped := cutList(text, limit)
	if !dropped {
		return text, 0, nil
	}
	return cut, limit, nil
}

// legalOnly is the first item of seat's attempt list that the referee
// would accept as a move now, tried on a copy of g's game, for a seat that
// spent its tries this turn (maxTriesPerTurn); err.tries-spent when none
// is.
func legalOnly(g *store.Game, t *table, seat referee.Seat, text string) (string, error) {
	spent := oops("err.tries-spent", "max", strconv.Itoa(maxTriesPerTurn))
	copyOf, err := replay(g, len(g.Log))
	if err != nil {
		return "", err
	}
	items := referee.SplitList(text)
	for _, item := range items[:min(len(items), maxListItems)] {
		if isSecret(item) {
			continue
		}
		if ru := copyOf.Play(t.message(seat, item, "")); ru.Verdict == referee.Accepted && ru.Move != "" {
			return item, nil
		}
	}
	return "", spent
}

// offersAgain reports whether text offers a draw while the seat's last
// offer still stands: no other seat has acted since (a move or a decline
// answers it). One standing offer per seat is enough, and a flood of
// offers would bury the opponent's news.
func offersAgain(log []referee.Action, seat referee.Seat, text string) bool {
	if !slices.ContainsFunc(referee.SplitList(text), isDraw) {
		return false
	}
	for i := len(log) - 1; i >= 0 && log[i].Seat == seat; i-- {
		if slices.ContainsFunc(referee.SplitList(log[i].Text), isDraw) {
			return true
		}
	}
	return false
}

// isDraw reports whether an item of a list is a draw offer.
func isDraw(item string) bool { return strings.EqualFold(strings.TrimSpace(item), "draw") }

// endsOrAnswers reports whether text is resign, draw or decline alone.
func endsOrAnswers(text string) bool {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "resign", "draw", "decline":
		return true
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

// cutList keeps the first max items of an attempt list, and reports
// whether it dropped any.
func cutList(text string, max int) (string, bool) {
	items := referee.SplitList(text)
	if len(items) <= max {
		return text, false
	}
	return strings.Join(items[:max], "\n"), true
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

// rule plays text as seat's attempt list on rg, appends what the referee
// logged to g's log, and returns the rows to send; cut (when not 0) tells
// the mover that its list was cut to so many items.
func (b *Bot) rule(g *store.Game, t *table, rg referee.Game, seat referee.Seat, text, salt string, cut int) []store.Outgoing {
	from := len(g.Log)
	before, looked := rg.Turn(), looks(g, rg)
	played := counted(g.Variant, referee.PlayList(rg, t.message(seat, text, salt)))
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
		if s != seat && !passed && !hears(said, s) {
			continue // nothing for s: not even that something happened
		}
		n := post.Note{From: from}
		if s == seat && cut > 0 {
			n = post.Say("list-cut", "max", strconv.Itoa(cut))
			n.From = from
		}
		n.NoPicture = pictureOf(rg.View(s)) == looked[s]
		if last := played[len(played)-1]; s == seat && last.Ruling.Verdict == referee.Refused {
			n.Refused = &post.Refusal{Text: last.Action.Text, Reason: last.Ruling.Reason, Readings: last.Ruling.Readings}
		}
		r, ok := t.seatRow(g, s, post.KindView, n)
		if ok && n.Refused != nil && len(said) == 0 && !passed { // nothing happened but the refusal
			r = extra(r, likeNote(n))
		}
		if ok {
			rows = append(rows, r)
		}
	}
	if passed || hears(said, referee.Spectator) {
		same := pictureOf(rg.View(referee.Spectator)) == looked[referee.Spectator]
		rows = append(rows, t.publicRows(g, post.KindView, post.Note{From: from, NoPicture: same})...)
	}
	return rows
}

// looks are the pictures of every seat's view of rg, and of the
// spectators', as pictureOf sums them up.
func looks(g *store.Game, rg referee.Game) map[referee.Seat]string {
	out := map[referee.Seat]string{referee.Spectator: pictureOf(rg.View(referee.Spectator))}
	for _, s := range post.SeatsOf(g) {
		out[s] = pictureOf(rg.View(s))
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
	n := post.Note{From: from, News: true}
	return append(t.seatRows(g, post.KindReveal, n), t.publicRows(g, post.KindReveal, n)...)
}

// pickGame finds the game a player's action is for: the one named by #N,
// else the player's only game in play, else the only one waiting for the
// player (its turn, a crown to seal, an offer to answer). With several,
// it asks which, listing those that wait for the player.
func (b *Bot) pickGame(p *store.Player, cmd command) (uint64, error) {
	if cmd.game != 0 {
		return cmd.game, nil
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
		return 0, whichGame(b.db, b.games, b.now(), p, playing, cmd.text)
	case len(open) > 0:
		return 0, oops("err.not-started", "game", itoa(open[0].ID))
	}
	return 0, oops("err.no-game")
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

// whichGame asks which game a text is for, listing the games in play.
func whichGame(db *store.DB, cache *gameCache, now time.Time, p *store.Player, games []*store.Game, text string) error {
	n := post.Say("which-game", "game", itoa(games[0].ID), "text", texts.Echo(text))
	lines, err := gameLines(db, cache, now, p, games)
	if err != nil {
		return err
	}
	n.Lines = lines
	return &userError{n}
}

// counted counts the rulings of a list played in a game of variant, for the
// operator's metrics, and returns the list.
func counted(variant string, played []referee.Played) []referee.Played {
	for _, pl := range played {
		metrics.Actions.WithLabelValues(variant, string(pl.Ruling.Verdict)).Inc()
	}
	return played
}
