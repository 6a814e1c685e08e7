package referee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Announcement is one thing the umpire says: a code of rules/README.md, the
// seats that hear it, and the code's fields in a fixed order. Words for
// people are made from it later, in the reader's language.
type Announcement struct {
	To     []Seat
	Code   string
	Fields []Field
}

// Field is one named value of an announcement: a string, an int, a bool
// or a []string.
type Field struct {
	Key   string
	Value any
}

// Say makes an announcement; kv alternates keys and values.
func Say(code string, to []Seat, kv ...any) Announcement {
	a := Announcement{To: to, Code: code}
	for i := 0; i+1 < len(kv); i += 2 {
		a.Fields = append(a.Fields, Field{kv[i].(string), kv[i+1]})
	}
	return a
}

// Get returns the value of a field, or nil.
func (a Announcement) Get(key string) any {
	for _, f := range a.Fields {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}

// Str returns a string field, or "".
func (a Announcement) Str(key string) string {
	s, _ := a.Get(key).(string)
	return s
}

// For returns the announcements among said that seat s hears.
func For(said []Announcement, s Seat) []Announcement {
	var out []Announcement
	for _, a := range said {
		if s == God || Hears(a.To, s) || (s == Spectator && a.Public()) {
			out = append(out, a)
		}
	}
	return out
}

// Public reports whether an announcement is public news: spectators and
// group chats may hear it. What the umpire says to every seat is public
// (a capture on e5, a check on the long diagonal, a crown revealed): it
// tells a spectator nothing that any player does not know. Codes that never
// carry a seat's private knowledge are public whoever hears them.
func (a Announcement) Public() bool {
	if Hears(a.To, White) && Hears(a.To, Black) {
		return true
	}
	switch a.Code {
	case "turn", "end", "commitment", "reveal", "crown-revealed", "stones",
		"monarch-captured", "neutral", "throne", "vassal", "pass", "converted":
		return true
	}
	return false
}

// String writes an announcement as the rule files' examples do: the code,
// its fields as key=value (lists as [a,b]), then ">" and the seats that
// hear it, "both" for white and black: `capture square=d5 what=pawn >both`.
func (a Announcement) String() string {
	var b strings.Builder
	b.WriteString(a.Code)
	for _, f := range a.Fields {
		v := fmt.Sprint(f.Value)
		if list, ok := f.Value.([]string); ok {
			v = "[" + strings.Join(list, ",") + "]"
		}
		fmt.Fprintf(&b, " %s=%s", f.Key, v)
	}
	to := make([]string, len(a.To))
	for i, s := range a.To {
		to[i] = string(s)
	}
	if slices.Equal(a.To, Both()) {
		to = []string{"both"}
	}
	b.WriteString(" >" + strings.Join(to, ","))
	return b.String()
}

// MarshalJSON writes {"to":[…],"code":…, fields…} in that order.
func (a Announcement) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	to := a.To
	if to == nil {
		to = []Seat{}
	}
	b.WriteString(`{"to":`)
	writeJSON(&b, to)
	b.WriteString(`,"code":`)
	writeJSON(&b, a.Code)
	for _, f := range a.Fields {
		b.WriteByte(',')
		writeJSON(&b, f.Key)
		b.WriteByte(':')
		v := f.Value
		if s, ok := v.([]string); ok && s == nil {
			v = []string{}
		}
		writeJSON(&b, v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads what MarshalJSON writes, keeping the field order.
func (a *Announcement) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return err
	}
	*a = Announcement{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		switch key {
		case "to":
			err = json.Unmarshal(raw, &a.To)
		case "code":
			err = json.Unmarshal(raw, &a.Code)
		default:
			a.Fields = append(a.Fields, Field{key, decodeValue(raw)})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func decodeValue(raw json.RawMessage) any {
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n
	}
	var v any
	json.Unmarshal(raw, &v)
	return v
}

func writeJSON(b *bytes.Buffer, v any) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	b.Truncate(b.Len() - 1) // Encode adds a newline
}
