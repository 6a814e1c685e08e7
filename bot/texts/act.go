package texts

import (
	"slices"
	"strings"

	"umpire/referee"
)

// Act says an act of three-player chess's diplomacy, written in the
// referee's words (triad.md 6.5: "vassal accept white", "order black
// e2e4", "order pass", "choose red", "declare Rbe3"), as a reader of lang
// writes it: "вассал принять белых", "ordoni nigraj e2e4". Its move stays
// as written. A game command in the referee's words (any?, resign, draw,
// decline) is the reader's word for it. Any other text comes back as it is, and so does a seat word
// that names no seat ("order purple e4").
func (c *Catalog) Act(lang, text string) string {
	f := strings.Fields(strings.ToLower(text))
	raw := strings.Fields(text)
	id, seat, move := "", "", ""
	switch {
	case len(f) == 0:
	case (f[0] == "vassal" || f[0] == "lord") && len(f) == 3 && actAnswers[f[1]]:
		id, seat = "act."+f[0]+"."+f[1], f[2]
	case f[0] == "order" && f[len(f)-1] == "pass" && len(f) <= 3:
		id = "act.order-pass"
	case f[0] == "order" && len(f) >= 3:
		id, seat, move = "act.order", f[1], strings.Join(raw[2:], " ")
	case f[0] == "choose" && len(f) == 2:
		id, seat = "act.choose", f[1]
	case f[0] == "declare" && len(f) >= 2:
		id, move = "act.declare", strings.Join(raw[1:], " ")
	}
	if cmd, ok := gameWords[strings.ToLower(strings.TrimSpace(text))]; ok && id == "" {
		return c.typed[lang][cmd] // a game command, in the reader's word: any? is есть?
	}
	if id == "" {
		return text
	}
	args := Args{"move": move}
	c.PutSeat(lang, args, "seat", referee.Seat(seat))
	return c.Text(lang, id, args)
}

// gameWords are the referee's words for the game commands (door's
// actionWords), by the catalog's command they are typed as.
var gameWords = map[string]string{referee.WordAny: "any", referee.WordResign: "resign", referee.WordDraw: "draw",
	referee.WordDecline: "decline"}

// itemsTyped says an attempt list its reader typed, kept in the referee's
// words ("Nf3, draw"), as the reader writes it: its moves in the reader's
// letters, its game commands in the reader's words ("Кf3, ничья").
func (c *Catalog) itemsTyped(lang, v string) string {
	items := referee.SplitList(v)
	if !slices.ContainsFunc(items, func(it string) bool { return gameWords[strings.ToLower(it)] != "" }) {
		return referee.TypedIn(v, referee.NotationOf(lang), lang) // the writer's separators kept
	}
	for i, it := range items {
		if cmd := gameWords[strings.ToLower(it)]; cmd != "" {
			if w := c.typed[lang][cmd]; w != "" { // a language without the word keeps the referee's
				items[i] = w
			}
		} else {
			items[i] = referee.TypedIn(it, referee.NotationOf(lang), lang)
		}
	}
	return strings.Join(items, ", ")
}

// actAnswers are the second words of the offers and their answers.
var actAnswers = map[string]bool{"offer": true, "accept": true, "decline": true}

// commandTyped says a command in the umpire's words (the argument
// "cmd": "give 1d", "resign", "Nf3") as its reader writes it: its
// command word in lang ("дать 1д"), an act or a game command in the
// reader's words, a move in its letters; its other words as written.
func (c *Catalog) commandTyped(lang, v string) string {
	word, rest, _ := strings.Cut(v, " ")
	w := c.typed[lang][word]
	if w == "" || gameWords[word] != "" || actWords[word] {
		return c.Act(lang, referee.TypedIn(v, referee.NotationOf(lang), lang))
	}
	return strings.TrimSpace(w + " " + rest)
}

// actWords are the first words of the acts of diplomacy, which Act says.
var actWords = map[string]bool{"vassal": true, "lord": true, "order": true, "choose": true, "declare": true}
