package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"umpire/house"
	"umpire/internal/cputime"
	"umpire/referee"
)

// matchCommand is `umpire match`.
var matchCommand = command{"match", "play two players against each other: -variant V [-rules R] -games N -a PLAYER -b PLAYER [-seed S] (players: " + house.PlayerNames + ")", matchCmd}

// matchCmd plays games between two players, the colours alternating (in
// three-player chess A takes each seat in turn, B the other two), and
// prints a line per game, then A's wins, the draws and B's wins with the
// mean plies, and each house's processor time per choice.
func matchCmd(ctx context.Context, args []string, e *env) error {
	fs, variant, rules, games := gameFlags("match", e, "games to play")
	aName := fs.String("a", "house2", "player A: "+house.PlayerNames)
	bName := fs.String("b", "random", "player B")
	seed := fs.Uint64("seed", 1, "the first game's seed; game i plays seed+i")
	if err := fs.Parse(args); err != nil {
		return err
	}
	v, err := matchVariant("match", *variant, *rules, *games)
	if err != nil {
		return err
	}
	players, err := parsePlayers(v, []string{*aName, *bName})
	if err != nil {
		return err
	}
	a, b := players[0], players[1]
	clock := house.NewClock(processorTime)
	t, err := playMatch(ctx, v, *rules, a, b, *games, *seed, clock, func(i int, g house.Game) {
		fmt.Fprintf(e.stdout, "game %d: %s (%s) vs %s: %s, %d plies\n", i+1, a.Name, v.Seats[i%len(v.Seats)], b.Name, ending(g), g.Plies)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s %d/%d/%d %s, mean %.1f plies\n", a.Name, t.wins, t.draws, t.losses, b.Name, float64(t.plies)/float64(*games))
	printTimes(e.stdout, clock, players)
	return nil
}

// gameFlags makes the flag set a match or a ladder shares: the variant,
// its rule set and the number of games.
func gameFlags(name string, e *env, games string) (*flag.FlagSet, *string, *string, *int) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	return fs, fs.String("variant", "kriegspiel", "variant key"), fs.String("rules", "", "rule set (default: the variant's first)"),
		fs.Int("games", 10, games)
}

// matchVariant looks up a match's variant and checks its rule set and
// number of games.
func matchVariant(cmd, key, rules string, games int) (*referee.Variant, error) {
	v, ok := referee.Lookup(key)
	if !ok {
		return nil, fmt.Errorf("%s: no variant %q", cmd, key)
	}
	if rules != "" && !slices.Contains(v.RuleSets, rules) {
		return nil, fmt.Errorf("%s: %s has no rule set %q (it has %v)", cmd, v.Key, rules, v.RuleSets)
	}
	if games < 1 || games > 100000 {
		return nil, fmt.Errorf("%s: -games %d: want 1 to 100000", cmd, games)
	}
	return v, nil
}

// parsePlayers reads players' names and checks that each plays v.
func parsePlayers(v *referee.Variant, names []string) ([]house.Player, error) {
	var out []house.Player
	for _, n := range names {
		p, err := house.ParsePlayer(n)
		if err != nil {
			return nil, err
		}
		if !p.Plays(v.Key) {
			return nil, fmt.Errorf("%s does not play %s", p.Name, v.Key)
		}
		out = append(out, p)
	}
	return out, nil
}

// tally is a match's score for its player A.
type tally struct {
	wins, draws, losses, plies int
	// ends counts the games neither won nor lost, by how they ended.
	ends map[string]int
}

// playMatch plays games games of v between a and b, game i with seed
// seed+i and A in seat i (mod the seats), calling each after every game.
func playMatch(ctx context.Context, v *referee.Variant, rules string, a, b house.Player, games int, seed uint64,
	clock *house.Clock, each func(i int, g house.Game)) (tally, error) {
	t := tally{ends: map[string]int{}}
	for i := range games {
		if err := ctx.Err(); err != nil {
			return t, err
		}
		g, err := house.PlayGame(v, rules, a, b, i, seed+uint64(i), clock)
		if err != nil {
			return t, err
		}
		t.plies += g.Plies
		switch {
		case g.Points == 1:
			t.wins++
		case g.Points == 0:
			t.losses++
		default:
			t.draws++
			t.ends[g.Reason]++
		}
		if each != nil {
			each(i, g)
		}
	}
	return t, nil
}

// ending says how a game ended: its result and reason, or that it did not.
func ending(g house.Game) string {
	if g.Result == "" {
		return fmt.Sprintf("unfinished after %d plies", house.MaxPlies)
	}
	return g.Result + " " + g.Reason
}

// drawList lists a tally's draws by how they ended, the commonest first
// ("insufficient-material 7, stalemate 2"); an unfinished game's reason is
// "".
func (t tally) drawList() string {
	reasons := slices.Collect(maps.Keys(t.ends))
	slices.SortFunc(reasons, func(a, b string) int {
		if t.ends[a] != t.ends[b] {
			return t.ends[b] - t.ends[a]
		}
		return strings.Compare(a, b)
	})
	var parts []string
	for _, r := range reasons {
		name := r
		if r == "" {
			name = "unfinished"
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, t.ends[r]))
	}
	return strings.Join(parts, ", ")
}

// printTimes prints each house player's processor time per choice, once
// per name.
func printTimes(w io.Writer, clock *house.Clock, players []house.Player) {
	done := map[string]bool{}
	for _, p := range players {
		if !p.IsHouse() || done[p.Name] {
			continue
		}
		done[p.Name] = true
		fmt.Fprintf(w, "%s: processor time per choice median %v, p99 %v, max %v (%d choices)\n", p.Name,
			clock.Percentile(p.Name, 50), clock.Percentile(p.Name, 99), clock.Percentile(p.Name, 100), len(clock.Times[p.Name]))
	}
}

// processorTime is the processor time the process has used, the wall
// clock's where the system does not tell it.
func processorTime() time.Duration {
	if t, ok := cputime.Used(); ok {
		return t
	}
	return house.WallClock()
}
