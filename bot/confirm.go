package bot

import (
	"strings"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Confirmation. A button whose command starts with "?" does nothing at
// once: the bot answers with a question and two buttons, yes ("!" and the
// command) and no ("-"). Resigning is asked this way (the resign button
// under a seat's board sends "?resign #12"), so that a slip of the thumb
// does not end a game of weeks. Where the transport edits messages, the
// question is settled in place once answered: "no" makes it "Not done.",
// "yes" takes its buttons away. Everything goes through the outbox.

const (
	yesPrefix     = "!" // the command confirmed
	cancelCommand = "-" // the command of the "no" button
)

// confirmable are the commands a button may ask about first.
var confirmable = map[string]bool{"resign": true}

// confirm answers a text that asks first or says no, and takes the "!"
// off a confirmed command (settling its question); done reports a text
// answered here, and text is what is left to handle.
func (b *Bot) confirm(in wire.Inbound, p *store.Player) (text string, done bool, err error) {
	text = strings.TrimSpace(in.Text)
	if text == cancelCommand {
		n := post.Say("cancelled")
		n.Edit = in.Pressed
		return "", true, b.reply(in, p, n)
	}
	if cmd, yes := strings.CutPrefix(text, yesPrefix); yes && confirmable[firstWord(cmd)] {
		return cmd, false, settle(b.db, in, p, cmd)
	}
	cmd, asks := strings.CutPrefix(text, post.ConfirmPrefix)
	if !asks || !confirmable[firstWord(cmd)] {
		return text, false, nil
	}
	if id, over := overGame(b.db, cmd); over { // an old button under a game that ended since
		return "", true, b.reply(in, p, post.Say("ask.over", "game", itoa(id)))
	}
	return "", true, b.reply(in, p, question(cmd))
}

// overGame reports whether the game a confirmable command names is over,
// and its number.
func overGame(db *store.DB, cmd string) (uint64, bool) {
	_, word, _ := strings.Cut(cmd, " ")
	id, ok := gameWord(strings.TrimSpace(word))
	if !ok {
		return 0, false
	}
	g, err := db.Game(id)
	return id, err == nil && g.State == store.StateOver
}

// question asks whether to do cmd, with its yes and no buttons.
func question(cmd string) post.Note {
	word, game, _ := strings.Cut(cmd, " ")
	n := post.Say("ask."+word, "game", game)
	n.Buttons = []wire.Button{{Label: "btn.yes." + word, Command: yesPrefix + cmd}, {Label: "btn.no", Command: cancelCommand}}
	return n
}

// settle takes the buttons off the question a confirmed command was
// pressed under, once per press.
func settle(db *store.DB, in wire.Inbound, p *store.Player, cmd string) error {
	if in.Pressed == "" || keyOf(in) == "" {
		return nil
	}
	n := question(cmd)
	n.Buttons, n.Edit = nil, in.Pressed
	return db.QueueOnce(keyOf(in)+":settle", store.Outgoing{To: chatOf(in), Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang})
}

// firstWord is a text's first word.
func firstWord(text string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	return w
}
