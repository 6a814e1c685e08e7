package post

import (
	"strings"
	"testing"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Orders, chosen orders and declared checks are said with their Lords and
// Servants; the reader's own actions and offers are not repeated.
func TestTriadActs(t *testing.T) {
	t.Parallel()
	c := newComposer(&Office{cat: texts.DefaultCatalog}, wire.Features{})
	g := &store.Game{Log: []referee.Action{
		{Seat: referee.White, Text: "e2e4"},
		{Seat: referee.White, Text: "order black e2e4"},
		{Seat: referee.Red, Text: "order black d2d4"},
		{Seat: referee.Black, Text: "choose red"},
		{Seat: referee.Red, Text: "declare Rbe3"},
		{Seat: referee.Red, Text: "vassal offer black"},
		{Seat: referee.Black, Text: "Nf3"},
		{Seat: referee.White, Text: "Nxf7"},
	}}
	r := &replayed{rulings: []referee.Ruling{
		{Verdict: referee.Accepted, Move: "we2we4"},
		{Verdict: referee.Accepted},
		{Verdict: referee.Accepted},
		{Verdict: referee.Accepted, Move: "bd2bd4"},
		{Verdict: referee.Accepted, Move: "rb3be3"},
		{Verdict: referee.Accepted},
		{Verdict: referee.Accepted, Move: "bg1bf3"},
		{Verdict: referee.Impossible},
	}}
	got := c.acts("en", g, r, referee.View{Seat: referee.Black}, 0, len(g.Log))
	want := []string{
		"White played we2we4.",
		"Red declares check: rb3be3.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("acts for black:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = c.acts("en", g, r, referee.View{Seat: referee.White}, 3, 4)
	if want := "Black takes Red's order: bd2bd4."; len(got) != 1 || got[0] != want {
		t.Errorf("a chosen order: %q; want %q", got, want)
	}
}
