package house

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"umpire/referee"
)

// Matches. A match plays games of one variant between two players — the
// house at a level, a random player, or a port of one of kriegspiel.org's
// bots (ksbots.go) — on a referee game in memory, each seeing only its
// own seat's view, the colours alternating. `umpire match` and `umpire
// ladder` print them; the tests measure the house with them.

// Player is one side of a match.
type Player struct {
	Name   string // house1, house2, house3, random, ks-random, ks-simple
	Level  Level  // the house's level; 0 for the others
	Random bool
	// bot is the choice of a player other than the house and the random
	// player: a pure function of its seat's view and its seed.
	bot func(v referee.View, seed uint64) []string
}

// PlayerNames lists the players a match knows, for a usage line.
const PlayerNames = "house1, house2, house3, random, ks-random, ks-simple"

// ParsePlayer reads a player's name.
func ParsePlayer(name string) (Player, error) {
	switch name {
	case "random":
		return Player{Name: name, Random: true}, nil
	case "house1", "house2", "house3":
		return Player{Name: name, Level: Level(name[5] - '0')}, nil
	case "ks-random":
		return Player{Name: name, bot: ksRandom}, nil
	case "ks-simple":
		return Player{Name: name, bot: ksSimple}, nil
	}
	return Player{}, fmt.Errorf("player %q: want one of %s", name, PlayerNames)
}

// Plays reports whether the player plays a variant: kriegspiel.org's bots
// play Kriegspiel and dark chess only.
func (p Player) Plays(variant string) bool {
	if p.bot != nil {
		_, ok := ksPlays(variant)
		return ok
	}
	return Plays(variant)
}

// IsHouse reports whether the player is the house, at some level.
func (p Player) IsHouse() bool { return p.Level > 0 }

// choose is the player's choice from view v, timed on clock.
func (p Player) choose(v referee.View, seed uint64, clock *Clock) []string {
	var acts []string
	clock.time(p.Name, func() {
		if p.bot != nil {
			acts = p.bot(v, seed)
		} else {
			acts = ChooseAt(v, seed, p.Level)
		}
	})
	return acts
}

// MaxPlies ends a match game that has not ended by itself: it counts as
// unfinished, a draw for the score.
const MaxPlies = 600

// ErrStalled is returned by PlayGame when two rounds passed without a
// move: a player had nothing to say on its turn.
var ErrStalled = errors.New("no move in two rounds")

// Game is one game of a match.
type Game struct {
	Seats          map[referee.Seat]Player
	Result, Reason string // "" when unfinished
	Plies          int
	Points         float64 // A's: 1, ½, 0 (in triad 2, 1, 0 halved)
}

// Clock gathers the time of each choice by player name. Read is the time
// it reads: the wall clock, or the process's processor time (a level's
// budget is processor time, and a machine busy with other work stretches
// the wall clock).
type Clock struct {
	Times map[string][]time.Duration
	Read  func() time.Duration
}

// NewClock is a clock that reads read, or the wall clock when read is nil.
func NewClock(read func() time.Duration) *Clock {
	if read == nil {
		read = WallClock
	}
	return &Clock{Times: map[string][]time.Duration{}, Read: read}
}

// WallClock is the wall clock's time, as a clock reads it.
func WallClock() time.Duration { return time.Duration(time.Now().UnixNano()) }

// time runs f and adds the time it took to name's (a nil clock only runs it).
func (c *Clock) time(name string, f func()) {
	if c == nil {
		f()
		return
	}
	start := c.Read()
	f()
	c.Times[name] = append(c.Times[name], c.Read()-start)
}

// Percentile is the p-th percentile (0 to 100) of a player's choice times.
func (c *Clock) Percentile(name string, p float64) time.Duration {
	ts := slices.Clone(c.Times[name])
	if len(ts) == 0 {
		return 0
	}
	slices.Sort(ts)
	return ts[min(len(ts)-1, int(float64(len(ts))*p/100))]
}

// PlayGame plays one game of variant v under a rule set: A takes seat
// number first (by turn order), B every other seat. It gives each choice's
// time to clock.
func PlayGame(v *referee.Variant, rules string, a, b Player, first int, seed uint64, clock *Clock) (Game, error) {
	for _, p := range []Player{a, b} {
		if !p.Plays(v.Key) {
			return Game{}, fmt.Errorf("%s does not play %s", p.Name, v.Key)
		}
	}
	g, err := v.New(referee.Options{Rules: rules})
	if err != nil {
		return Game{}, err
	}
	out := Game{Seats: map[referee.Seat]Player{}}
	for i, s := range v.Seats {
		out.Seats[s] = b
		if i == first%len(v.Seats) {
			out.Seats[s] = a
		}
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for n, last := 0, -1; n < MaxPlies && g.Turn() != ""; n++ {
		if n%2 == 0 { // every second round: a move since the last look
			ply := g.View(referee.God).Ply
			if ply == last {
				return out, fmt.Errorf("%s game %d: %w at ply %d", v.Key, seed, ErrStalled, ply)
			}
			last = ply
		}
		for _, s := range v.Seats {
			p := out.Seats[s]
			if p.Random {
				randomTurn(g, s, rng, clock)
				continue
			}
			view := func() referee.View { return g.View(s) }
			choose := func(v referee.View) []string { return p.choose(v, seed^uint64(len(s)), clock) }
			play := func(text string) referee.Ruling {
				return g.Play(referee.Action{Seat: s, Text: text, Salt: "c0ffee"})
			}
			if _, err := turn(view, play, choose); err != nil {
				return out, fmt.Errorf("%s game %d: %s in %s: %w", v.Key, seed, p.Name, s, err)
			}
		}
	}
	out.Plies = g.View(referee.God).Ply
	out.Result, out.Reason = g.Result()
	out.Points = 0.5
	if out.Result != "" {
		out.Points = points(v, out.Result, v.Seats[first%len(v.Seats)])
	}
	return out, nil
}

// randomTurn plays a random player's turn from its own view: the house's
// own candidates in random order, secret choices first, until the turn
// passes; it resigns when all are refused.
func randomTurn(g referee.Game, seat referee.Seat, rng *rand.Rand, clock *Clock) {
	v := g.View(seat)
	var acts []string
	clock.time("random", func() { acts = Choose(v, rng.Uint64()) })
	var first, moves []string
	for _, a := range acts {
		if isMove(a) {
			moves = append(moves, a)
		} else {
			first = append(first, a)
		}
	}
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	for _, a := range first {
		g.Play(referee.Action{Seat: seat, Text: a, Salt: "5a17"})
	}
	if len(moves) == 0 || g.Turn() != seat {
		return
	}
	for _, a := range moves {
		g.Play(referee.Action{Seat: seat, Text: a, Salt: "5a17"})
		if g.Turn() != seat {
			return
		}
	}
	if g.Turn() == seat {
		g.Play(referee.Action{Seat: seat, Text: "resign"})
	}
}

// points reads a result for one seat: "1-0", "0-1", "1/2-1/2", or triad's
// points per seat in turn order ("2-1-0", "1.5-1.5-0"), halved so that a
// seat's share is between 0 and 1 in every variant.
func points(v *referee.Variant, res string, s referee.Seat) float64 {
	parts := strings.Split(res, "-")
	for i, seat := range v.Seats {
		if seat != s || i >= len(parts) {
			continue
		}
		if parts[i] == "1/2" {
			return 0.5
		}
		n, err := strconv.ParseFloat(parts[i], 64)
		if err != nil {
			return 0
		}
		if len(v.Seats) == 3 {
			return n / 2
		}
		return n
	}
	return 0
}
