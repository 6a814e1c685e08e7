package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"umpire/house"
	"umpire/internal/elo"
	"umpire/referee"
)

// ladderCommand is `umpire ladder`.
var ladderCommand = command{"ladder", "rate players by a round robin of matches: -variant V [-rules R] -games N -players a,b,… [-seed S]", ladderCmd}

// ladderPrior is how many drawn games the rating adds to each pairing, so
// that a clean sweep has a finite rating (elo.Options.Prior).
const ladderPrior = 1

// ladderCmd plays a match of games games between every two players (the
// colours alternating, pairing k's game i with seed seed+k·games+i),
// prints each pairing's wins, draws and losses as it ends, then every
// player's rating by maximum likelihood with its standard error, the
// random player at 0 (else the first named), and each house's processor
// time per choice.
func ladderCmd(ctx context.Context, args []string, e *env) error {
	fs, variant, rules, games := gameFlags("ladder", e, "games each pairing plays")
	names := fs.String("players", "random,ks-random,ks-simple,house1,house2,house3", "the players, by commas: "+house.PlayerNames)
	seed := fs.Uint64("seed", 1, "the first game's seed")
	if err := fs.Parse(args); err != nil {
		return err
	}
	v, err := matchVariant("ladder", *variant, *rules, *games)
	if err != nil {
		return err
	}
	list := strings.Split(*names, ",")
	if len(list) < 2 || len(slices.Compact(slices.Sorted(slices.Values(list)))) != len(list) {
		return fmt.Errorf("ladder: -players %q: want two or more different players", *names)
	}
	players, err := parsePlayers(v, list)
	if err != nil {
		return err
	}
	clock := house.NewClock(processorTime)
	pairings, err := roundRobin(ctx, e.stdout, v, *rules, players, *games, *seed, clock)
	if err != nil {
		return err
	}
	if err := printRatings(e.stdout, players, pairings); err != nil {
		return err
	}
	printTimes(e.stdout, clock, players)
	return nil
}

// roundRobin plays every pairing of players and prints a line for each.
func roundRobin(ctx context.Context, w io.Writer, v *referee.Variant, rules string, players []house.Player, games int,
	seed uint64, clock *house.Clock) ([]elo.Pairing, error) {
	var out []elo.Pairing
	for i, a := range players {
		for j := i + 1; j < len(players); j++ {
			b := players[j]
			first := seed + uint64(len(out)*games)
			t, err := playMatch(ctx, v, rules, a, b, games, first, clock, nil)
			if err != nil {
				return nil, err
			}
			out = append(out, elo.Pairing{A: i, B: j, Wins: t.wins, Draws: t.draws, Losses: t.losses})
			score := (float64(t.wins) + float64(t.draws)/2) / float64(games)
			fmt.Fprintf(w, "%s vs %s: %d/%d/%d, %.1f%% (seeds %d to %d)", a.Name, b.Name, t.wins, t.draws, t.losses,
				100*score, first, first+uint64(games)-1)
			if t.draws > 0 {
				fmt.Fprintf(w, "; draws: %s", t.drawList())
			}
			fmt.Fprintln(w)
		}
	}
	return out, nil
}

// printRatings fits and prints the players' ratings, best first, with
// each one's score over all its games.
func printRatings(w io.Writer, players []house.Player, pairings []elo.Pairing) error {
	anchor := slices.IndexFunc(players, func(p house.Player) bool { return p.Random })
	if anchor < 0 {
		anchor = 0
	}
	ratings, err := elo.Fit(len(players), anchor, pairings, elo.Options{Prior: ladderPrior})
	if err != nil {
		return fmt.Errorf("ladder: %w", err)
	}
	points, played := make([]float64, len(players)), make([]int, len(players))
	for _, p := range pairings {
		n := p.Wins + p.Draws + p.Losses
		points[p.A] += float64(p.Wins) + float64(p.Draws)/2
		points[p.B] += float64(p.Losses) + float64(p.Draws)/2
		played[p.A] += n
		played[p.B] += n
	}
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case ratings[a].Elo > ratings[b].Elo:
			return -1
		case ratings[a].Elo < ratings[b].Elo:
			return 1
		}
		return 0
	})
	fmt.Fprintf(w, "ratings (Bradley-Terry, Elo scale, %s = 0, %d drawn game added to each pairing):\n", players[anchor].Name, ladderPrior)
	for _, i := range order {
		fmt.Fprintf(w, "  %-10s %6.0f ± %3.0f  %6.1f/%d\n", players[i].Name, ratings[i].Elo, ratings[i].SE, points[i], played[i])
	}
	return nil
}
