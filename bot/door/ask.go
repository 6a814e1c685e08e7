package door

import (
	"strconv"
	"strings"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Confirmation. A button whose command starts with "?" does nothing at
// once: the door answers with a question and two buttons, yes ("!" and the
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

// asks is the eighth stage: it answers a text that asks first or says
// no, and takes the "!" off a confirmed command (settling its question).
func (d *Door) asks(e *entry) (bool, error) {
	in := e.in
	text := strings.TrimSpace(in.Text)
	e.in.Text = text
	if text == cancelCommand {
		n := post.Say("cancelled")
		n.Edit = in.Pressed
		return true, d.Reply(e.visit(), n)
	}
	if cmd, yes := strings.CutPrefix(text, yesPrefix); yes && confirmable[firstWord(cmd)] {
		e.in.Text = cmd
		return false, d.settle(in, e.player, cmd)
	}
	cmd, asks := strings.CutPrefix(text, post.ConfirmPrefix)
	if !asks || !confirmable[firstWord(cmd)] {
		return false, nil
	}
	if id, over := d.overGame(cmd); over { // an old button under a game that ended since
		return true, d.Reply(e.visit(), post.Say("ask.over", "game", strconv.FormatUint(id, 10)))
	}
	return true, d.Reply(e.visit(), question(cmd))
}

// overGame reports whether the game a confirmable command names is over,
// and its number.
func (d *Door) overGame(cmd string) (uint64, bool) {
	_, word, _ := strings.Cut(cmd, " ")
	id, ok := gameWord(strings.TrimSpace(word))
	if !ok {
		return 0, false
	}
	g, err := d.db.Game(id)
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
func (d *Door) settle(in wire.Inbound, p *store.Player, cmd string) error {
	if in.Pressed == "" || KeyOf(in) == "" {
		return nil
	}
	n := question(cmd)
	n.Buttons, n.Edit = nil, in.Pressed
	return d.db.QueueOnce(KeyOf(in)+":settle", store.Outgoing{To: ChatOf(in), Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang})
}

// firstWord is a text's first word.
func firstWord(text string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	return w
}
