package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"time"

	"umpire/referee"
)

// Log entries as the store keeps them. A game's log may hold tens of
// thousands of entries, and a umpire started afresh decodes a game's whole
// log at its first action: so an entry is written in a compact binary
// form (entryForm), which decodes in a small fraction of the time JSON
// took, and the entries of logs written before (JSON objects, from schema
// v7 and earlier) are still read as they are.
//
// The form: a byte entryForm; the action's seat, text, salt and notation,
// each its length as a uvarint and its bytes; the time logged, as a
// varint of Unix nanoseconds.
const entryForm = 1

// errEntry says a stored entry is in no form the store reads.
var errEntry = errors.New("not a log entry")

// encodeEntry writes an entry in the binary form.
func encodeEntry(e Entry) []byte {
	a := e.Action
	b := make([]byte, 0, 1+4*binary.MaxVarintLen16+len(a.Seat)+len(a.Text)+len(a.Salt)+len(a.Notation)+binary.MaxVarintLen64)
	b = append(b, entryForm)
	for _, s := range []string{string(a.Seat), a.Text, a.Salt, a.Notation} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return binary.AppendVarint(b, e.At.UnixNano())
}

// decodeEntry reads an entry in either form.
func decodeEntry(data []byte) (Entry, error) {
	var e Entry
	if len(data) > 0 && data[0] == '{' {
		err := json.Unmarshal(data, &e)
		return e, err
	}
	if len(data) == 0 || data[0] != entryForm {
		return e, errEntry
	}
	rest := data[1:]
	var fields [4]string
	for i := range fields {
		n, k := binary.Uvarint(rest)
		if k <= 0 || uint64(len(rest)-k) < n {
			return e, errEntry
		}
		fields[i], rest = string(rest[k:k+int(n)]), rest[k+int(n):]
	}
	at, k := binary.Varint(rest)
	if k <= 0 || k != len(rest) {
		return e, errEntry
	}
	e.Action = referee.Action{Seat: referee.Seat(fields[0]), Text: fields[1], Salt: fields[2], Notation: fields[3]}
	e.At = time.Unix(0, at).UTC()
	return e, nil
}
