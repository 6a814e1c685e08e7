package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"time"

	"umpire/house"
	"umpire/internal/cputime"
	"umpire/referee"
)

// matchCommand is `umpire match`.
var matchCommand = command{"match", "play two players against each other: -variant V [-rules R] -games N -a PLAYER -b PLAYER [-seed S] (players: house1, house2, house3, random)", matchCmd}

// matchCmd plays games between two players, the colours alternating (in
// three-player chess A takes each seat in turn, B the other two), and
// prints a line per game, then A's wins, the draws and B's wins with the
// mean plies, and each house's processor time per choice.
func matchCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	variant := fs.String("variant", "kriegspiel", "variant key")
	rules := fs.String("rules", "", "rule set (default: the variant's first)")
	games := fs.Int("games", 10, "games to play")
	aName := fs.String("a", "house2", "player A: house1, house2, house3 or random")
	bName := fs.String("b", "random", "player B")
	seed := fs.Uint64("seed", 1, "the first game's seed; game i plays seed+i")
	if err := fs.Parse(args); err != nil {
		return err
	}
	v, ok := referee.Lookup(*variant)
	if !ok {
		return fmt.Errorf("match: no variant %q", *variant)
	}
	if *rules != "" && !slices.Contains(v.RuleSets, *rules) {
		return fmt.Errorf("match: %s has no rule set %q (it has %v)", v.Key, *rules, v.RuleSets)
	}
	a, err := house.ParsePlayer(*aName)
	if err != nil {
		return err
	}
	b, err := house.ParsePlayer(*bName)
	if err != nil {
		return err
	}
	if *games < 1 || *games > 100000 {
		return fmt.Errorf("match: -games %d: want 1 to 100000", *games)
	}
	clock := house.NewClock(processorTime)
	wins, draws, losses, plies := 0, 0, 0, 0
	for i := range *games {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := house.PlayGame(v, *rules, a, b, i, *seed+uint64(i), clock)
		if err != nil {
			return err
		}
		plies += g.Plies
		seatA := v.Seats[i%len(v.Seats)]
		result := g.Result + " " + g.Reason
		if g.Result == "" {
			result = fmt.Sprintf("unfinished after %d plies", house.MaxPlies)
		}
		switch {
		case g.Points == 1:
			wins++
		case g.Points == 0:
			losses++
		default:
			draws++
		}
		fmt.Fprintf(e.stdout, "game %d: %s (%s) vs %s: %s, %d plies\n", i+1, a.Name, seatA, b.Name, result, g.Plies)
	}
	fmt.Fprintf(e.stdout, "%s %d/%d/%d %s, mean %.1f plies\n", a.Name, wins, draws, losses, b.Name, float64(plies)/float64(*games))
	for _, p := range []house.Player{a, b} {
		if !p.Random && (p != b || b.Name != a.Name) {
			fmt.Fprintf(e.stdout, "%s: processor time per choice median %v, p99 %v\n", p.Name, clock.Percentile(p.Name, 50), clock.Percentile(p.Name, 99))
		}
	}
	return nil
}

// processorTime is the processor time the process has used, the wall
// clock's where the system does not tell it.
func processorTime() time.Duration {
	if t, ok := cputime.Used(); ok {
		return t
	}
	return house.WallClock()
}
