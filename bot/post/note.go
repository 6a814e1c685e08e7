package post

import (
	"encoding/json"
	"strings"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// Row kinds: what the sender makes of an outbox row.
const (
	KindNotice = "notice" // text only
	KindView   = "view"   // the seat's (or the spectators') view: picture, news, whose turn
	KindReveal = "reveal" // after the end: the god's view, the opened notes, the PGN
)

// Note is what the bot has to say in an outbox row, in no language yet:
// the sender words it in the row's language at send time. It travels in
// the row's Text as JSON.
type Note struct {
	ID   string     `json:"id,omitempty"`   // a catalog id
	Args texts.Args `json:"args,omitempty"` // its arguments, raw (seat keys, variant keys)
	// Sub holds arguments that are notes themselves; several are joined.
	Sub   map[string][]Note `json:"sub,omitempty"`
	Lines []Note            `json:"lines,omitempty"` // more lines, after this one

	// For KindView rows: the log entries [From, row.Ply) to report, the
	// start announcements too when Start is set, and a refused action.
	From    int      `json:"from,omitempty"`
	Start   bool     `json:"start,omitempty"`
	Refused *Refusal `json:"refused,omitempty"`
	// Record says the entries as the seat's numbered record (moves).
	Record bool `json:"record,omitempty"`
	// Again says the entries again (board): the seat's refusals answered
	// when made are left out.
	Again bool `json:"again,omitempty"`
	// NoPicture sends the view's words without its picture.
	NoPicture bool `json:"nopic,omitempty"`

	Buttons []wire.Button `json:"buttons,omitempty"`
	// Edit replaces the message with this transport reference (see
	// wire.Message.Edit) where the transport can edit.
	Edit string `json:"edit,omitempty"`
	// Status marks the public news of a game in a chat where nothing may
	// be drawn (quiet.go): it replaces the game's previous status there
	// where the transport edits.
	Status bool `json:"status,omitempty"`
	// Board makes a public view the game's board in its chat (table.go):
	// its picture and, besides the note's own words, whose turn it is, the
	// news of the last round and the bonds; From is not read.
	Board bool `json:"board,omitempty"`
	// Bonds has a view say the diplomatic state (who serves whom, the
	// Thrones held), which only a board says otherwise: the answer to
	// the command board.
	Bonds bool `json:"bonds,omitempty"`
	// Slot names the slot of its chat the message fills (wire.Message.Status)
	// where the transport edits: a tournament's sign-up, then its standings.
	Slot string `json:"slot,omitempty"`
	// Plain is the text id said instead of ID where the transport reads
	// every line written in a group (wire.Features.GroupCommands unset),
	// so that the advice to write /m e2e4 comes only where it applies.
	Plain string `json:"plain,omitempty"`
	// Key is the key the message carries for its reader where the
	// transport carries keys (wire.Message.SeatKey): a confirmation's
	// token, on a notice that names no game.
	Key string `json:"key,omitempty"`
	// Subject is the catalog id of the message's subject where the
	// transport has subjects, for a notice whose first line may not serve
	// as one (a confirmation's quotes its sender): fixed words.
	Subject string `json:"subject,omitempty"`
	// Link is a start payload (a seat's token): the argument {link} is the
	// transport's deep link with it, or "join TOKEN" where it has none.
	Link string `json:"link,omitempty"`
	// Unsolicited marks what the reader did not ask for (an invitation,
	// news of a watched game): see wire.Message.Unsolicited.
	Unsolicited bool `json:"unsolicited,omitempty"`
	// Nudge marks a note the player can do without (a private "your
	// move" beside the group's news): dropped unsaid when it cannot be
	// delivered, with no word of the failure to anyone.
	Nudge bool `json:"nudge,omitempty"`
	// Keyed marks a notice that belongs to the conversation of its row's
	// seat: it carries that seat's key where the transport carries keys,
	// so that a reply to it acts for the seat (a message relayed by tell,
	// answered with tell).
	Keyed bool `json:"keyed,omitempty"`
	// Root marks the message that opens its seat's conversation about a
	// game (thread.go): the creation's notice to a maker who took a seat.
	// Rooted marks a start that is not the first message of its
	// conversation, which such a notice opened already.
	Root   bool `json:"root,omitempty"`
	Rooted bool `json:"rooted,omitempty"`
	// News makes a reveal (the end of a game) tell first what its reader
	// heard of the log entries [From, row.Ply): the last move and what it
	// brought, so that the end is one message.
	News bool `json:"news,omitempty"`
	// Topic names the conversation of a row that names no game (a
	// tournament's: TourneySlot), whose topic it goes to in a chat that
	// has topics (topics.go); a game's rows go to the game's.
	Topic string `json:"topic,omitempty"`
	// End marks the last message of its conversation in its chat (a
	// game's end, a tournament's final table): once it is sent, the
	// conversation's topic there is renamed with the outcome and closed.
	End bool `json:"end,omitempty"`
	// Only is the one member of the row's group chat the message is for
	// (wire.Message.Only): a refusal answered to its writer alone.
	Only string `json:"only,omitempty"`
}

// Refusal is an action the referee refused: not in the log, so the row
// carries it.
type Refusal struct {
	Text     string   `json:"text"`
	Reason   string   `json:"reason"`
	Readings []string `json:"readings,omitempty"`
}

// Say makes a note; kv alternates argument names and values.
func Say(id string, kv ...string) Note {
	n := Note{ID: id}
	for i := 0; i+1 < len(kv); i += 2 {
		if n.Args == nil {
			n.Args = texts.Args{}
		}
		n.Args[kv[i]] = kv[i+1]
	}
	return n
}

// NoticeRow is an outbox row that tells to something in lang, for a
// transport that queues notices of its own (a refusal, a bounce): the
// catalog's text id with its arguments, kv alternating names and values,
// worded when the row is sent — seats and variants named in the reader's
// language, other values shown as they are. game is the game the notice
// is about (a transport may thread it with the game's messages), or 0.
func NoticeRow(to store.Address, lang string, game uint64, id string, kv ...string) store.Outgoing {
	return store.Outgoing{Game: game, To: to, Kind: KindNotice, Text: Say(id, kv...).Encode(), Lang: lang}
}

// Encode writes a note for a row's Text.
func (n Note) Encode() string {
	b, _ := json.Marshal(n) // a note always encodes
	return string(b)
}

// DecodeNote reads a row's Text; text that is not a note is shown as it is.
func DecodeNote(text string) Note {
	var n Note
	if text == "" || json.Unmarshal([]byte(text), &n) != nil {
		return Note{ID: text}
	}
	return n
}

// wordedArgs are the arguments a note keeps raw, in the umpire's words,
// which each reader sees in its own (texts.Catalog.Arg).
var wordedArgs = map[string]bool{"variant": true, "variants": true, "rulesets": true, "seek": true, "cmd": true}

// noteLines says a note and its lines in lang, one line each.
func noteLines(c *texts.Catalog, lang string, n Note) []string {
	var out []string
	if n.ID != "" {
		args := texts.Args{}
		for k, v := range n.Args {
			if wordedArgs[k] {
				args[k] = c.Arg(lang, k, v)
			} else {
				c.Put(lang, args, k, v)
			}
		}
		for k, subs := range n.Sub {
			var parts []string
			for _, s := range subs {
				parts = append(parts, strings.Join(noteLines(c, lang, s), " "))
			}
			args[k] = strings.Join(parts, c.Text(lang, "players-sep", nil))
		}
		out = append(out, c.Text(lang, n.ID, args))
	}
	for _, l := range n.Lines {
		out = append(out, noteLines(c, lang, l)...)
	}
	return out
}
