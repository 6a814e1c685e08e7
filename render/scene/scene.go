// Package scene holds short games of every variant, each played to a
// moment worth a picture: a check, a mate, a capture seen or heard, a
// secret kept. render's goldens draw them, and so does the contact sheet
// (`umpire render -contact-sheet`), which shows every variant at a phone's
// width.
//
// A Scene is only a script; Play replays it through the referee, so every
// view drawn from it is one a player could really get.
package scene

import (
	"fmt"
	"strings"

	"umpire/referee"
)

// Scene is a game to replay: a variant, its rule set and start position,
// and a script of "seat action" lines, as `umpire referee` reads them.
type Scene struct {
	Name    string // a file name: "dark-capture"
	Variant string
	Rules   string
	FEN     string
	Script  []string
	// Seats are the views worth drawing, the seat's own side at the bottom.
	Seats []referee.Seat
	// Show is the seat whose view stands for the variant in the README,
	// "" when another scene of the variant stands for it.
	Show referee.Seat
}

// Play replays the scene and returns the game as the script left it. Every
// line must be accepted: a scene that no longer plays is an error, not a
// different picture.
func (sc Scene) Play() (referee.Game, error) {
	v, ok := referee.Lookup(sc.Variant)
	if !ok {
		return nil, fmt.Errorf("scene %s: no variant %q", sc.Name, sc.Variant)
	}
	g, err := v.New(referee.Options{Rules: sc.Rules, FEN: sc.FEN})
	if err != nil {
		return nil, fmt.Errorf("scene %s: %w", sc.Name, err)
	}
	for i, line := range sc.Script {
		seat, text, _ := strings.Cut(line, " ")
		r := g.Play(referee.Action{Seat: referee.Seat(seat), Text: text, Salt: fmt.Sprintf("%02x", i+1)})
		if r.Verdict != referee.Accepted {
			return nil, fmt.Errorf("scene %s: line %d %q: %s %s", sc.Name, i+1, line, r.Verdict, r.Reason)
		}
	}
	return g, nil
}

// All lists the scenes, a few for each variant, in the order of the
// contact sheet.
func All() []Scene {
	two := []referee.Seat{referee.White, referee.Black}
	return []Scene{
		{Name: "chess-check", Variant: "chess", Show: referee.Black, Seats: two,
			Script: []string{"white e4", "black e5", "white Bc4", "black Nc6", "white Bxf7+"}},
		{Name: "chess-mate", Variant: "chess", Seats: two,
			Script: []string{"white e4", "black e5", "white Bc4", "black Nc6", "white Qh5", "black Nf6", "white Qxf7#"}},
		{Name: "kriegspiel-check", Variant: "kriegspiel", Show: referee.Black, Seats: two,
			Script: []string{"white e4", "black f5", "white Qh5", "black g6", "white Qxg6"}},
		{Name: "kriegspiel-mate", Variant: "kriegspiel", Seats: two,
			Script: []string{"white f3", "black e5", "white g4", "black Qh4"}},
		{Name: "dark-capture", Variant: "dark", Show: referee.Black, Seats: two,
			Script: []string{"white e4", "black e5", "white Nf3", "black Nc6", "white Bc4", "black Nf6",
				"white Ng5", "black d6", "white Bxf7"}},
		{Name: "korona", Variant: "korona", Show: referee.Black, Seats: two,
			Script: []string{"white crown king", "black crown dame", "white e4", "black d5", "white exd5", "black Dd7"}},
		{Name: "korona2", Variant: "korona2", Show: referee.White, Seats: two, FEN: "rnbdkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1",
			Script: []string{"white crown king", "black crown dame", "white X@c3,S@d3,S@e3", "black e5", "white Nf3"}},
		{Name: "krono", Variant: "krono", Show: referee.White, Seats: two,
			Script: []string{"white crown dame", "black crown king", "white e4", "black e5", "white De2", "black Nc6"}},
		{Name: "progressive", Variant: "progressive", Show: referee.White, Seats: two,
			Script: []string{"white grow b2 N", "white e4", "black grow g7 B", "black a6", "white e5", "black a5",
				"white e6", "black h6", "white grow a2 R", "white exf7"}},
		{Name: "triad", Variant: "triad", Show: referee.Red, Seats: []referee.Seat{referee.White, referee.Red, referee.Black},
			Script: []string{"white wd2wd4", "red ra2ra3", "black bd2bd4", "white wc1bb4"}},
	}
}
