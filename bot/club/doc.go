// Package club is what players who meet in a group do beyond single
// games: ratings and tournaments.
//
// Ratings are Glicko-2 (internal/glicko), one per player and pool: a
// variant, and for Kriegspiel its rule set too. Every game between
// players that ends with a result is rated, one rating period per game
// as lichess does, unless it was made casual; against the house a game
// is rated against the fixed rating of its level (HouseRatings). In
// three-player chess each player is rated against each of the other two,
// scoring 1, ½ or 0 as its points in the game were more, as many or
// fewer.
//
// A tournament is a group's round robin: a sign-up under a button, then
// every game at once (Berger's tables, internal/tourney; in three-player
// chess every group of three, seated in turn), then standings in the
// group after each game, kept in one message that is edited in place, and
// at the end the final table with one PGN file of all games. A player
// who leaves forfeits the games left. Every tournament ends (ends.go): a
// sign-up lapses after a week, a tournament under way has its time, after
// which its idle seats lose on time, the group's administrators may cancel
// any, and a member holds one of a group's places at a time.
//
// Everything goes through the store: a game's end is queued by Apply in
// the transaction that ends it (store.Ended), and Settle takes each end
// off the queue in the transaction that rates it and moves its
// tournament on, so that an end counts once, whatever instant a crash
// comes at. The bot gives the club what only it can do (Env): make and
// start a game, play a resignation as a player, play the umpire's timeouts
// when a tournament's time is up, and ask a transport whether someone
// administers a group.
package club
