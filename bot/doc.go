// Package bot is the umpire's application: it turns what people write into
// games and what games say into messages.
//
// There are a few types in bot. A Transport carries text in and messages
// out (Telegram, e-mail, the console, bottest in tests) and knows nothing
// of chess. It hands each message it receives to the Bot as an Inbound. The
// Bot parses the one command language (English, Russian and Esperanto at
// once), finds the player and the game, and writes the outcome through
// store.Apply: the action appended to the game's log and the rows of the
// outbox, in one transaction. A Sender per transport drains the outbox: it
// renders each row at send time from the game's log — the seat's view, its
// picture and its text in the reader's language — sends it, and deletes the
// row; it retries temporary failures with backoff and honours rate limits.
//
// Privacy by construction: every text and picture for a person is made from
// a referee.View of the seat (or spectator) it is for, never from a game.
// A seat hears of an action only when it heard an announcement or the turn
// changed, so neither the number nor the timing of its messages tells it of
// the other seats' private failed tries. The god's view is drawn only for a
// game that is over.
//
// Three-player chess (triad), where nothing is hidden, is played in the
// group chat it was made in, as at one table (triad.go): moves there or in
// private alike, the diplomacy's commands in every language, the group
// told of every accepted action with one picture after every move, from
// the side of the seat to move, and each seat's own picture on request.
//
// Texts come from a Catalog keyed by announcement codes and message ids;
// none is written in Go code outside the catalog files.
//
// # Adding a transport
//
// A transport lives in a package of its own that imports package wire and
// its network's library, and nothing else of ours (.ci/run checks it): it
// cannot see a game, so it cannot decide anything about one. To add one
// (Matrix, say), without touching chess:
//
//   - implement wire.Transport: Receive turns each message of the network
//     into a wire.Inbound (Private for a private chat, Reply for a reply to
//     the bot, Forgeable and Key where senders can be forged) and hands it
//     to the Handler, advancing the network's cursor (kept through the
//     wire.Cursor it is given, bot.Cursors) only once Handle returned nil;
//     Send shows a wire.Message as it is, with its buttons (a URL is a
//     link), and reports ErrPermanent or a *TemporaryError;
//   - say what the network can do with wire.Featured (deep links, the
//     common acts as buttons, edits in place, seat keys carried in replies)
//     and its rate limits with wire.Limited;
//   - show only the bot's words (wire.Words) for what it shows by itself,
//     a command menu or an alert;
//   - add it to the list of transports in cmd/umpire.
//
// What may be written where (moves in private, three-player chess in its
// group), which commands need a seat's key (keys.go), the buttons and links
// of every message (buttons.go) and every text are the bot's.
package bot
