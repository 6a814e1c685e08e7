package referee

import (
	"fmt"
	"strings"
)

// SplitList splits a message into the actions of an attempt list
// (kriegspiel.md §5): items separated by ',', ';' or line breaks, blank
// items dropped.
//
// A korona2 stone placement (`S@c3,S@d4,X@e5`) is one action: a text with
// an @ is not split at its commas.
func SplitList(text string) []string {
	if t := strings.TrimSpace(text); strings.Contains(t, "@") {
		return []string{t}
	}
	f := func(r rune) bool { return r == ',' || r == ';' || r == '\n' || r == '\r' }
	var out []string
	for _, item := range strings.FieldsFunc(text, f) {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// UmpireOnly reports whether an action list holds one of the timeout
// actions (`timeout`, triad's `timeout vassal white`), which only the
// umpire's clock plays: a seat that writes one is refused before the
// referee hears it.
func UmpireOnly(text string) bool { return ReadLine(text).Has(ItemTimeout) }

// Played is one item of an attempt list with its ruling.
type Played struct {
	Action Action
	Ruling Ruling
}

// PlayList plays a message of one seat as an attempt list: items in order,
// each ruled as if sent alone, stopping after the first accepted move or at
// the first refused item. `any?` is allowed only as the first item, and game
// commands only alone. Items not reached are not tries: nobody hears of them.
// It returns at least one Played: a message with no item in it (nothing but
// separators) is one action, refused as unreadable. The message is msg:
// its seat, its whole text, the salt of its secrets and its notation
// language, which every item keeps.
func PlayList(g Game, msg Action) []Played { return PlayLine(g, ReadLine(msg.Text), msg) }

// PlayLine is PlayList of a line already read (ReadLine(msg.Text)).
func PlayLine(g Game, l Line, msg Action) []Played {
	var out []Played
	playItems(g, l, msg, func(p Played) error {
		out = append(out, p)
		return nil
	})
	return out
}

// PlayEach is PlayList calling each right after each item is ruled, while
// the game still stands as that item left it. An error from each stops the
// list and is returned. Each item gets a salt of its own, made from salt and
// its place in the list, so no two sealed notes share one.
func PlayEach(g Game, msg Action, each func(Played) error) error {
	return playItems(g, ReadLine(msg.Text), msg, each)
}

// playItems is PlayEach of a line already read.
func playItems(g Game, l Line, msg Action, each func(Played) error) error {
	if len(l.Items) == 0 {
		a := Action{Seat: msg.Seat, Text: strings.TrimSpace(msg.Text), Notation: msg.Notation}
		return each(Played{a, Refuse(ReasonUnreadable)})
	}
	for i, item := range l.Items {
		a := Action{Seat: msg.Seat, Text: item.Text, Salt: itemSalt(msg.Salt, i), Notation: msg.Notation}
		r := listRule(l, i)
		if r.Verdict == "" {
			r = g.Play(a)
		}
		if err := each(Played{a, r}); err != nil {
			return err
		}
		if r.Verdict == Refused || (r.Verdict == Accepted && r.Move != "") || g.Turn() != msg.Seat {
			break
		}
	}
	return nil
}

// listRule refuses an item that may not stand where it stands in a list.
func listRule(l Line, i int) Ruling {
	if len(l.Items) == 1 {
		return Ruling{}
	}
	switch k := l.Items[i].Kind; {
	case k == ItemResign || k == ItemDraw || k == ItemDecline || k == ItemTimeout, i > 0 && k == ItemQuestion:
		return Refuse(ReasonNotInList)
	}
	return Ruling{}
}

// Listable reports whether every item of l may stand where it stands
// (listRule): resign, draw and decline alone, any? first. A line kept to
// be played later (a conditional answer) is checked with it when written.
func (l Line) Listable() bool {
	for i := range l.Items {
		if listRule(l, i).Verdict != "" {
			return false
		}
	}
	return true
}

// isAny reports whether an item is the question "any?".
func isAny(text string) bool {
	return strings.EqualFold(strings.TrimSpace(text), WordAny)
}

// itemSalt is the salt of item i of a list: the message's salt for the
// first, the salt with the item's number after it for the others.
func itemSalt(salt string, i int) string {
	if salt == "" || i == 0 {
		return salt
	}
	return fmt.Sprintf("%s-%d", salt, i)
}
