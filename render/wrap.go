package render

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
)

// Lines are broken in one pass over the text: each letter's advance is
// looked up once and added to a running width, so laying a caption out
// costs the same per letter whether its words are short or one word runs
// for 64 KB. (Measuring the rest of an over-long word again for every line
// it filled made such a word cost seconds.)

// advance gives the width in pixels of one letter.
type advance func(r rune) float64

// advanceOf measures letters of f at px pixels per em.
func advanceOf(f *sfnt.Font, px float64) advance {
	return func(r rune) float64 { return glyphFor(f, px, r).adv }
}

// wrap breaks s into lines at most width pixels wide, at spaces where it
// can and inside a word only when the word alone is too wide. Runs of
// spaces become one space; every line holds at least one letter, and no
// lines at all give one empty line.
func wrap(adv advance, s string, width float64) []string {
	l := liner{adv: adv, width: width, space: adv(' ')}
	for _, w := range strings.Fields(s) {
		l.word(w)
	}
	if l.cur.Len() > 0 || len(l.lines) == 0 {
		l.lines = append(l.lines, l.cur.String())
	}
	return l.lines
}

// liner holds the lines being made by wrap.
type liner struct {
	adv          advance
	width, space float64
	lines        []string
	cur          strings.Builder // the line being filled
	x            float64         // cur's width
}

// word places w after the current line's words when it fits there, else
// at the start of a new line; a word wider than a line is broken from a
// new line on.
func (l *liner) word(w string) {
	x := 0.0
	for i, r := range w {
		a := l.adv(r)
		if x+a > l.width && i > 0 {
			l.newLine()
			l.lines = append(l.lines, w[:i])
			l.long(w[i:], a)
			return
		}
		x += a
	}
	if l.cur.Len() > 0 && l.x+l.space+x <= l.width {
		l.cur.WriteByte(' ')
		l.cur.WriteString(w)
		l.x += l.space + x
		return
	}
	l.newLine()
	l.cur.WriteString(w)
	l.x = x
}

// long breaks w, the rest of a word too wide for a line, into lines that
// each take the most letters that fit (at least one); the last part starts
// the current line. w's first letter is a pixels wide, measured already.
func (l *liner) long(w string, a float64) {
	start, x := 0, a
	_, n := utf8.DecodeRuneInString(w)
	for i, r := range w[n:] {
		i += n
		a := l.adv(r)
		if x+a > l.width && i > start {
			l.lines = append(l.lines, w[start:i])
			start, x = i, 0
		}
		x += a
	}
	l.cur.WriteString(w[start:])
	l.x = x
}

// newLine ends the current line, if it holds anything.
func (l *liner) newLine() {
	if l.cur.Len() > 0 {
		l.lines = append(l.lines, l.cur.String())
		l.cur.Reset()
	}
	l.x = 0
}
