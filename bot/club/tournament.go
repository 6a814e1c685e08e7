package club

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/internal/tourney"
	"umpire/referee"
	"umpire/store"
)

// Bounds of a tournament: the players it takes (each plays all the
// others at once, so each holds that many games), and the fewest it
// starts with.
const (
	MaxPlayers      = 12 // two-seat variants: 11 games each, 22 with double
	MaxTriadPlayers = 6  // three-player chess: 10 games each, 30 with double
)

// Spec is what a tournament plays.
type Spec struct {
	Variant string
	Options referee.Options
	Clock   time.Duration
	Double  bool
	Casual  bool          // its games are not rated
	Inc     time.Duration // the clock's increment (3d+1d)
	Claim   bool          // the claim rule, not the flag
	Pace    store.Pace    // its games' pace (ext2, 1d@21:00, cd): its rules
}

// maxOf is the most players a tournament of variant v takes; minOf the
// fewest it starts with: a group of three for three-player chess, else two.
func maxOf(v *referee.Variant) int {
	if len(v.Seats) > 2 {
		return MaxTriadPlayers
	}
	return MaxPlayers
}

func minOf(v *referee.Variant) int { return len(v.Seats) }

// Open opens a tournament in a group, its maker the first to sign up,
// and posts its sign-up with buttons to join and to start.
func (c *Club) Open(key string, chat store.Address, maker *store.Player, s Spec) error {
	v, ok := referee.Lookup(s.Variant)
	if !ok {
		return post.Oops("err.unknown-variant", "name", s.Variant)
	}
	return c.once(key, func(tx *store.Tx) error {
		t := &store.Tournament{Chat: chat, Maker: maker.ID, Variant: v.Key, Options: s.Options, Clock: s.Clock,
			Double: s.Double, Casual: s.Casual, Increment: s.Inc, Claim: s.Claim, Pace: s.Pace.Rules(), State: store.TourneySignup, Created: c.env.Now(), Players: []uint64{maker.ID}}
		switch err := tx.PutTournament(t); {
		case errors.Is(err, store.ErrMakerHasTourney):
			return c.makersOwn(tx, chat, maker)
		case errors.Is(err, store.ErrTooManyTourneys):
			return &post.Mistake{Note: withSpan(post.Say("err.tourney-many", "max", strconv.Itoa(store.MaxTourneysPerChat)), SignupLapse)}
		case err != nil:
			return err
		}
		return c.signup(tx, t)
	})
}

// makersOwn is the refusal of a second tournament open at once in chat by
// the same maker: one member holds one of a group's places at a time.
func (c *Club) makersOwn(tx *store.Tx, chat store.Address, maker *store.Player) error {
	open, err := tx.Tournaments(chat)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(open, func(t *store.Tournament) bool { return t.Maker == maker.ID })
	if i < 0 { // not the store's word, then: read again
		return store.ErrMakerHasTourney
	}
	return post.Oops("err.tourney-yours", "tourney", itoa(open[i].ID))
}

// signup queues the sign-up of t, or its new list of players, to its
// group: one message, edited in place where the transport can.
func (c *Club) signup(tx *store.Tx, t *store.Tournament) error {
	v, _ := referee.Lookup(t.Variant)
	names, err := c.names(tx, t.Players)
	if err != nil {
		return err
	}
	id := itoa(t.ID)
	n := post.Say("tourney.signup", "tourney", id, "variant", t.Variant, "n", strconv.Itoa(len(t.Players)),
		"min", strconv.Itoa(minOf(v)), "max", strconv.Itoa(maxOf(v)), "players", strings.Join(names, ", "))
	n.Args["maker"] = names[0]
	n.Sub = map[string][]post.Note{"what": {playsNote(t)}}
	n.Lines = []post.Note{withSpan(post.Say("tourney.lapses"), SignupLapse)}
	n.Buttons = []wire.Button{{Label: "btn.tourney-join", Command: "tournament join " + id},
		{Label: "btn.tourney-start", Command: "tournament begin " + id}}
	n.Slot = post.TourneySlot(t.ID)
	_, err = tx.Queue(c.toGroup(tx, t, n))
	return err
}

// playsNote says what a tournament plays: the variant, its rule set, its
// clock and whether each pairing is played twice; then its games' pace,
// as a game's is said to the public after its clock (post.PaceAfterClock).
func playsNote(t *store.Tournament) post.Note {
	id := "tourney.plays"
	if t.Double {
		id += "-double"
	}
	if t.Clock == 0 {
		return post.Say(id+"-untimed", "variant", Pool(t.Variant, t.Options))
	}
	n := post.Say(id, "variant", Pool(t.Variant, t.Options))
	n.Sub = map[string][]post.Note{"clock": {post.ClockSpan(t.Clock, t.Increment)}}
	if pn := post.PaceAfterClock(&store.Game{Clock: t.Clock, Increment: t.Increment, Pace: t.Pace}, "", time.Time{}); pn != nil {
		n.Lines = append(n.Lines, *pn)
	}
	return n
}

// names are the shown names of players, in order.
func (c *Club) names(tx *store.Tx, ids []uint64) ([]string, error) {
	out := make([]string, len(ids))
	for i, id := range ids {
		p, err := tx.Player(id)
		if err != nil {
			return nil, err
		}
		out[i] = post.Name(p)
	}
	return out, nil
}

// pick finds the tournament a command in chat means: number n (0 for
// "the one open"), open when open is set.
func pick(tx *store.Tx, chat store.Address, n uint64) (*store.Tournament, error) {
	open, err := tx.Tournaments(chat)
	if err != nil {
		return nil, err
	}
	if n != 0 {
		i := slices.IndexFunc(open, func(t *store.Tournament) bool { return t.ID == n })
		if i < 0 {
			return nil, post.Oops("err.tourney-unknown", "tourney", itoa(n))
		}
		return open[i], nil
	}
	switch len(open) {
	case 0:
		return nil, post.Oops("err.tourney-none")
	case 1:
		return open[0], nil
	}
	var ids []string
	for _, t := range open {
		ids = append(ids, itoa(t.ID))
	}
	return nil, post.Oops("err.tourney-which", "list", strings.Join(ids, ", "))
}

// Join signs p up for tournament n of chat (0: its one open).
func (c *Club) Join(key string, chat store.Address, p *store.Player, n uint64) error {
	return c.once(key, func(tx *store.Tx) error {
		t, err := pick(tx, chat, n)
		if err != nil {
			return err
		}
		return c.join(tx, t, p)
	})
}

// JoinInvited signs p up for tournament n from a private chat at from,
// an address the tournament's maker invited.
func (c *Club) JoinInvited(key string, from store.Address, p *store.Player, n uint64) error {
	return c.once(key, func(tx *store.Tx) error {
		t, err := tx.Tournament(n)
		if errors.Is(err, store.ErrNotFound) || err == nil && !slices.Contains(t.Invited, from.String()) {
			return post.Oops("err.tourney-group")
		}
		if err != nil {
			return err
		}
		if err := c.join(tx, t, p); err != nil {
			return err
		}
		_, err = tx.Queue(c.notice(tx, from, post.Say("tourney.joined-invited", "tourney", itoa(t.ID))))
		return err
	})
}

// join adds p to the sign-up of t, and shows the group the new list.
func (c *Club) join(tx *store.Tx, t *store.Tournament, p *store.Player) error {
	v, _ := referee.Lookup(t.Variant)
	id := itoa(t.ID)
	switch {
	case t.State != store.TourneySignup:
		return post.Oops("err.tourney-started", "tourney", id)
	case slices.Contains(t.Players, p.ID):
		return post.Oops("err.tourney-in", "tourney", id)
	case len(t.Players) >= maxOf(v):
		return post.Oops("err.tourney-full", "tourney", id, "max", strconv.Itoa(maxOf(v)))
	}
	t.Players = append(t.Players, p.ID)
	if err := tx.PutTournament(t); err != nil {
		return err
	}
	return c.signup(tx, t)
}

// Invitee is someone the maker invites by address.
type Invitee struct {
	Addr store.Address
	Lang string
}

// Invite sends an invitation to tournament n of chat to an address, for
// a player who cannot press the group's button (a mail player): only the
// maker may, during the sign-up, as many as the tournament has places.
// mayInvite says whether the umpire may write there now (the bot's caps
// on invitations); when it may not, the maker is told to pass the word
// on, and not why.
func (c *Club) Invite(key string, chat store.Address, p *store.Player, n uint64, to Invitee, mayInvite func(tx *store.Tx) (bool, error)) error {
	return c.once(key, func(tx *store.Tx) error {
		t, v, err := makers(tx, chat, n, p, "err.tourney-maker-invite")
		if err != nil {
			return err
		}
		id := itoa(t.ID)
		if len(t.Invited) >= maxOf(v) {
			return post.Oops("err.tourney-full", "tourney", id, "max", strconv.Itoa(maxOf(v)))
		}
		may, err := mayInvite(tx)
		if err != nil {
			return err
		}
		if !may {
			_, err := tx.Queue(c.notice(tx, chat, post.Say("tourney.invite-link", "tourney", id)))
			return err
		}
		if !slices.Contains(t.Invited, to.Addr.String()) {
			t.Invited = append(t.Invited, to.Addr.String())
		}
		if err := tx.PutTournament(t); err != nil {
			return err
		}
		inv := post.Say("tourney.invited", "tourney", id, "maker", post.Name(p))
		inv.Sub = map[string][]post.Note{"what": {playsNote(t)}}
		inv.Lines = []post.Note{post.Say("invited-stop")}
		inv.Unsolicited = true
		_, err = tx.Queue(store.Outgoing{To: to.Addr, Kind: post.KindNotice, Lang: to.Lang, Text: inv.Encode()},
			c.notice(tx, chat, post.Say("tourney.invite-sent", "tourney", id)))
		return err
	})
}

// makers is tournament n of chat during its sign-up, with its variant, for
// its maker p: anyone else is refused with notMaker.
func makers(tx *store.Tx, chat store.Address, n uint64, p *store.Player, notMaker string) (*store.Tournament, *referee.Variant, error) {
	t, err := pick(tx, chat, n)
	if err != nil {
		return nil, nil, err
	}
	v, _ := referee.Lookup(t.Variant)
	switch id := itoa(t.ID); {
	case t.State != store.TourneySignup:
		return nil, nil, post.Oops("err.tourney-started", "tourney", id)
	case t.Maker != p.ID:
		return nil, nil, post.Oops(notMaker, "tourney", id)
	}
	return t, v, nil
}

// Begin starts tournament n of chat: only its maker may, once enough have
// signed up and each has room for the games. The pairings are fixed and
// every game is made at once.
func (c *Club) Begin(key string, chat store.Address, p *store.Player, n uint64) error {
	var started *store.Tournament
	err := c.once(key, func(tx *store.Tx) error {
		t, v, err := makers(tx, chat, n, p, "err.tourney-maker")
		if err != nil {
			return err
		}
		id := itoa(t.ID)
		if len(t.Players) < minOf(v) {
			return post.Oops("err.tourney-few", "tourney", id, "min", strconv.Itoa(minOf(v)))
		}
		t.Pairings = pairings(len(v.Seats), len(t.Players), t.Double)
		names, err := c.names(tx, t.Players)
		if err != nil {
			return err
		}
		for i, pid := range t.Players {
			games := 0
			for _, pr := range t.Pairings {
				if slices.Contains(pr.Seats, i) {
					games++
				}
			}
			q, err := tx.Player(pid)
			if err != nil {
				return err
			}
			if !c.env.Room(q, games) {
				return post.Oops("err.tourney-room", "tourney", id, "name", names[i], "n", strconv.Itoa(games))
			}
		}
		t.State, t.Ends = store.TourneyPlaying, c.env.Now().Add(TimeOf(t.Clock))
		if err := tx.PutTournament(t); err != nil {
			return err
		}
		started = t
		rounds := t.Pairings[len(t.Pairings)-1].Round
		note := post.Say("tourney.started", "tourney", id, "games", strconv.Itoa(len(t.Pairings)), "rounds", strconv.Itoa(rounds))
		note.Sub = map[string][]post.Note{"what": {playsNote(t)}}
		note.Lines = []post.Note{withSpan(post.Say("tourney.time"), TimeOf(t.Clock))}
		_, err = tx.Queue(c.toGroup(tx, t, note))
		return err
	})
	if err != nil || started == nil {
		return err
	}
	return c.make(started)
}

// pairings are the games of a round robin of n players of a variant of
// seats seats.
func pairings(seats, n int, double bool) []store.Pairing {
	var out []store.Pairing
	if seats > 2 {
		for _, g := range tourney.Triads(n, double) {
			out = append(out, store.Pairing{Round: 1, Seats: g})
		}
		return out
	}
	for r, round := range tourney.Berger(n, double) {
		for _, p := range round {
			out = append(out, store.Pairing{Round: r + 1, Seats: []int{p[0], p[1]}})
		}
	}
	return out
}

// make makes every game of t not made yet, then marks t made. A game is
// made once whatever happens: its key names the tournament and pairing,
// and the store indexes it by both in the transaction that makes it.
func (c *Club) make(t *store.Tournament) error {
	var made map[int]uint64
	var players []*store.Player
	err := c.env.DB.View(func(tx *store.Tx) error {
		var err error
		if made, err = tx.TourneyGames(t.ID); err != nil {
			return err
		}
		for _, id := range t.Players {
			p, err := tx.Player(id)
			if err != nil {
				return err
			}
			players = append(players, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i, pr := range t.Pairings {
		if made[i] != 0 {
			continue
		}
		var seated []*store.Player
		for _, s := range pr.Seats {
			seated = append(seated, players[s])
		}
		like := &store.Game{Variant: t.Variant, Options: t.Options, Clock: t.Clock, Chat: t.Chat, Maker: t.Maker,
			Tournament: t.ID, Pairing: i, Pairings: len(t.Pairings), Casual: t.Casual, Increment: t.Increment, Pace: t.Pace.Rules()}
		if t.Claim {
			like.TimeRule = "claim"
		}
		if err := c.env.Start("tourney:"+itoa(t.ID)+":"+strconv.Itoa(i), like, seated); err != nil {
			return err
		}
	}
	return c.env.DB.Update(func(tx *store.Tx) error {
		t, err := tx.Tournament(t.ID)
		if err != nil {
			return err
		}
		t.Made = true
		return tx.PutTournament(t)
	})
}

// Leave takes p out of tournament n of chat: before the start off the
// list (the maker cancels it so), after it by forfeiting every game of
// p's not ended, which the umpire resigns in p's name.
func (c *Club) Leave(key string, chat store.Address, p *store.Player, n uint64) error {
	var playing *store.Tournament
	err := c.once(key, func(tx *store.Tx) error {
		t, err := pick(tx, chat, n)
		if err != nil {
			return err
		}
		id := itoa(t.ID)
		i := slices.Index(t.Players, p.ID)
		switch {
		case i < 0 || slices.Contains(t.Left, p.ID):
			return post.Oops("err.tourney-out", "tourney", id)
		case t.State == store.TourneySignup && p.ID == t.Maker:
			return c.end(tx, t.ID, store.TourneySignup, post.Say("tourney.cancelled", "tourney", id))
		case t.State == store.TourneySignup:
			t.Players = slices.Delete(t.Players, i, i+1)
			if err := tx.PutTournament(t); err != nil {
				return err
			}
			return c.signup(tx, t)
		}
		t.Left = append(t.Left, p.ID)
		if err := tx.PutTournament(t); err != nil {
			return err
		}
		playing = t
		_, err = tx.Queue(c.toGroup(tx, t, post.Say("tourney.left", "tourney", id, "name", post.Name(p))))
		return err
	})
	if err != nil || playing == nil {
		return err
	}
	return c.forfeit(playing, p)
}

// forfeitAs is forfeit for player id.
func (c *Club) forfeitAs(t *store.Tournament, id uint64) error {
	p, err := c.env.DB.Player(id)
	if err != nil {
		return err
	}
	return c.forfeit(t, p)
}

// forfeit resigns, in p's name, every game of tournament t that p holds a
// seat in and that has not ended.
func (c *Club) forfeit(t *store.Tournament, p *store.Player) error {
	live, err := c.live(t, p.ID)
	for _, id := range live {
		if err == nil {
			err = c.env.Resign("tourney:"+itoa(t.ID)+":forfeit:"+itoa(id), p, id)
		}
	}
	return err
}

// live are the games of tournament t that have not ended, in the order of
// its pairings: those player pid holds a seat in, or all for pid 0.
func (c *Club) live(t *store.Tournament, pid uint64) ([]uint64, error) {
	var live []uint64
	err := c.env.DB.View(func(tx *store.Tx) error {
		games, err := tx.TourneyGames(t.ID)
		if err != nil {
			return err
		}
		for _, id := range sortedGames(games) {
			g, err := tx.GameHead(id)
			if err != nil {
				return err
			}
			if _, in := g.SeatOf(pid); (in || pid == 0) && g.State != store.StateOver {
				live = append(live, id)
			}
		}
		return nil
	})
	return live, err
}

// sortedGames are a tournament's games in the order of its pairings.
func sortedGames(games map[int]uint64) []uint64 {
	var out []uint64
	for _, i := range slices.Sorted(maps.Keys(games)) {
		out = append(out, games[i])
	}
	return out
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
