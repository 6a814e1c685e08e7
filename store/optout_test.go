package store

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// An address is a bounded key: a long one is kept as its hash.
func TestAddressKeyBounded(t *testing.T) {
	t.Parallel()
	short := Address{Transport: "email", ID: "bob@example.com"}
	if got := string(addressKey(short)); got != "email:bob@example.com" {
		t.Errorf("addressKey(short) = %q", got)
	}
	long := Address{Transport: strings.Repeat("t", 1000), ID: strings.Repeat("x", 100000) + "@example.com"}
	other := long
	other.ID = "y" + other.ID[1:]
	k, o := addressKey(long), addressKey(other)
	if len(k) > maxAddressKey || string(k) == string(o) {
		t.Errorf("addressKey(long) = %d bytes, same as another's: %v", len(k), string(k) == string(o))
	}
}

// An opt-out lasts until lifted; pending invitations are counted by the
// caller's judgement, and the others forgotten.
func TestOptOutAndInvitations(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	bob := Address{Transport: "email", ID: "bob@example.com"}
	err := db.Update(func(tx *Tx) error {
		if err := tx.OptOut(bob, time.Unix(1, 0)); err != nil {
			return err
		}
		for g := uint64(1); g <= 3; g++ {
			if err := tx.AddInvitation(Invitation{Game: g, Seat: "black", By: 7, To: bob}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := db.OptedOut(bob); !out {
		t.Fatal("bob is not opted out")
	}
	count := func(by uint64, pending func(uint64, string) bool) int {
		var n int
		if err := db.Update(func(tx *Tx) (err error) { n, err = tx.PendingInvitations(by, bob, pending); return }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	all := func(uint64, string) bool { return true }
	if n := count(7, func(g uint64, s string) bool { return g != 2 && s == "black" }); n != 2 {
		t.Errorf("pending by 7: %d; want 2", n)
	}
	if n := count(7, all); n != 2 {
		t.Errorf("by 7 after game 2 was forgotten: %d; want 2", n)
	}
	if n := count(0, all); n != 3 {
		t.Errorf("to bob: %d; want 3 (pruned only when counted under bob)", n)
	}
	if n := count(8, all); n != 0 {
		t.Errorf("by 8: %d; want 0", n)
	}
	err = db.Update(func(tx *Tx) error {
		if was, err := tx.OptIn(bob); err != nil || !was {
			t.Errorf("OptIn = %v, %v; want true", was, err)
		}
		return nil
	})
	if out, _ := db.OptedOut(bob); out || err != nil {
		t.Errorf("bob is still opted out (%v)", err)
	}
}

// A watch request is found by its token and listed under its address
// until it is old or dropped.
func TestWatchRequests(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	carol := Address{Transport: "email", ID: "carol@example.com"}
	now := time.Unix(1000, 0)
	err := db.Update(func(tx *Tx) error {
		if err := tx.PutWatchRequest("wold", WatchRequest{Game: 1, To: carol, At: now.Add(-time.Hour)}); err != nil {
			return err
		}
		if err := tx.PutWatchRequest("wnew", WatchRequest{Game: 2, To: carol, At: now}); err != nil {
			return err
		}
		got, err := tx.WatchRequests(carol, now.Add(-time.Minute))
		if err != nil {
			return err
		}
		if len(got) != 1 || got["wnew"] == nil || got["wnew"].Game != 2 {
			t.Errorf("WatchRequests = %v; want wnew alone", got)
		}
		if _, err := tx.WatchRequest("wold"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the old request is still there: %v", err)
		}
		if err := tx.DropWatchRequest("wnew"); err != nil {
			return err
		}
		got, err = tx.WatchRequests(carol, time.Time{})
		if len(got) != 0 {
			t.Errorf("after the drop: %v", got)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Invitations sent are counted for a day, oldest first, whatever became
// of them (a decline's DropInvitations leaves them); older ones are
// forgotten, and a forgotten mark no longer counts.
func TestInvitationsSent(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	day := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	var marks [][]byte
	err := db.Update(func(tx *Tx) error {
		for _, at := range []time.Time{day, day, day.Add(time.Hour), day.Add(25 * time.Hour)} {
			m, err := tx.AddInvitationSent(7, at)
			if err != nil {
				return err
			}
			marks = append(marks, m)
		}
		if _, err := tx.AddInvitationSent(8, day); err != nil {
			return err
		}
		return tx.DropInvitations(1, "black", Address{Transport: "email", ID: "x@example.com"}, 7, 8)
	})
	if err != nil {
		t.Fatal(err)
	}
	count := func(since time.Time) []time.Time {
		var sent []time.Time
		if err := db.Update(func(tx *Tx) (err error) { sent, err = tx.InvitationsSent(7, since); return err }); err != nil {
			t.Fatal(err)
		}
		return sent
	}
	if got := count(day.Add(-time.Hour)); len(got) != 4 || !got[0].Equal(day) || !got[3].Equal(day.Add(25*time.Hour)) {
		t.Errorf("sent since the day before = %v; want all four, oldest first", got)
	}
	if got := count(day); len(got) != 2 { // the two at day itself are a day old
		t.Errorf("sent after %v = %v; want two", day, got)
	}
	if got := count(day.Add(-time.Hour)); len(got) != 2 {
		t.Errorf("forgotten ones came back: %v", got)
	}
	if err := db.Update(func(tx *Tx) error { return tx.ForgetInvitationSent(marks[3]) }); err != nil {
		t.Fatal(err)
	}
	if got := count(day); len(got) != 1 {
		t.Errorf("after ForgetInvitationSent, %v; want one", got)
	}
}
