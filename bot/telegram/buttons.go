package telegram

import (
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot"
	"umpire/referee"
	"umpire/store"
)

// Buttons. The bot's buttons carry commands; on Telegram a button that
// takes a seat by its token becomes a deep link to the private chat,
// https://t.me/<bot>?start=<token>, so that whoever takes a seat has
// started the bot and can be written to; any other button becomes
// callback data. Callback data is at most 64 bytes: the user the button is
// for (its private chat's id in base 36, nothing for anyone) and the
// command, "1a2b|resign #12". A press by anyone else is refused. Under a
// seat's view of a game in play the transport adds the common acts:
// resign (asked again first, see confirm.go), draw (offer or accept),
// board, and in Kriegspiel any?.

// MaxData is the Bot API's limit on callback data, in bytes.
const MaxData = 64

// makeData makes the callback data of a command for a user (0: anyone);
// ok is false when it does not fit.
func makeData(who int64, cmd string) (data string, ok bool) {
	if who != 0 {
		data = strconv.FormatInt(who, 36)
	}
	data += "|" + cmd
	return data, len(data) <= MaxData
}

// readData reads callback data made by makeData.
func readData(data string) (who int64, cmd string, ok bool) {
	w, cmd, ok := strings.Cut(data, "|")
	if !ok || cmd == "" {
		return 0, "", false
	}
	if w == "" {
		return 0, cmd, true
	}
	who, err := strconv.ParseInt(w, 36, 64)
	return who, cmd, err == nil
}

// keyboard makes the inline keyboard of a message to chat: its own
// buttons in a row, then the acts of a seat's view in another. Buttons
// that cannot be made are left out. It returns nil for no buttons.
func (t *Transport) keyboard(m bot.Message, chat int64, lang string) *tgbotapi.InlineKeyboardMarkup {
	var rows [][]tgbotapi.InlineKeyboardButton
	var own []tgbotapi.InlineKeyboardButton
	for _, b := range m.Buttons {
		if btn, ok := t.button(b, chat, lang); ok {
			own = append(own, btn)
		}
	}
	rows = appendRows(rows, own)
	rows = appendRows(rows, t.acts(m, chat, lang))
	if len(rows) == 0 {
		return nil
	}
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: rows}
}

// appendRows adds buttons in rows of at most three.
func appendRows(rows [][]tgbotapi.InlineKeyboardButton, btns []tgbotapi.InlineKeyboardButton) [][]tgbotapi.InlineKeyboardButton {
	for len(btns) > 0 {
		n := min(3, len(btns))
		rows = append(rows, btns[:n])
		btns = btns[n:]
	}
	return rows
}

// button makes one of the bot's buttons.
func (t *Transport) button(b bot.Button, chat int64, lang string) (tgbotapi.InlineKeyboardButton, bool) {
	label := seatLabel(b.Label, lang)
	tok, join, ok := t.joinToken(b.Command, chat)
	switch {
	case ok:
		return tgbotapi.NewInlineKeyboardButtonURL(label, t.link(tok)), true
	case join && chat < 0:
		return tgbotapi.InlineKeyboardButton{}, false // in a group, a seat is taken through the private chat only
	}
	who := chat
	if chat < 0 {
		who = 0
	}
	data, ok := makeData(who, b.Command)
	if !ok {
		t.log.Warn("button left out: its command is too long for callback data", "bytes", len(data))
		return tgbotapi.InlineKeyboardButton{}, false
	}
	return tgbotapi.NewInlineKeyboardButtonData(label, data), true
}

// seatLabel names a seat in lang when a label is a seat's key.
func seatLabel(label, lang string) string {
	switch referee.Seat(label) {
	case referee.White, referee.Black, referee.Red:
		return bot.DefaultCatalog.Value(lang, "seat", label)
	}
	return label
}

// joinToken returns the token of a command that takes a seat by token,
// "join TOKEN", or, in a group, "join #N SEAT" (the seat's token is read
// from the store while the seat is free): the payload of a deep link. join
// reports whether the command takes a seat at all.
func (t *Transport) joinToken(cmd string, chat int64) (tok string, join, ok bool) {
	w := strings.Fields(cmd)
	if len(w) < 2 || bot.DefaultCatalog.Command(strings.TrimPrefix(w[0], "/")) != "join" {
		return "", false, false
	}
	if len(w) == 2 && validPayload(w[1], 64) {
		return w[1], true, true
	}
	if len(w) != 3 || chat >= 0 || !strings.HasPrefix(w[1], "#") {
		return "", true, false
	}
	id, err := strconv.ParseUint(w[1][1:], 10, 64)
	if err != nil {
		return "", true, false
	}
	tok, ok = t.seatToken(id, referee.Seat(strings.ToLower(w[2])))
	return tok, true, ok
}

// seatToken reads the token of a free seat of a game.
func (t *Transport) seatToken(game uint64, seat referee.Seat) (string, bool) {
	g, err := t.db.Game(game)
	if err != nil || g.State != store.StateOpen {
		return "", false
	}
	s, ok := g.Seats[seat]
	if !ok || s.PlayerID != 0 || !validPayload(s.Token, 64) {
		return "", false
	}
	return s.Token, true
}

// acts are the buttons of the common acts under a seat's view of a game
// in play, for the seat's private chat.
func (t *Transport) acts(m bot.Message, chat int64, lang string) []tgbotapi.InlineKeyboardButton {
	if !seatView(m) || chat < 0 || m.Game == 0 {
		return nil
	}
	g, err := t.db.Game(m.Game)
	if err != nil || g.State != store.StatePlaying {
		return nil
	}
	n := "#" + strconv.FormatUint(m.Game, 10)
	cmds := [][2]string{{"btn.resign", "?resign " + n}, {"btn.draw", "draw " + n}, {"btn.board", "board " + n}}
	if g.Variant == "kriegspiel" {
		cmds = append(cmds, [2]string{"btn.any", "any? " + n})
	}
	var out []tgbotapi.InlineKeyboardButton
	for _, c := range cmds {
		if data, ok := makeData(chat, c[1]); ok {
			out = append(out, tgbotapi.NewInlineKeyboardButtonData(text(lang, c[0]), data))
		}
	}
	return out
}

// seatView reports whether a message is a seat's own view, private to it.
func seatView(m bot.Message) bool {
	return m.Seat != "" && m.Seat != referee.Spectator && m.Seat != referee.God
}
