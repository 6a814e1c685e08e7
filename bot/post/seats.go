package post

import (
	"strconv"
	"strings"
	"umpire/referee"
	"umpire/store"
)

// SeatsOf lists a game's seats in the variant's turn order.
func SeatsOf(g *store.Game) []referee.Seat {
	if v, ok := referee.Lookup(g.Variant); ok {
		return v.Seats
	}
	var out []referee.Seat
	for s := range g.Seats {
		out = append(out, s)
	}
	return out
}

// itoa writes a game's (or any) number.
func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// VariantOf is a game's variant as a text argument names it: its key,
// and for a variant with several rule sets the game's, after a slash
// ("kriegspiel/english"), so that every message that names the game
// names its rules too (texts.Catalog.Arg).
func VariantOf(g *store.Game) string {
	v, ok := referee.Lookup(g.Variant)
	if !ok || len(v.RuleSets) == 0 {
		return g.Variant
	}
	rules, err := v.RuleSet(g.Options)
	if err != nil || rules == "" {
		return g.Variant
	}
	return g.Variant + "/" + rules
}

// Named names game g where a message names it: its variant and rule set,
// and for a tournament's game which game of which tournament ("chess,
// tournament 1, game 3 of 6"), so that it is never taken for another.
func Named(g *store.Game) Note {
	n := Say("game-what", "variant", VariantOf(g))
	return inTourney(g, n)
}

// Titled names game g where a list shows it (games): Named, with its time
// control whole (Control).
func Titled(g *store.Game) Note {
	n := Say("game-what", "variant", VariantOf(g))
	if c := Control(g); c != nil {
		n.ID, n.Sub = "game-what-clock", map[string][]Note{"control": {*c}}
	}
	return inTourney(g, n)
}

// inTourney is what, the name of game g, with the game of its tournament
// it is; what alone for a game of none.
func inTourney(g *store.Game, what Note) Note {
	if g.Tournament == 0 {
		return what
	}
	n := Say("game-what-tourney", "tourney", itoa(g.Tournament), "n", strconv.Itoa(g.Pairing+1), "of", strconv.Itoa(g.Pairings))
	if g.Pairings == 0 { // made before the count was kept
		n.ID = "game-what-tourney-n"
	}
	n.Sub = map[string][]Note{"what": {what}}
	return n
}

// TourneyGame says which game of its tournament g is, for the end of the
// game; nil for a game of none.
func TourneyGame(g *store.Game) *Note {
	if g.Tournament == 0 {
		return nil
	}
	n := Say("tourney.game-ended", "tourney", itoa(g.Tournament), "n", strconv.Itoa(g.Pairing+1), "of", strconv.Itoa(g.Pairings))
	if g.Pairings == 0 {
		n.ID = "tourney.game-ended-n"
	}
	return &n
}

// RuleSetLines are the lines that tell a game's rule set's particulars
// ("english: … you may ask any? once a turn …"), for the invitation and
// the start: none for a variant with one rule set.
func RuleSetLines(g *store.Game) []Note {
	if rules := VariantOf(g); rules != g.Variant {
		_, set, _ := strings.Cut(rules, "/")
		return []Note{Say("rules-set." + g.Variant + "." + set)}
	}
	return nil
}
