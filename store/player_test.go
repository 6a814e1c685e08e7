package store

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"umpire/referee"
)

func TestPlayers(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	tg, mail, tg2 := Address{"telegram", "100"}, Address{"email", "a@example.org"}, Address{"telegram", "200"}
	ann := &Player{Name: "Ann", Lang: "eo", Addresses: []Address{tg, mail}}
	bob := &Player{Name: "Bob", Addresses: []Address{tg2}}
	for _, p := range []*Player{ann, bob} {
		if err := db.PutPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	if ann.ID != 1 || bob.ID != 2 {
		t.Fatalf("ids %d, %d; want 1, 2", ann.ID, bob.ID)
	}
	if p, err := db.PlayerAt(mail); err != nil || p.Name != "Ann" || p.Lang != "eo" {
		t.Errorf("PlayerAt(%s) = %+v, %v; want Ann", mail, p, err)
	}
	bob.Addresses = append(bob.Addresses, tg)
	if err := db.PutPlayer(bob); !errors.Is(err, ErrAddressTaken) {
		t.Errorf("PutPlayer with Ann's address = %v; want ErrAddressTaken", err)
	}
	ann.Addresses = []Address{mail}
	if err := db.PutPlayer(ann); err != nil {
		t.Fatal(err)
	}
	if err := db.PutPlayer(bob); err != nil {
		t.Errorf("PutPlayer with the address Ann gave up = %v", err)
	}
	if p, err := db.PlayerAt(tg); err != nil || p.ID != bob.ID {
		t.Errorf("PlayerAt(%s) = %+v, %v; want Bob", tg, p, err)
	}
	if _, err := db.PlayerAt(Address{"telegram", "300"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("PlayerAt(unknown) = %v; want ErrNotFound", err)
	}
	if _, err := db.Player(9); !errors.Is(err, ErrNotFound) {
		t.Errorf("Player(9) = %v; want ErrNotFound", err)
	}
}

func TestGamesOfPlayer(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	one, two := newGame(t, db), newGame(t, db) // players 1 and 2 in both
	_, err := db.Apply(two, "", func(g *Game) ([]Outgoing, error) {
		g.Seats[referee.Black] = Seat{PlayerID: 3}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		player uint64
		want   []uint64
	}{{1, []uint64{one, two}}, {2, []uint64{one}}, {3, []uint64{two}}, {4, nil}} {
		games, err := db.Games(tt.player)
		var got []uint64
		for _, g := range games {
			got = append(got, g.ID)
		}
		if err != nil || !equal(got, tt.want) {
			t.Errorf("Games(%d) = %v, %v; want %v", tt.player, got, err, tt.want)
		}
		var seated bool
		db.View(func(tx *Tx) error { seated = tx.Seated(tt.player); return nil })
		if seated != (len(tt.want) > 0) {
			t.Errorf("Seated(%d) = %v; want %v", tt.player, seated, len(tt.want) > 0)
		}
	}
	if s, ok := (&Game{Seats: map[referee.Seat]Seat{"red": {PlayerID: 3}}}).SeatOf(3); !ok || s != "red" {
		t.Errorf("SeatOf(3) = %q, %v; want red", s, ok)
	}
}

func TestCursors(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	if v, err := db.Cursor("telegram"); v != nil || err != nil {
		t.Errorf("unset cursor = %v, %v; want nil", v, err)
	}
	if err := db.SetCursor("telegram", []byte{0, 0, 1, 2}); err != nil {
		t.Fatal(err)
	}
	if v, _ := db.Cursor("telegram"); !bytes.Equal(v, []byte{0, 0, 1, 2}) {
		t.Errorf("cursor = %v; want [0 0 1 2]", v)
	}
}

func TestForgetSeen(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	now := t0 // read by the writer goroutine during Apply only
	db := openTest(t, &Options{Now: func() time.Time { return now }})
	id := newGame(t, db)
	for i, in := range []string{"a", "b", "c", "d"} {
		now = t0.Add(time.Duration(i) * time.Hour)
		if _, err := db.Apply(id, in, move("white", in)); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := db.ForgetSeen(t0.Add(2 * time.Hour)); n != 2 || err != nil {
		t.Errorf("ForgetSeen = %d, %v; want 2", n, err)
	}
	if n, _ := db.SeenCount(); n != 2 {
		t.Errorf("SeenCount = %d; want 2", n)
	}
}

func TestDue(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	t0 := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	setDeadline := func(id uint64, d time.Time) {
		_, err := db.Apply(id, "", func(g *Game) ([]Outgoing, error) { g.Deadline = d; return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
	}
	a, b, c := newGame(t, db), newGame(t, db), newGame(t, db)
	setDeadline(a, t0.Add(3*time.Hour))
	setDeadline(b, t0.Add(time.Hour))
	setDeadline(c, t0.Add(2*time.Hour))
	setDeadline(c, time.Time{}) // no deadline any more
	setDeadline(a, t0.Add(90*time.Minute))
	for _, tt := range []struct {
		now  time.Time
		want []uint64
	}{{t0, nil}, {t0.Add(time.Hour), []uint64{b}}, {t0.Add(5 * time.Hour), []uint64{b, a}}} {
		if got, err := db.Due(tt.now); err != nil || !equal(got, tt.want) {
			t.Errorf("Due(%v) = %v, %v; want %v", tt.now, got, err, tt.want)
		}
	}
}
