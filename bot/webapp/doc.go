// Package webapp is the Telegram Mini App of umpire: a page that shows a
// seat its own board, exactly as its picture shows it, and takes its moves
// by taps.
//
// Telegram opens the page from a button under a private board message (or
// from the chat's menu button, for the list of the player's games) and
// hands it init data signed with the bot's token (initdata.go). The page
// sends that data with every request; the server checks it and finds the
// user's player, and the user's seat in the game asked for. Whatever is
// wrong — forged or old data, no such game, no seat there — gets the same
// answer, so that nobody learns from the app what it may not see.
//
// What the page shows is made from the seat's referee.View and from the
// words the chat would say (post.Office.Compose), nothing else: two games
// the seat cannot tell apart give the same bytes (state.go). A tap sends
// the line a player would type through the bot's Handle, the one path of
// every action (act.go), so the log, the rulings, the outbox and the chat
// message are those of a typed move. The page waits for news with a long
// poll (wait.go).
//
// The page itself (page/) is HTML, CSS and a script embedded in the
// binary: no outside assets.
package webapp
