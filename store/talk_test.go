package store

import (
	"errors"
	"fmt"
	"testing"

	"umpire/referee"
)

// Each game keeps its own messages in the order sent, whatever other
// games keep (the next game's keys follow its own), and at most MaxTalk.
func TestTalk(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	a, b := newGame(t, db), newGame(t, db)
	add := func(id uint64, text string) error {
		return db.Update(func(tx *Tx) error {
			return tx.AddTalk(id, Talk{From: referee.White, To: []referee.Seat{referee.Black}, Text: text})
		})
	}
	for i := range 3 {
		for _, id := range []uint64{b, a} {
			if err := add(id, fmt.Sprintf("%d-%d", id, i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, id := range []uint64{a, b} {
		got, err := db.Talks(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 {
			t.Fatalf("game %d keeps %d messages; want 3", id, len(got))
		}
		for i, m := range got {
			if want := fmt.Sprintf("%d-%d", id, i); m.Text != want {
				t.Errorf("game %d message %d is %q; want %q", id, i, m.Text, want)
			}
		}
	}
	for i := 3; i < MaxTalk; i++ {
		if err := add(a, "x"); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	if err := add(a, "one too many"); !errors.Is(err, ErrTalkFull) {
		t.Errorf("message %d: %v; want ErrTalkFull", MaxTalk+1, err)
	}
	if err := add(b, "b still"); err != nil {
		t.Errorf("another game's message after a full one: %v", err)
	}
}
