package post

import "errors"

// A Mistake is a user's mistake: a note safe to show, in the reader's
// words, that says why and what to write instead. The bot's commands, the
// club and the lobby return one as an error; the door answers it to the
// writer (and caps such answers where a machine may be writing). Anything
// else that goes wrong is the umpire's fault and is answered with a fixed
// phrase.
type Mistake struct{ Note Note }

func (m *Mistake) Error() string { return "user error: " + m.Note.ID }

// Oops makes a Mistake of a note; kv alternates argument names and values.
func Oops(id string, kv ...string) error { return &Mistake{Say(id, kv...)} }

// MistakeOf reports whether err is a Mistake, and its note.
func MistakeOf(err error) (Note, bool) {
	var m *Mistake
	if errors.As(err, &m) {
		return m.Note, true
	}
	return Note{}, false
}
