package email

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxDepth bounds the nesting of quotes htmlText follows.
const maxDepth = 32

// htmlText makes text of an HTML body, for a mail without a plain part:
// block elements and <br> end lines, <blockquote> lines are quoted with
// "> " as a plain client would, <hr> becomes a separator, and scripts,
// styles and the head are dropped. Whitespace collapses as a browser
// collapses it, except in <pre>.
func htmlText(src string) string {
	var t textWriter
	z := html.NewTokenizer(strings.NewReader(src))
	skip := 0 // depth inside elements whose text is not shown
	for {
		switch z.Next() {
		case html.ErrorToken:
			t.newline()
			return t.b.String()
		case html.TextToken:
			if skip == 0 {
				t.text(string(z.Text()))
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if hidden[a] {
				skip++
			}
			t.open(a)
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if hidden[a] && skip > 0 {
				skip--
			}
			t.close(a)
		}
	}
}

// hidden are the elements whose text a reader never sees.
var hidden = map[atom.Atom]bool{atom.Head: true, atom.Script: true, atom.Style: true, atom.Title: true, atom.Template: true}

// blocks are the elements that begin and end lines.
var blocks = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Li: true, atom.Ul: true, atom.Ol: true, atom.Tr: true,
	atom.Table: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true,
	atom.H6: true, atom.Pre: true, atom.Section: true, atom.Article: true, atom.Header: true,
	atom.Footer: true, atom.Dl: true, atom.Dt: true, atom.Dd: true, atom.Address: true, atom.Body: true,
}

// paragraphs are the blocks with a blank line after them.
var paragraphs = map[atom.Atom]bool{atom.P: true, atom.Table: true, atom.Pre: true, atom.H1: true, atom.H2: true, atom.H3: true}

// textWriter collects the text of an HTML document line by line.
type textWriter struct {
	b     strings.Builder
	line  strings.Builder
	quote int // blockquote depth
	pre   int // pre depth
	space bool
}

func (t *textWriter) open(a atom.Atom) {
	switch {
	case a == atom.Br:
		t.flush(true)
	case a == atom.Hr:
		t.newline()
		t.writeLine("________________________________")
	case a == atom.Blockquote:
		t.newline()
		t.quote = min(t.quote+1, maxDepth)
	case a == atom.Pre:
		t.newline()
		t.pre++
	case blocks[a]:
		t.newline()
	}
}

func (t *textWriter) close(a atom.Atom) {
	switch {
	case a == atom.Blockquote:
		t.newline()
		t.quote = max(t.quote-1, 0)
	case a == atom.Pre:
		t.newline()
		t.pre = max(t.pre-1, 0)
	case blocks[a]:
		t.newline()
	}
	if paragraphs[a] {
		t.writeLine("")
	}
}

// text adds text to the line, collapsing whitespace outside <pre>.
func (t *textWriter) text(s string) {
	s = strings.ReplaceAll(s, "\u00a0", " ")
	if t.pre > 0 {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			if i > 0 {
				t.flush(true)
			}
			t.line.WriteString(l)
		}
		return
	}
	for _, r := range s {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' || r == '\f' {
			t.space = t.line.Len() > 0
			continue
		}
		if t.space {
			t.line.WriteByte(' ')
			t.space = false
		}
		t.line.WriteRune(r)
	}
}

// newline ends the line, if one was begun.
func (t *textWriter) newline() { t.flush(false) }

// flush ends the line; an empty one only when force is set (a <br>).
func (t *textWriter) flush(force bool) {
	if t.line.Len() == 0 && !force {
		return
	}
	t.writeLine(t.line.String())
	t.line.Reset()
	t.space = false
}

// writeLine writes a whole line, quoted to the current depth.
func (t *textWriter) writeLine(s string) {
	if t.b.Len() > maxText {
		return
	}
	t.b.WriteString(strings.Repeat("> ", t.quote))
	t.b.WriteString(s)
	t.b.WriteByte('\n')
}
