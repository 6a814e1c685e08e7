package ifs

import (
	"slices"
	"strings"
	"testing"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/referee/board"
	"umpire/store"
)

func TestParse(t *testing.T) {
	cat := texts.DefaultCatalog
	for _, c := range []struct {
		words string
		want  []store.If
	}{
		{"e5 then Nf3", []store.If{{When: "e5", Then: "Nf3"}}},
		{"e5 then Nf3 if Nc6 then Bb5", []store.If{{When: "e5", Then: "Nf3"}, {When: "Nc6", Then: "Bb5"}}},
		{"e5 то Кf3", []store.If{{When: "e5", Then: "Кf3"}}},
		{"взятие e4 то d:e4", []store.If{{When: "capture e4", Then: "d:e4"}}},
		{"preno E4 tiam dxe4", []store.If{{When: "capture e4", Then: "dxe4"}}},
		{"нет взятия тогда Кf6", []store.If{{When: "no capture", Then: "Кf6"}}},
		{"check then Kf1, Kd1", []store.If{{When: "check", Then: "Kf1, Kd1"}}},
		{"vidata e5 tiam Ĉxe5", []store.If{{When: "seen e5", Then: "Ĉxe5"}}},
		{"\u202ee5 then Nc6\u202e\x1b[31m \u200b", []store.If{{When: "e5", Then: "Nc6[31m"}}}, // plain: no control or format character
	} {
		got, ok := Parse(cat, splitWords(c.words))
		if !ok || !slices.Equal(got, c.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.words, got, ok, c.want)
		}
	}
	for _, bad := range []string{"", "e5", "then Nf3", "e5 then", "a then b if c then d if e then f", "e5 then Nf3 if then Bb5"} {
		if got, ok := Parse(cat, splitWords(bad)); ok {
			t.Errorf("Parse(%q) = %v, want refused", bad, got)
		}
	}
}

func splitWords(s string) []string { return strings.Fields(s) }

// Kriegspiel takes told conditions only; chess moves only; seen only
// where a seat sees enemy men; check only where someone is told of it.
// A line refused says why in the variant's terms.
func TestRead(t *testing.T) {
	cat := texts.DefaultCatalog
	for _, c := range []struct {
		v     *referee.Variant
		words string
		why   string
	}{
		{referee.Chess, "e5 then Nf3", ""},
		{referee.Chess, "capture e4 then dxe4", "usage.if"},
		{referee.Kriegspiel, "e5 then Nf3", "usage.if.told"},
		{referee.Kriegspiel, "capture e4 then dxe4", ""},
		{referee.Kriegspiel, "check then Kf1", ""},
		{referee.Kriegspiel, "seen e4 then dxe4", "usage.if.told"},
		{referee.Dark, "seen e4 then dxe4", ""},
		{referee.Dark, "e5 then Nf3", "usage.if.sight"},
		{referee.Dark, "check then Kf1", "err.if-check"},
		{referee.Dark, "capture z9 then dxe4", "usage.if.sight"},
	} {
		if _, why := Read(cat, c.v, splitWords(c.words)); why != c.why {
			t.Errorf("%s: Read(%q) = %q, want %q", c.v.Key, c.words, why, c.why)
		}
	}
}

// A line for a progressive-chess turn that must begin with a growing
// pawn's choice is refused when written, and so is a second step after a
// move that ends the growth; an answer on the board of chess that is no
// move in any notation.
func TestPlayable(t *testing.T) {
	one, two := []store.If{{When: "e5", Then: "Nf3"}}, []store.If{{When: "e5", Then: "Nf3"}, {When: "Nc6", Then: "Bb5"}}
	chess := referee.View{Seat: referee.White, Geometry: "8x8"}
	growing := func(left int) referee.View {
		return referee.View{Seat: referee.White, Secrets: []referee.Secret{{Seat: referee.White, Kind: "growing", Cell: "b2", Value: "N", Left: left}}}
	}
	for _, c := range []struct {
		v    referee.View
		line []store.If
		why  string
	}{
		{referee.View{Seat: referee.White, Grow: []board.Kind{board.Knight}}, one, "err.if-grow"},
		{growing(1), one, ""},
		{growing(1), two, "err.if-grow-next"},
		{growing(2), two, ""},
		{referee.View{Seat: referee.White}, two, ""},
		{chess, two, ""},
		{chess, []store.If{{When: "e5", Then: "Кf3"}, {When: "Nc6", Then: "draw"}}, ""},               // Russian letters; a draw
		{chess, []store.If{{When: "seen e5", Then: "Ĉxe5, e2e4"}}, ""},                                // Esperanto letters; a list
		{chess, []store.If{{When: "e5", Then: "Nf3"}, {When: "Nc6", Then: "saluton"}}, "err.if-then"}, // no move in any notation
		{chess, []store.If{{When: "e5", Then: "Nf3, draw"}}, "err.if-list"},                           // a draw beside a move: never played
		{chess, []store.If{{When: "capture e4", Then: "dxe4, any?"}}, "err.if-list"},                  // any? after a try
		{chess, []store.If{{When: "capture e4", Then: "any?, dxe4"}}, ""},                             // any? first
	} {
		if why := Playable(c.v, c.line); why != c.why {
			t.Errorf("Playable(%+v, %d steps) = %q; want %q", c.v, len(c.line), why, c.why)
		}
	}
}

// What a seat was told meets a told condition: a capture on its square or
// anywhere, none, a check.
func TestHolds(t *testing.T) {
	both := []referee.Seat{"white", "black"}
	capture := []referee.Announcement{referee.Say("capture", both, "square", "e4")}
	check := []referee.Announcement{referee.Say("check", both, "direction", "rank")}
	for _, c := range []struct {
		when string
		said []referee.Announcement
		want bool
	}{
		{"capture e4", capture, true},
		{"capture d4", capture, false},
		{"capture", capture, true},
		{"no capture", capture, false},
		{"no capture", check, true},
		{"check", check, true},
		{"check", capture, false},
	} {
		if got := Holds(c.when, "black", c.said, referee.View{}); got != c.want {
			t.Errorf("Holds(%q, %v) = %v", c.when, c.said, got)
		}
	}
	v := referee.View{Geometry: "8x8", Cells: make([]byte, 64)}
	v.Cells[28] = 'P' // e4: a white pawn
	if !Holds("seen e4", "black", nil, v) || Holds("seen e4", "white", nil, v) || Holds("seen e5", "black", nil, v) {
		t.Error("seen")
	}
}
