package store

import (
	"errors"
	"testing"
)

// A chat has MaxTourneysPerChat tournaments open at once, one of each
// maker's; one over frees its place; OpenTournaments lists the open ones
// of every chat.
func TestTournamentPlaces(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	club, other := Address{Transport: "test", ID: "club"}, Address{Transport: "test", ID: "other"}
	put := func(chat Address, maker uint64) (*Tournament, error) {
		tn := &Tournament{Chat: chat, Maker: maker, Variant: "chess", State: TourneySignup}
		return tn, db.Update(func(tx *Tx) error { return tx.PutTournament(tn) })
	}
	first, err := put(club, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		chat  Address
		maker uint64
		want  error
	}{
		{club, 1, ErrMakerHasTourney},
		{other, 1, nil},
		{club, 2, nil},
		{club, 3, ErrTooManyTourneys},
		{club, 2, ErrMakerHasTourney},
	} {
		if _, err := put(c.chat, c.maker); !errors.Is(err, c.want) && (err != nil || c.want != nil) {
			t.Errorf("a tournament of maker %d in %s: %v; want %v", c.maker, c.chat.ID, err, c.want)
		}
	}
	var open []*Tournament
	if err := db.View(func(tx *Tx) (err error) { open, err = tx.OpenTournaments(); return err }); err != nil || len(open) != 3 {
		t.Fatalf("open tournaments: %d, %v", len(open), err)
	}
	first.State = TourneyOver
	if err := db.Update(func(tx *Tx) error { return tx.PutTournament(first) }); err != nil {
		t.Fatal(err)
	}
	if _, err := put(club, 1); err != nil {
		t.Errorf("the maker's place once its tournament is over: %v", err)
	}
}
