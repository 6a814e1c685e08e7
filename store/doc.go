// Package store keeps everything the umpire knows in one bbolt file: games
// and their logs, players and their addresses, the inbound message ids
// already handled, the outbox, and the transports' cursors.
//
// The types to know are DB, Tx, Game, Player and Outgoing; Address, Seat
// and Entry are their parts. A DB is the open file. A Game is one game's
// record: its variant and options, its seats (each with the player who
// holds it and that seat's secrets), its state, and its Log, the ordered
// actions that the referee accepted. A game is rebuilt by replaying its log; the store keeps no
// position. A Player has a name, a language and the Addresses (a transport
// and an id on it) where it can be reached. An Outgoing is a row of the
// outbox: a message still to be sent.
//
// # Writing a game: Apply
//
// There is one write path for a game, a closure in bbolt's own style:
//
//	applied, err := db.Apply(gameID, "telegram:9812", func(g *store.Game) ([]store.Outgoing, error) {
//		// rule on the move, append it to g.Log, change g, return the messages
//	})
//
// Inside one write transaction Apply checks whether the inbound id was seen
// before (then it changes nothing and reports applied == false), loads the
// game, runs the function, writes the game back, appends the new log
// entries, marks the inbound id seen and queues the outgoing rows. It is all
// or nothing: when the function returns an error, or the commit fails,
// nothing is written. A message that arrives twice finds its id seen.
//
// A game's log only grows, and a long one (a Kriegspiel game of many
// tries) must not make every action slower: the DB keeps the logs of the
// games recently applied, decoded (logcache.go), and Apply reads of a log
// only its length, writing only the entries appended.
//
// # The outbox
//
// A row names the game, the ply and the seat a message is for, not the
// picture: the sender renders at send time. The rows wait in one queue per
// recipient. Ready lists what a transport's sender may send now — the
// first rows of each queue that is due — reading only those rows, however
// long the backlog; Done deletes a row once it is sent, Retry puts one off
// after a failed attempt, and Queued wakes a sender when new rows are
// committed. Pending lists every row due, for tests and tools.
//
// # Other writes
//
// Update runs a closure in a write transaction for everything that is not a
// game: players and their addresses, cursors, an inbound id marked seen
// together with a reply. View runs a read transaction. The DB methods named
// after the Tx methods (Player, Cursor, …) are one-call shortcuts.
//
// # Caveats
//
// No network I/O inside a transaction, ever: a write transaction holds the
// single writer lock. The functions given to Apply and Update must only
// compute and change what they are given; Apply may call its function more
// than once when a grouped commit has to be retried, and only the last call
// counts. Values returned by the store are copies and stay valid after the
// transaction; a Game's Log may be shared with the store's cache of logs:
// append to it, never change its entries.
//
// Apply groups calls made at the same time by different goroutines into one
// transaction, so that one fsync commits many moves; a lone caller waits for
// nobody.
package store
