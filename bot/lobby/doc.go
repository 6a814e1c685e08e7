// Package lobby is where players meet before a game: the seeks, their
// pairing, and the house player's transport. It makes no game itself: as
// lila's lobby pairs seeks and hands the game to be made elsewhere, the
// lobby is given what it needs of the bot in an Env (to read a seek's
// words as `new` reads them, to check that a player has room for another
// game, to make and start a game, to find a player, to see a seat's
// view), as the club is. It imports neither the bot nor the club.
//
// Seeks are open challenges: `seek VARIANT [RULES] [CLOCK] [vs house]`
// waits for other players seeking the same game, on any transport, and
// the lobby pairs them into a game as soon as there are enough; each is
// told the others' names by the game's start. A seek made in a private
// chat meets private seeks from every transport; one made in a group (the
// /seek of Telegram) meets only that group's members, and the game is the
// group's. A seek lapses after SeekLapse; with `vs house`, the house
// player takes the game after SeekHouse when nobody came (in a game for
// two: in triad a seek waits for people). `seeks` lists what waits,
// `seek cancel` takes one's own seeks back.
//
// The house player (House) is a transport of its own: the rows for its
// seats come to its Send, and it acts through the handler every player's
// action goes through. It also sits in for a seat in civil disorder
// (bot/pace, store.Spell), at level 1 from that seat's view: the rows the
// bot queues it for such a seat come to its Send too, and it plays the
// seat through the Env's Stand.
package lobby
