package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"umpire/referee"
)

// TestEntryForms: an entry written in the binary form reads back as it
// was, and one written as JSON by a store before v8 still reads.
func TestEntryForms(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 5, 1, 12, 0, 0, 123, time.UTC)
	e := Entry{Action: referee.Action{Seat: referee.White, Text: "crown king", Salt: "00ff", Notation: "eo"}, At: at}
	got, err := decodeEntry(encodeEntry(e))
	if err != nil || got != e {
		t.Errorf("binary: read %+v, %v; want %+v", got, err, e)
	}
	old, _ := json.Marshal(e)
	if got, err := decodeEntry(old); err != nil || got.Action != e.Action || !got.At.Equal(at) {
		t.Errorf("JSON: read %+v, %v; want %+v", got, err, e)
	}
	// the form writes four fields of an action: a fifth would be lost
	if n := reflect.TypeFor[referee.Action]().NumField(); n != 4 {
		t.Errorf("referee.Action has %d fields; encodeEntry writes 4: give the new one a place in the form", n)
	}
	for _, bad := range [][]byte{nil, {}, {2}, {entryForm, 9}, append(encodeEntry(e), 0)} {
		if _, err := decodeEntry(bad); err == nil {
			t.Errorf("decodeEntry(%q) read an entry", bad)
		}
	}
}

// FuzzEntry: any action and time round-trips, and no bytes make the
// reader panic.
func FuzzEntry(f *testing.F) {
	f.Add("white", "e2e4", "", "en", int64(0))
	f.Add("", "", "salt", "ru", int64(-1))
	f.Fuzz(func(t *testing.T, seat, text, salt, notation string, nanos int64) {
		e := Entry{Action: referee.Action{Seat: referee.Seat(seat), Text: text, Salt: salt, Notation: notation}, At: time.Unix(0, nanos).UTC()}
		b := encodeEntry(e)
		if got, err := decodeEntry(b); err != nil || got != e {
			t.Errorf("round trip of %+v: %+v, %v", e, got, err)
		}
		decodeEntry([]byte(text)) // whatever it is, no panic
	})
}
