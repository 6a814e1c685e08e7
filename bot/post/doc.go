// Package post delivers the outbox: it turns the rows the bot committed
// into the messages a transport sends, and sends them.
//
// A row (store.Outgoing) names a game, a ply, a seat, a language and a
// Note: what is to be said, in no language yet. When the row is sent, the
// composer replays the game to the row's ply, takes the referee.View of
// the row's seat — never the game itself — and words that view in the
// reader's language (texts): the news it heard, whose turn it is, what
// the game waits for from it (guide.go) with the buttons that answer,
// the picture drawn by render and its text board. The end of a game adds
// the god's view, the opened secrets, the record and the replay (record).
// Because every word and pixel is made from one seat's View, two games that
// seat cannot tell apart give it the same bytes: privacy by construction.
//
// Where the transport's chats hold topics (wire.Topics), the sender puts
// each conversation — a game, a tournament — in a topic of its own,
// opened once, renamed for the table and closed at the end (topics.go);
// the store remembers where each lives.
//
// An Office holds what every Sender shares (the store, the catalog, the
// clock, how pictures are drawn). A Sender drains the rows of one
// transport: a pool of workers, one row per chat at a time and in order,
// within the transport's rate limits (limits.go), retrying temporary
// failures with backoff and giving up on permanent ones with a word to the
// player elsewhere. A crash sends again at most the rows in flight, each
// with the same opaque key for the transport to de-duplicate.
//
// post imports neither the bot nor the house player: it cannot decide
// anything about a game, only say what a seat may see of it.
package post
