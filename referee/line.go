package referee

import (
	"slices"
	"strings"
)

// The words of the actions every variant shares, one spelling each: the
// umpire's parser turns what people write in any language into these, the
// log keeps them, and nothing else spells them.
const (
	WordResign  = cmdResign
	WordDraw    = cmdDraw    // offer a draw, or accept the opponent's offer
	WordDecline = cmdDecline // decline the opponent's offer
	WordAny     = "any?"     // Kriegspiel's question (english rules)
	WordTimeout = cmdTimeout // the umpire's, when a seat's time ran out
)

// ItemKind is what one item of an attempt list asks of the referee.
type ItemKind int

// The kinds of items.
const (
	ItemMove     ItemKind = iota // a move, or another act the variant reads (triad's diplomacy)
	ItemSecret                   // a secret choice: a crown, a growing pawn, stones
	ItemResign                   // resign
	ItemDraw                     // offer or accept a draw
	ItemDecline                  // decline a draw
	ItemQuestion                 // any?
	ItemTimeout                  // the umpire's timeout, never a seat's
)

// Item is one item of an attempt list, as written, and its kind.
type Item struct {
	Text string
	Kind ItemKind
}

// Line is a message of one seat read once: the items of its attempt list,
// in order (kriegspiel.md §5). Every check the umpire makes of a line
// before the referee rules on it (is it secret, public, a repeated offer,
// too long) reads these, so the text is split once.
type Line struct {
	text  string // as written
	Items []Item
}

// ReadLine reads a message as an attempt list (see SplitList).
func ReadLine(text string) Line {
	l := Line{text: strings.TrimSpace(text)}
	for _, it := range SplitList(text) {
		l.Items = append(l.Items, Item{Text: it, Kind: KindOf(it)})
	}
	return l
}

// KindOf is the kind of one item.
func KindOf(item string) ItemKind {
	t := strings.TrimSpace(item)
	word, _, _ := strings.Cut(t, " ")
	switch {
	case strings.EqualFold(t, WordResign):
		return ItemResign
	case strings.EqualFold(t, WordDraw):
		return ItemDraw
	case strings.EqualFold(t, WordDecline):
		return ItemDecline
	case isAny(t):
		return ItemQuestion
	case strings.EqualFold(word, WordTimeout):
		return ItemTimeout
	case IsSecret(t):
		return ItemSecret
	}
	return ItemMove
}

// Text is the line as written, without the spaces around it.
func (l Line) Text() string { return l.text }

// Has reports whether any item is of kind k.
func (l Line) Has(k ItemKind) bool {
	return slices.ContainsFunc(l.Items, func(it Item) bool { return it.Kind == k })
}

// OwnSalt reports whether a secret choice carries a salt of the writer's
// own (` salt=HEX`), which the referee would take instead of the umpire's
// random one.
func (l Line) OwnSalt() bool {
	return slices.ContainsFunc(l.Items, func(it Item) bool {
		return it.Kind == ItemSecret && strings.Contains(it.Text, "salt=")
	})
}

// Public reports whether every item (of none, too) is a game command
// that tells nothing hidden: resign, draw, decline, any?.
func (l Line) Public() bool {
	return !slices.ContainsFunc(l.Items, func(it Item) bool {
		return it.Kind == ItemMove || it.Kind == ItemSecret || it.Kind == ItemTimeout
	})
}

// EndsOrAnswers reports whether the line is resign, draw or decline alone:
// what ends a game or answers an offer once.
func (l Line) EndsOrAnswers() bool {
	if len(l.Items) != 1 {
		return false
	}
	switch l.Items[0].Kind {
	case ItemResign, ItemDraw, ItemDecline:
		return true
	}
	return false
}

// Cut keeps the first n items, and reports whether it dropped any. A line
// cut is written again with one item a line.
func (l Line) Cut(n int) (Line, bool) {
	if len(l.Items) <= n {
		return l, false
	}
	out := Line{Items: slices.Clone(l.Items[:n])}
	texts := make([]string, n)
	for i, it := range out.Items {
		texts[i] = it.Text
	}
	out.text = strings.Join(texts, "\n")
	return out, true
}
