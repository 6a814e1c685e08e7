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

// actIn lets the house act in game id while it has something to do: each
// time from a fresh view of its seat, sending what Choose proposes in turn
// until one is not refused. When everything is refused on its turn, it
// resigns rather than leave its partner waiting.
func (h *House) actIn(ctx context.Context, handle wire.Handler, id uint64) (int, error) {
	sent := 0
	for sent < maxHouseActions {
		v, seed, level, logLen, err := h.view(id)
		if err != nil || logLen < 0 {
			return sent, err
		}
		start := time.Now()
		chosen := house.ChooseAt(v, seed, level)
		metrics.Since(metrics.HouseSeconds.WithLabelValues(v.Variant), start)
		acts := h.unrefused(id, logLen, chosen)
		if len(acts) == 0 {
			return sent, nil
		}
		took, n, err := h.try(ctx, handle, id, logLen, acts)
		sent += n
		if err != nil {
			return sent, err
		}
		if took {
			continue
		}
		if v.Turn == v.Seat {
			h.l.env.Log.Warn("house: every action refused; resigning", "game", id)
			_, err = h.send(ctx, handle, id, referee.WordResign)
		}
		return sent, err
	}
	return sent, nil
}

// try sends actions in turn until one goes into the game's log.
func (h *House) try(ctx context.Context, handle wire.Handler, id uint64, logLen int, acts []string) (took bool, n int, err error) {
	for _, a := range acts {
		n++
		if took, err = h.send(ctx, handle, id, a); took || err != nil {
			return took, n, err
		}
		h.refuse(id, logLen, a)
	}
	return false, n, nil
}

// unrefused drops from acts those refused in game id at its present log
// length: a new entry on the log makes every action worth a new try.
func (h *House) unrefused(id uint64, logLen int, acts []string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := h.refused[id]
	if r.n != logLen {
		return acts
	}
	return slices.DeleteFunc(acts, func(a string) bool { return r.texts[a] })
}

// refuse remembers an action refused at a log length.
func (h *House) refuse(id uint64, logLen int, text string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := h.refused[id]
	if r.n != logLen || r.texts == nil {
		r = refusals{n: logLen, texts: map[string]bool{}}
	}
	r.texts[text] = true
	h.refused[id] = r
}

// send hands one action of the house to the bot as a private message, and
// reports whether the game's log grew.
func (h *House) send(ctx context.Context, handle wire.Handler, id uint64, text string) (bool, error) {
	before, err := h.l.env.DB.Game(id)
	if err != nil {
		return false, err
	}
	h.mu.Lock()
	h.seq++
	key := fmt.Sprintf("%d.%d.%d", id, len(before.Log), h.seq)
	h.mu.Unlock()
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

// view is the house's seat's view of game id, its seed, its level and the length
// of the game's log; the length is -1 when the game is not in play or the
// house holds no seat there.
func (h *House) view(id uint64) (referee.View, uint64, house.Level, int, error) {
	hp, err := h.l.HousePlayer()
	if err != nil {
		return referee.View{}, 0, 0, -1, err
	}
	g, err := h.l.env.DB.Game(id)
	if err != nil {
		return referee.View{}, 0, 0, -1, err
	}
	seat, ok := g.SeatOf(hp.ID)
	if !ok || g.State != store.StatePlaying {
		return referee.View{}, 0, 0, -1, nil
	}
	v, err := h.l.env.View(g, seat)
	if err != nil {
		return referee.View{}, 0, 0, -1, err
	}
	return v, seedOf(g.Seats[seat].Token), levelOf(g), len(g.Log), nil
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
