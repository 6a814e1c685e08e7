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
package bot
