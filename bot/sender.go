package bot

import (
	"umpire/bot/post"
	"umpire/bot/wire"
)

// Sender makes the sender of a transport (package post), and so lets the
// bot address invitations to it from other transports.
func (b *Bot) Sender(t wire.Transport) *post.Sender {
	b.door.Transports().Add(t, post.FeaturesOf(t))
	return b.post.Sender(t)
}

// PostOffice is the office that words the bot's messages: for the Mini
// App (bot/webapp), which shows a seat the words its chat would get.
func (b *Bot) PostOffice() *post.Office { return b.post }
