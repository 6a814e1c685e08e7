// Package wire is what passes between the bot and a transport, and
// nothing else: a transport imports wire and its network's library, never
// the bot's store or the referee, so that it can carry messages but
// cannot decide anything about a game.
//
// A Transport turns what its network delivers into an Inbound and hands
// it to a Handler (the bot); it turns each Message the bot sends into its
// network's messages. What a message says, which buttons and links it
// carries, who may write what where: the bot decides all of it before a
// Message reaches the transport. A transport tells the bot what its
// network can do through Features, keeps its place in its network's stream
// through the Cursor the bot hands it, and shows the few words it must
// show by itself (a command menu, an alert) from the bot's Words.
package wire
