package lobby

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"sync"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/house"
	"umpire/internal/metrics"
	"umpire/referee"
	"umpire/store"
)

// HouseAddress is the house player's address: its own transport, which
// no person can write from.
var HouseAddress = store.Address{Transport: HouseTransport, ID: "house"}

// houseName is the name the house player goes by.
const houseName = house.Name

// HouseTransport is the name of the house player's transport.
const HouseTransport = post.HouseTransport

// House seats the house player (package house) at the umpire's games. It is
// a Transport of its own: the rows for the house's seats come to its Send,
// which notes that the game needs a look, and Act lets the house act in
// every game noted, through Handle, the path every player's action takes.
// Run runs both; tests call Act after flushing the house's Sender.
type House struct {
	l    *Lobby
	mu   sync.Mutex
	due  map[uint64]bool
	wake chan struct{}
	// acting counts the looks at games under way (Act), for idle.
	acting int
	seq    uint64 // makes the house's inbound ids unique
	// refused remembers, per game, the actions refused at its present
	// log length, so that a refusal (whose reply comes back to Send) is
	// never sent again: no refusal loop, even off turn.
	refused map[uint64]refusals
}

// refusals are the actions refused in a game while its log had n entries.
type refusals struct {
	n     int
	texts map[string]bool
}

var _ wire.Transport = (*House)(nil)
var _ wire.Limited = (*House)(nil)

func newHouse(l *Lobby) *House {
	return &House{l: l, due: map[uint64]bool{}, wake: make(chan struct{}, 1), refused: map[uint64]refusals{}}
}

// Name is HouseTransport.
func (h *House) Name() string { return HouseTransport }

// Limits are none: nothing goes over a network.
func (h *House) Limits() wire.Limits { return wire.NoLimits }

// Send notes the game of a view sent to a house seat: the house may have
// something to do there. Notices (a refusal, say) need nothing.
func (h *House) Send(ctx context.Context, m wire.Message) error {
	if m.Game != 0 && m.Seat != "" {
		h.note(m.Game)
	}
	return nil
}

// SeekTick is how often Receive looks for seeks to answer or let lapse.
const SeekTick = 10 * time.Second

// Receive acts, whenever a game was noted, until ctx is done, and looks
// at the seeks every SeekTick (see TickSeeks). It starts by
// noting every game in play where the house holds a seat, so that a turn
// whose row was sent before a restart is not forgotten.
func (h *House) Receive(ctx context.Context, handle wire.Handler) error {
	if err := h.noteAll(); err != nil {
		return err
	}
	tick := time.NewTicker(SeekTick)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			if err := h.l.TickSeeks(); err != nil {
				h.l.env.Log.Error("seeks", "err", err)
			}
			continue
		case <-h.wake:
		}
		if _, err := h.Act(ctx, handle); err != nil && ctx.Err() == nil {
			h.l.env.Log.Error("house", "err", err)
		}
	}
}

// note marks a game for a look.
func (h *House) note(id uint64) {
	h.mu.Lock()
	h.due[id] = true
	h.mu.Unlock()
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// Idle reports whether the house has no game to look at and none under
// way.
func (h *House) Idle() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.due) == 0 && h.acting == 0
}

// noteAll marks every game in play where the house holds a seat.
func (h *House) noteAll() error {
	p, err := h.l.env.DB.PlayerAt(HouseAddress)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	games, err := h.l.env.DB.Games(p.ID)
	for _, g := range games {
		if g.State == store.StatePlaying {
			h.note(g.ID)
		}
	}
	return err
}

// Act lets the house act in every game noted, one after the other, and
// reports whether it sent anything. A game whose look failed is left for
// the next row about it (or the next start); the others go on.
func (h *House) Act(ctx context.Context, handle wire.Handler) (bool, error) {
	h.mu.Lock()
	ids := make([]uint64, 0, len(h.due))
	for id := range h.due {
		ids = append(ids, id)
	}
	clear(h.due)
	h.acting++
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.acting--
		h.mu.Unlock()
	}()
	slices.Sort(ids)
	sent := false
	var errs []error
	for _, id := range ids {
		n, err := h.actIn(ctx, handle, id)
		sent = sent || n > 0
		if err != nil {
			errs = append(errs, fmt.Errorf("house: game %d: %w", id, err))
		}
	}
	return sent, errors.Join(errs...)
}

// maxHouseActions bounds the actions of the house in one look at a game:
// a Kriegspiel turn of many illegal tries stays well below it.
const maxHouseActions = 400

// actIn lets the house act in game id while it has something to do, for
// each seat it plays there (plays): each time from a fresh view of the
// seat, sending what Choose proposes in turn until one is not refused.
// When everything is refused on its own seat's turn, it resigns rather
// than leave its partner waiting; for a seat it sits in for, the clock
// rules instead.
func (h *House) actIn(ctx context.Context, handle wire.Handler, id uint64) (int, error) {
	sent := 0
	for sent < maxHouseActions {
		g, seats, err := h.plays(id)
		if err != nil || len(seats) == 0 {
			return sent, err
		}
		took := false
		for _, sp := range seats {
			var n int
			took, n, err = h.actAs(ctx, handle, g, sp)
			sent += n
			if took || err != nil {
				break
			}
		}
		if !took || err != nil {
			return sent, err
		}
	}
	return sent, nil
}

// actAs lets the house act once for one seat of game g, and reports
// whether the game's log grew and how many actions it sent.
func (h *House) actAs(ctx context.Context, handle wire.Handler, g *store.Game, sp seatPlay) (bool, int, error) {
	v, err := h.l.env.View(g, sp.seat)
	if err != nil {
		return false, 0, err
	}
	start := time.Now()
	chosen := house.ChooseAt(v, sp.seed, sp.level)
	metrics.Since(metrics.HouseSeconds.WithLabelValues(v.Variant), start)
	acts := h.unrefused(g.ID, len(g.Log), sp.seat, chosen)
	if len(acts) == 0 {
		return false, 0, nil
	}
	took, n, err := h.try(ctx, handle, g, sp, acts)
	if took || err != nil || v.Turn != v.Seat || sp.stand {
		return took, n, err
	}
	h.l.env.Log.Warn("house: every action refused; resigning", "game", g.ID)
	_, err = h.send(ctx, handle, g.ID, sp, referee.WordResign)
	return false, n, err
}

// try sends actions for a seat of g in turn until one goes into the
// game's log.
func (h *House) try(ctx context.Context, handle wire.Handler, g *store.Game, sp seatPlay, acts []string) (took bool, n int, err error) {
	for _, a := range acts {
		n++
		if took, err = h.send(ctx, handle, g.ID, sp, a); took || err != nil {
			return took, n, err
		}
		h.refuse(g.ID, len(g.Log), sp.seat, a)
	}
	return false, n, nil
}

// unrefused drops from acts those refused to seat in game id at its
// present log length: a new entry on the log makes every action worth a
// new try.
func (h *House) unrefused(id uint64, logLen int, seat referee.Seat, acts []string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := h.refused[id]
	if r.n != logLen {
		return acts
	}
	return slices.DeleteFunc(acts, func(a string) bool { return r.texts[string(seat)+" "+a] })
}

// refuse remembers an action of seat refused at a log length.
func (h *House) refuse(id uint64, logLen int, seat referee.Seat, text string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := h.refused[id]
	if r.n != logLen || r.texts == nil {
		r = refusals{n: logLen, texts: map[string]bool{}}
	}
	r.texts[string(seat)+" "+text] = true
	h.refused[id] = r
}

// send hands one action of the house for a seat to the bot, and reports
// whether the game's log grew: for its own seat as a private message,
// through the handler every player's action goes through; for a seat it
// sits in for, through the Env's Stand.
func (h *House) send(ctx context.Context, handle wire.Handler, id uint64, sp seatPlay, text string) (bool, error) {
	before, err := h.l.env.DB.Game(id)
	if err != nil {
		return false, err
	}
	h.mu.Lock()
	h.seq++
	key := fmt.Sprintf("%d.%d.%d", id, len(before.Log), h.seq)
	h.mu.Unlock()
	if sp.stand {
		return h.l.env.Stand(HouseTransport+":"+key, id, sp.seat, text)
	}
	in := wire.Inbound{Transport: HouseTransport, From: HouseAddress.ID, Text: fmt.Sprintf("#%d %s", id, text),
		ID: key, Name: house.Name, Private: true}
	if err := handle.Handle(ctx, in); err != nil {
		return false, err
	}
	after, err := h.l.env.DB.Game(id)
	if err != nil {
		return false, err
	}
	return len(after.Log) > len(before.Log), nil
}

// seatPlay is a seat the house plays in a game: its own, with its level
// and the coin of its join token, or one in civil disorder it sits in for
// (stand: store.Spell), at level 1 with the spell's coin.
type seatPlay struct {
	seat  referee.Seat
	seed  uint64
	level house.Level
	stand bool
}

// plays are game id and the seats the house plays in it now: none when
// the game is not in play.
func (h *House) plays(id uint64) (*store.Game, []seatPlay, error) {
	hp, err := h.l.HousePlayer()
	if err != nil {
		return nil, nil, err
	}
	g, err := h.l.env.DB.Game(id)
	if err != nil || g.State != store.StatePlaying {
		return nil, nil, err
	}
	var out []seatPlay
	if seat, ok := g.SeatOf(hp.ID); ok {
		out = append(out, seatPlay{seat: seat, seed: seedOf(g.Seats[seat].Token), level: levelOf(g)})
	}
	for _, sp := range g.Pace.Spells {
		if sp.To == 0 && h.l.env.Now().Before(sp.Ends) {
			out = append(out, seatPlay{seat: sp.Seat, seed: sp.Seed, level: house.Level1, stand: true})
		}
	}
	return g, out, nil
}

// levelOf is the house's level in game g.
func levelOf(g *store.Game) house.Level {
	if level := house.Level(g.House); house.ValidLevel(level) {
		return level
	}
	return house.Level1 // a game made before the levels
}

// seedOf makes the house's coin for a seat from the seat's join token,
// which nobody else ever saw: the house took the seat itself.
func seedOf(token string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(token))
	return f.Sum64()
}
