package lobby

import (
	"slices"
	"testing"
	"time"

	"umpire/store"
)

// TestPartners: a seek meets the oldest live seeks of the same game, one
// each of other players, in its own pool (private, or its group); a
// lapsed seek meets nobody.
func TestPartners(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	group := store.Address{Transport: "telegram", ID: "-1"}
	book := seekBook{Seeks: []seek{
		{ID: 1, Player: 2, Variant: "triad", Made: now.Add(-SeekLapse)},                  // lapsed
		{ID: 2, Player: 2, Variant: "triad", Made: now.Add(-time.Hour)},                  // Bob
		{ID: 3, Player: 2, Variant: "triad", Made: now.Add(-time.Minute)},                // Bob again
		{ID: 4, Player: 3, Variant: "triad", Group: true, Chat: group, Made: now},        // a group's
		{ID: 5, Player: 4, Variant: "triad", Clock: 24 * time.Hour, Made: now},           // another clock
		{ID: 6, Player: 5, Variant: "triad", Made: now.Add(-time.Second)},                // Carol
		{ID: 7, Player: 6, Variant: "triad", Made: now},                                  // Dave, one too many
		{ID: 8, Player: 1, Variant: "triad", Made: now.Add(-2 * time.Hour)},              // the seeker's own
		{ID: 9, Player: 7, Variant: "dark", Made: now.Add(-2 * time.Hour)},               // another game
		{ID: 10, Player: 8, Variant: "triad", Rules: "x", Made: now.Add(-2 * time.Hour)}, // another rule set
	}}
	want := seek{Player: 1, Variant: "triad", Made: now}
	var got []uint64
	for _, s := range partners(now, book, want, 2) {
		got = append(got, s.ID)
	}
	if len(got) != 2 || got[0] != 2 || got[1] != 6 {
		t.Errorf("partners = %v; want [2 6]", got)
	}
}

// TestMakeRoom: a full transport gives up its oldest seek, a full book its
// oldest of all; room is made for one more, and a book with room is left
// as it is.
func TestMakeRoom(t *testing.T) {
	t.Parallel()
	var seeks []seek
	for i := range maxSeeks {
		tr := "email"
		if i < maxSeeksTransport {
			tr = "telegram"
		}
		seeks = append(seeks, seek{ID: uint64(i + 1), Chat: store.Address{Transport: tr}})
	}
	got := makeRoom(slices.Clone(seeks), "telegram") // the transport's oldest makes room in the book too
	if len(got) != maxSeeks-1 || got[0].ID != 2 {
		t.Errorf("a full book and a full transport: %d seeks from #%d; want %d from #2", len(got), got[0].ID, maxSeeks-1)
	}
	got = makeRoom(slices.Clone(seeks), "email") // a transport with room: the oldest of all goes
	if len(got) != maxSeeks-1 || got[0].ID != 2 {
		t.Errorf("a full book: %d seeks from #%d; want %d from #2", len(got), got[0].ID, maxSeeks-1)
	}
	got = makeRoom(slices.Clone(seeks[maxSeeksTransport:]), "email")
	if len(got) != maxSeeks-maxSeeksTransport {
		t.Errorf("room on a transport with room: %d seeks; want all %d", len(got), maxSeeks-maxSeeksTransport)
	}
}
