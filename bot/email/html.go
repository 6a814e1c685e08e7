package email

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxDepth bounds the nesting of quotes htmlText follows.
const maxDepth = 32

// htmlText makes text of an HTML body, for a mail without a plain part:
// block elements and <br> end lines, <blockquote> lines are quoted with
// "> " as a plain client would, <hr> becomes a separator, and scripts,
// styles and the head are dropped, and so is whatever a reader would not
// see (hiddenByAttrs): a command hidden there is not read. Whitespace
// collapses as a browser collapses it, except in <pre>.
func htmlText(src string) string {
	var t textWriter
	var s elements
	z := html.NewTokenizer(strings.NewReader(src))
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			t.newline()
			return t.b.String()
		case html.TextToken:
			if s.hidden == 0 {
				t.text(string(z.Text()))
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, attrs := z.TagName()
			a := atom.Lookup(name)
			hide := hidden[a] || attrs && hiddenByAttrs(z)
			if s.hidden == 0 && !hide {
				t.open(a)
			}
			if tt == html.StartTagToken && !void[a] {
				s.push(a, hide)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			was := s.hidden
			s.pop(a)
			if was == 0 {
				t.close(a)
			}
		}
	}
}

// maxOpen bounds the elements htmlText keeps open; deeper ones are read
// as their parent is.
const maxOpen = 4096

// elements are the open elements of a document, with how many of them
// hide their text.
type elements struct {
	open   []element
	hidden int
}

type element struct {
	a    atom.Atom
	hide bool
}

func (s *elements) push(a atom.Atom, hide bool) {
	if len(s.open) >= maxOpen {
		return
	}
	s.open = append(s.open, element{a, hide})
	if hide {
		s.hidden++
	}
}

// pop closes the innermost open a and what is open inside it, as a
// browser closes misnested elements; an end tag of nothing open is
// ignored.
func (s *elements) pop(a atom.Atom) {
	for i := len(s.open) - 1; i >= 0; i-- {
		if s.open[i].a != a {
			continue
		}
		for _, e := range s.open[i:] {
			if e.hide {
				s.hidden--
			}
		}
		s.open = s.open[:i]
		return
	}
}

// void are the elements that have no end tag.
var void = map[atom.Atom]bool{atom.Br: true, atom.Hr: true, atom.Img: true, atom.Input: true,
	atom.Meta: true, atom.Link: true, atom.Area: true, atom.Base: true, atom.Col: true,
	atom.Embed: true, atom.Source: true, atom.Track: true, atom.Wbr: true, atom.Param: true}

// hiddenByAttrs reports whether the tag's attributes hide its text: the
// hidden attribute, or an inline style that does (display:none,
// visibility:hidden, opacity:0, a font too small to read, transparent
// text, a box of no height with its overflow hidden).
func hiddenByAttrs(z *html.Tokenizer) bool {
	for {
		k, v, more := z.TagAttr()
		switch string(k) {
		case "hidden":
			return true
		case "style":
			if hidingStyle(string(v)) {
				return true
			}
		}
		if !more {
			return false
		}
	}
}

// hidingStyle reports whether an inline style hides an element's text.
func hidingStyle(style string) bool {
	decl := map[string]string{}
	for _, d := range strings.Split(strings.ToLower(style), ";") {
		k, v, _ := strings.Cut(d, ":")
		v = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
		decl[strings.TrimSpace(k)] = v
	}
	switch {
	case decl["display"] == "none", decl["visibility"] == "hidden", decl["visibility"] == "collapse",
		zeroish(decl["opacity"]), tiny(decl["font-size"]),
		decl["color"] == "transparent", strings.HasSuffix(decl["color"], ",0)"), strings.HasSuffix(decl["color"], ", 0)"):
		return true
	}
	return decl["overflow"] == "hidden" && (zeroish(decl["height"]) || zeroish(decl["max-height"]) ||
		zeroish(decl["width"]) || zeroish(decl["max-width"]))
}

// zeroish reports a CSS length or number that is zero ("0", "0px", "0.0").
func zeroish(v string) bool {
	if v == "" {
		return false
	}
	return strings.Trim(strings.TrimRight(v, "abcdefghijklmnopqrstuvwxyz%"), "0.") == "" && strings.ContainsAny(v, "0")
}

// tiny reports a font size too small to read: under 4px or 3pt, or 0.
func tiny(v string) bool {
	i := strings.IndexFunc(v, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(v)
	}
	n, err := strconv.ParseFloat(v[:i], 64)
	if err != nil {
		return false
	}
	switch unit := strings.TrimSpace(v[i:]); unit {
	case "px":
		return n < 4
	case "pt":
		return n < 3
	case "em", "rem":
		return n < 0.25
	case "%":
		return n < 25
	}
	return n == 0
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
