package texts

import (
	"testing"

	"umpire/referee"
)

func TestSeatStem(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		word string
		want referee.Seat
	}{
		{"red", referee.Red}, {"Whites", referee.White}, {"белым", referee.White}, {"чёрных", referee.Black},
		{"черные", referee.Black}, {"красным", referee.Red}, {"blanka", referee.White}, {"Nigra", referee.Black},
		{"ruĝa", referee.Red}, {"бел", ""}, {"re", ""}, {"blue", ""}, {"e2e4", ""},
	} {
		if got := DefaultCatalog.SeatStem(tt.word); got != tt.want {
			t.Errorf("seatStem(%q) = %q; want %q", tt.word, got, tt.want)
		}
	}
}

// Every announcement of triad's diplomacy the referee makes has words of
// its own, in every language (TestCatalogComplete checks the others).
func TestTriadAnnouncements(t *testing.T) {
	t.Parallel()
	say := referee.Say
	all := []referee.Seat{referee.White, referee.Red, referee.Black}
	for _, tt := range []struct {
		a    referee.Announcement
		want string
	}{
		{say("vassal", all, "lord", "white", "servant", "black", "event", "offer", "by", "white"), "White asks Black to become its Servant."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "offer", "by", "black"), "Black asks White to become its Lord."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "accept", "by", "black"), "Black accepts: Black serves White from now on."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "decline", "by", "white"), "White declines: Black will not serve White."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "free", "by", "black", "state", "suspended"),
			"Black declares check on its Lord White: their bond is suspended."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "dismiss", "by", "white", "state", "suspended"),
			"White declares check on its Servant Black: their bond is suspended."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "free", "by", "black", "state", "restored"),
			"Black serves White again: the declared check is over."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "dismiss", "by", "white", "state", "restored"),
			"Black serves White again: the declared check is over."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "free", "by", "", "state", "ended"),
			"Black is free: it no longer serves White."},
		{say("vassal", all, "lord", "white", "servant", "black", "event", "dismiss", "by", "", "state", "ended"),
			"White has lost its Servant Black, whose king is gone."},
		{say("throne", all, "seat", "red", "by", "white", "reason", "king-captured"),
			"Red's king is gone (king captured); White holds its Throne and moves its army."},
		{say("throne", all, "seat", "red", "by", "", "reason", "checkmate"),
			"Red's king is gone (checkmate); nobody holds its Throne: its army is neutral."},
		{say("throne", all, "seat", "red", "by", "black"), "Black takes Red's Throne and moves its army."},
		{say("throne", all, "seat", "red", "by", ""), "Red's Throne is empty: its army is neutral."},
		{say("neutral", []referee.Seat{referee.White}, "seat", "red"), "You may not take Red's men this move: the neutrality rule."},
		{say("check", all, "seat", "red", "by", "white", "direction", "file"), "White gives check to Red on the file."},
		{say("pass", all, "seat", "black"), "Black has no move and passes."},
		{say("end", all, "result", "0-2-1", "reason", "vassals"), "The game is over: 0-2-1, vassals."},
	} {
		if got := DefaultCatalog.Announcement("en", tt.a, referee.White); got != tt.want {
			t.Errorf("%s %v = %q; want %q", tt.a.Code, tt.a.Fields, got, tt.want)
		}
		for _, lang := range Languages {
			if id := "ann." + tt.a.Code + "." + tt.a.Form(); tt.a.Form() != "" && !DefaultCatalog.Has(lang, id) {
				t.Errorf("%s: no text %q", lang, id)
			}
		}
	}
}
