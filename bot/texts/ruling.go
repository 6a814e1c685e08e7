package texts

import (
	"slices"
	"strings"
	"umpire/referee"
)

// entry words one log entry for seat: what became of its own action, and
// the announcements it heard. open says the board is open (openBoard).
func (c *Catalog) Entry(lang string, open bool, a referee.Action, ru referee.Ruling, seat referee.Seat) []string {
	var lines []string
	heard := referee.For(ru.Said, seat)
	if a.Seat == seat {
		lines = c.verdict(lang, open, a, ru, heard)
	}
	sealed := a.Seat == seat && ru.Verdict == referee.Accepted && referee.IsSecret(a.Text)
	acked := ""
	if a.Seat == seat && ru.Verdict == referee.Accepted {
		acked = ackSays[ackID(a, ru, heard)]
	}
	for _, ann := range heard {
		switch {
		case a.Seat == seat && (ann.Code == "illegal" || ann.Code == "impossible"),
			sealed && (ann.Code == "commitment" || ann.Code == "stones"),
			ann.Code == acked:
			continue // the verdict, or the acknowledgement of a secret, said it
		}
		lines = append(lines, c.Announcement(lang, ann, a.Seat))
	}
	return lines
}

// ackSays are the announcements an acknowledgement says already, to the
// seat whose act it was: "You decline the draw." needs no "White declines
// the draw." after it.
var ackSays = map[string]string{"ack.decline": "draw-declined", "ack.draw-offer": "draw-offer"}

// verdict words the ruling on a seat's own action: a sentence that
// acknowledges it, or why it failed — in the seat's own terms only, as a
// reason rests on the seat's own men. Nothing for an accepted action
// whose announcements say what it did (an answer to any?, an offer). On an
// open board an impossible try is said as the rules forbidding it.
func (c *Catalog) verdict(lang string, open bool, a referee.Action, ru referee.Ruling, heard []referee.Announcement) []string {
	cat := c
	args := Args{"text": c.echo(lang, a)}
	if ru.Verdict != referee.Accepted {
		why, id := "why."+ru.Reason, "verdict."+string(ru.Verdict)
		if open && cat.Has("en", id+".open") {
			id += ".open"
		}
		if ru.Reason == "" || !cat.Has("en", why) {
			return []string{cat.Text(lang, id, args)}
		}
		return []string{cat.Text(lang, "verdict."+string(ru.Verdict)+".short", args), cat.Text(lang, why, nil)}
	}
	id := ackID(a, ru, heard)
	if id == "" {
		return nil
	}
	if holder := referee.CrownOf(a.Text); id == "ack.secret" && holder != "" {
		cat.Put(lang, args, "holder", holder)
		return []string{cat.Text(lang, "ack.crown", args)}
	}
	if word, rest, ok := strings.Cut(strings.TrimSpace(a.Text), " "); ok && strings.HasPrefix(id, "ack."+strings.ToLower(word)) {
		args["text"] = strings.TrimSpace(rest)
	}
	switch id {
	case "ack.choose": // the Lord whose order is played, and its move in full
		cat.PutSeat(lang, args, "lord", referee.Seat(strings.ToLower(args["text"])))
		args["move"] = ru.Move
	case "ack.order": // the Servant, and the move as written
		servant, move, _ := strings.Cut(args["text"], " ")
		cat.PutSeat(lang, args, "servant", referee.Seat(strings.ToLower(servant)))
		args["move"] = strings.TrimSpace(move)
	}
	return []string{cat.Text(lang, id, args)}
}

// echo is a seat's own action as its reader writes it: a secret choice
// in its letters (a growth "grow a1 К" is "a1=Ĉ" in Esperanto, accepted
// or refused), an act of diplomacy or a game command in its words, a
// move in its letters.
func (c *Catalog) echo(lang string, a referee.Action) string {
	if referee.IsSecret(a.Text) {
		return referee.SecretWritten(a, lang)
	}
	return c.Act(lang, referee.TypedIn(a.Text, a.Notation, lang))
}

// ackID is the catalog id of the sentence that acknowledges an accepted
// action of the reader's own, or "" when what it heard says it.
func ackID(a referee.Action, ru referee.Ruling, heard []referee.Announcement) string {
	text := strings.TrimSpace(a.Text)
	word, _, _ := strings.Cut(strings.ToLower(text), " ")
	switch {
	case referee.IsSecret(text):
		return "ack.secret"
	case word == "order" && strings.HasSuffix(strings.ToLower(text), " pass"):
		return "ack.order-pass"
	case word == "order" || word == "choose" || word == "declare":
		return "ack." + word
	case ru.Move != "":
		return "ack.move"
	case word == referee.WordResign:
		return "ack.resign"
	case word == referee.WordDecline:
		return "ack.decline"
	case word == referee.WordDraw && slices.ContainsFunc(heard, func(an referee.Announcement) bool { return an.Code == "draw-offer" }):
		return "ack.draw-offer"
	case word == referee.WordDraw:
		return "ack.draw-accept"
	case len(heard) > 0:
		return ""
	}
	return "verdict.accepted"
}
