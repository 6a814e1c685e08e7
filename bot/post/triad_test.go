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

// A seat playing in private is told of an offer it may make under the row
// that reports the capture the offer rests on, and only there: Black,
// whose pawn took a red one, may offer to be Red's Lord, and Red may ask
// Black to be its; once White's pawn took that black pawn, White may
// offer to be Black's Lord and Black ask White to be its, and the row of
// White's capture says nothing of Black's capture before it.
func TestTriadOfferGuide(t *testing.T) {
	t.Parallel()
	c := newComposer(&Office{cat: texts.DefaultCatalog}, wire.Features{})
	g := &store.Game{ID: 1, Variant: referee.Triad.Key, Log: []referee.Action{
		{Seat: referee.White, Text: "d2d4"}, {Seat: referee.Red, Text: "d4"}, {Seat: referee.Black, Text: "bd2bd4"},
		{Seat: referee.White, Text: "Nf3"}, {Seat: referee.Red, Text: "f4"}, {Seat: referee.Black, Text: "dxrd4"},
		{Seat: referee.White, Text: "wd4rd4"},
	}}
	lines := func(seat referee.Seat, lang string, from, ply int) string {
		r, err := c.at(g, ply)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := c.guide(lang, g, r, r.g.View(seat), Note{From: from}, ply)
		return strings.Join(got, "\n")
	}
	for _, tc := range []struct {
		seat       referee.Seat
		lang       string
		from, ply  int
		want, lack string
	}{
		{referee.Black, "en", 5, 6, "You took one of Red's men: you may now offer to be Red's Lord, Red serving you. Write vassal offer red; the chance lasts until your next move.", "White"},
		{referee.Red, "ru", 5, 6, "Чёрные взяли вашу фигуру: теперь вы можете попросить чёрных стать вашими господами, а вам — их слугой. Напишите господин предложить чёрным;", "белы"},
		{referee.White, "en", 5, 6, "", "offer"},
		{referee.White, "eo", 6, 7, "Vi prenis viron de la nigraj: nun vi povas proponi, ke la nigraj fariĝu viaj vasaloj kaj vi ilia sinjoro. Skribu vasalo proponi nigraj;", "ruĝ"},
		{referee.Black, "en", 6, 7, "White took one of your men: you may now ask White to be your Lord, you serving White. Write lord offer white; the chance lasts until White's next move.", "Red"},
		{referee.Red, "en", 6, 7, "", "offer"},
	} {
		got := lines(tc.seat, tc.lang, tc.from, tc.ply)
		if !strings.Contains(got, tc.want) || tc.lack != "" && strings.Contains(got, tc.lack) {
			t.Errorf("%s (%s) after entries [%d, %d): %q; want %q, nothing with %q", tc.seat, tc.lang, tc.from, tc.ply, got, tc.want, tc.lack)
		}
	}
	// Black asks White to be its Lord: White, asked to answer, is not
	// told to offer the same bond back
	g.Log = append(g.Log, referee.Action{Seat: referee.Black, Text: "lord offer white"})
	r, err := c.at(g, len(g.Log))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range OfferLines(r.g, r.g.View(referee.White), nil) {
		if n.Args["seat"] == string(referee.Black) {
			t.Errorf("White, asked by Black, is told it may offer: %+v", n)
		}
	}
	if n := OfferLines(r.g, r.g.View(referee.Black), nil); len(n) != 1 || n[0].Args["seat"] != string(referee.Red) {
		t.Errorf("Black's offers after its own: %+v; want the one to Red alone", n)
	}
}
