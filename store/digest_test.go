package store

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

// TestDigestIndex: PutPlayer keeps the index of next digests, and
// DueDigests finds the players due, earliest first.
func TestDigestIndex(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	seven := time.Date(2026, 5, 2, 7, 0, 0, 0, time.UTC)
	ann := &Player{Name: "Ann", Mail: MailDigest, Digest: seven.Add(time.Hour)}
	bob := &Player{Name: "Bob", Mail: MailDigest, Digest: seven}
	cat := &Player{Name: "Cat"}
	for _, p := range []*Player{ann, bob, cat} {
		if err := db.PutPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		at   time.Time
		want []uint64
	}{
		{seven.Add(-time.Second), nil},
		{seven, []uint64{bob.ID}},
		{seven.Add(2 * time.Hour), []uint64{bob.ID, ann.ID}},
	} {
		if got, err := db.DueDigests(tt.at); err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("DueDigests(%v) = %v, %v; want %v", tt.at, got, err, tt.want)
		}
	}
	bob.Digest = seven.Add(24 * time.Hour) // sent: the next one tomorrow
	ann.Mail, ann.Digest = MailEach, time.Time{}
	for _, p := range []*Player{ann, bob} {
		if err := db.PutPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := db.DueDigests(seven.Add(2 * time.Hour)); err != nil || len(got) != 0 {
		t.Errorf("after the move: DueDigests = %v, %v; want none", got, err)
	}
	if got, _ := db.DueDigests(seven.Add(24 * time.Hour)); !slices.Equal(got, []uint64{bob.ID}) {
		t.Errorf("tomorrow: DueDigests = %v; want Bob alone", got)
	}
}

// A player written before digests existed reads as one who takes each
// piece of news at once.
func TestPlayerBeforeDigests(t *testing.T) {
	t.Parallel()
	var p Player
	if err := json.Unmarshal([]byte(`{"id":3,"name":"Old","lang":"ru","addresses":[{"transport":"email","id":"o@example.org"}]}`), &p); err != nil {
		t.Fatal(err)
	}
	if p.Mail != MailEach || !p.Digest.IsZero() {
		t.Errorf("old player: Mail %q, Digest %v; want each, none", p.Mail, p.Digest)
	}
}
