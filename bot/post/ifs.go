package post

import (
	"strings"

	"umpire/store"
)

// IfLine says a conditional line in the reader's words and letters, a
// note per step: "if e5 then Nf3", "если взятие e4 то d:e4", "se preno
// e4 tiam dxe4", "se vidata e4 tiam Ĉc6" for "if seen e4 then Nc6".
func IfLine(line []store.If) []Note {
	var out []Note
	for _, st := range line {
		out = append(out, Note{ID: "ifs.step", Args: map[string]string{"typed": st.Then},
			Sub: map[string][]Note{"when": {whenNote(st.When)}}})
	}
	return out
}

// whenNote says a condition: a move as typed (in the reader's letters,
// texts.Catalog.Value), or what a seat is told in the reader's words.
func whenNote(when string) Note {
	w, sq, _ := strings.Cut(when, " ")
	switch {
	case when == "no capture":
		return Say("ifs.when.no-capture")
	case w == "capture" && sq == "":
		return Say("ifs.when.capture-any")
	case w == "capture", w == "seen":
		return Say("ifs.when."+w, "square", sq)
	case when == "check":
		return Say("ifs.when.check")
	}
	return Say("ifs.when.move", "typed", when)
}
