// Package telegram is the umpire's Transport on Telegram, over the Bot API
// client github.com/go-telegram-bot-api/telegram-bot-api/v5.
//
// A Transport receives updates by long polling (or by webhook) and hands
// the bot what users write to it; it sends the bot's messages as texts and
// pictures. Its model in a few sentences: a user is addressed by its user
// id, which is also its private chat's id, and a group by its (negative)
// chat id. Games are made in a group with /new; the invitation's buttons
// are deep links, https://t.me/<bot>?start=<token>, that open the private
// chat, where the Start button sends "/start <token>" and takes the seat,
// so every player has started the bot before the game begins (a bot may
// not write first). The transport decides nothing of this: it hands the
// bot what is written to it (in a group: commands, texts starting with
// the bot's @name, replies to the bot's messages), and shows the bot's
// messages with the buttons and links the bot chose (see wire.Features:
// deep links, the common acts under a board, edits in place). It imports
// neither the store nor the referee.
//
// Nothing is sent from the receive loop: a button pressed is answered
// (answerCallbackQuery) by a goroutine of its own, and every message, a
// confirmation's question included, goes through the bot's outbox.
//
// The update offset is kept by the bot (Config.Cursor) and advanced only
// after the bot
// has committed the updates before it; the update_id is the message's id
// for the bot's de-duplication, so a restart neither loses nor repeats an
// update. The library's calls take no context and its errors can name the
// request URL; every call here runs under a context, and the token is
// masked in every error and log line.
//
// Rate limits (about 1 message a second per chat, 20 a minute per group,
// 30 a second in all) are kept by the bot's outbox sender, from Limits;
// a flood wait (429 with retry_after) comes back as a *wire.TemporaryError,
// and a user who blocked the bot or never started it (403) as a permanent
// failure, on which the bot tells the game's group how to start the bot.
//
// Where Telegram offers topics — a bot's private chats in topic mode, a
// group that is a forum — the transport opens, renames and closes them
// for the bot (wire.Topics, topics.go) and sends each message to the
// topic the bot names; any topic refused sends that message to the main
// chat instead, and leaves the chat's topics alone for a while. A message
// the bot means for one member of a group goes as an ephemeral message
// (Bot API 10.2) where Telegram takes one, to the whole group otherwise.
// Buttons carry the Bot API's styles (9.4) of the bot's hints. The
// library predates all of these: they go through its generic request
// path, and the fields it does not read (message_thread_id,
// is_topic_message, is_forum, has_topics_enabled) are read beside it
// (update.go).
//
// Package tgtest is a fake Bot API server for tests.
package telegram
