// Package bot is the umpire's application: it turns what people write into
// games, and games into rows of the outbox that say what each reader is to
// be told.
//
// A Transport carries text in and messages out (Telegram, e-mail, the
// console, bottest in tests) and knows nothing of chess: it imports
// package wire and its network's library, nothing else of ours. It hands
// each message it receives to Bot.Handle as a wire.Inbound. The Bot parses
// the one command language (English, Russian and Esperanto at once), finds
// the player and the game, and writes the outcome through store.Apply: the
// action appended to the game's log and the rows of the outbox, in one
// transaction. A row names the game, the ply, the seat and what to say (a
// post.Note), never the words or the picture: those are made when the row
// is sent.
//
// # Rooms
//
// The bot is these packages, along the way data flows:
//
//   - bot (this package), the application: Handle and its guards, the
//     commands (command.go parses them, bot.go dispatches), game life
//     (newgame.go, join.go, play.go, abort.go, triad.go for three-player
//     chess in its group), clocks and reminders (clock.go, tick.go,
//     reminders.go), invitations (invite*.go, stop.go, optout.go,
//     watchconfirm.go), seeks (seek*.go), vacations and time zones
//     (vacation.go), mail digests (digest.go), the house player's wiring
//     (house.go) and Run.
//   - post: committed outbox rows into wire messages. The composer replays
//     the row's game to its ply, takes the view of the row's seat and words
//     it; guidance, buttons, threads, text boards, pictures through render,
//     digest text; the Sender with its pool of workers and its limiter. It
//     imports neither bot nor house: what a person reads is made there,
//     from a referee.View, so privacy holds by construction.
//   - texts: every text in the three languages, the command words, names
//     as they are shown, CLDR plural rules. It imports only referee.
//   - record: the PGN writer and its strict reader, the JSON export, the
//     frames of the fog replay.
//   - clock: the arithmetic of correspondence clocks: a time control's
//     words, the banks of an increment, deadlines, reminders out of a
//     player's night. The bot's clock.go and timerules.go time the games
//     with it.
//   - ifs: conditional moves, read in every language and judged on what a
//     seat saw or was told (conditions.go stores and plays them).
//   - club: ratings (Glicko-2, internal/glicko) and a group's
//     tournaments (internal/tourney's round robins and standings): its
//     records in the store, its words through post; it settles each game
//     end the store queued, and reaches the bot only through the Env the
//     bot gives it (clubs.go), to make a tournament's game and to resign
//     in a leaver's name.
//   - webapp: the Telegram Mini App, a page of the seat's own board. It
//     checks the init data Telegram signs, shows a seat's view with the
//     words post composes for it (PostOffice), and plays a tap as a typed
//     line through the Handler it is given (this package's Handle).
//
// .ci/run holds the directions of imports: bot -> club -> post -> record
// -> texts -> referee; webapp -> post, never bot; no transport imports more than
// wire.
//
// # The guards of Handle
//
// Handle runs each message past these, in this order; the first that
// answers ends it:
//
//  1. the disk (fault.go): while the store refuses writes, the whole of
//     Handle is tried again with backoff; a message that keeps failing
//     for another reason is set aside after AsideAfter tries (aside.go);
//  2. a done context, and an address too long to keep (transport.go):
//     dropped;
//  3. the sender's budget (budget.go): past it, one "slow down" and
//     silence;
//  4. the transport's events (keys.go: a bounce, a moved group, a
//     one-click unsubscribe, a mail too large or failing DMARC);
//  5. seat keys (keys.go), for transports whose senders can be forged
//     (mail): a command that needs a seat's key without it is refused;
//  6. the player at the address, made for a newcomer (bot.go), and a note
//     that the address can be written to first (grouplang.go);
//  7. confirmation (confirm.go): a button that asks first is asked, a
//     "yes" or "no" settled;
//  8. a lasting stop lifted by a mail that proves its mailbox (optout.go);
//  9. the command itself (dispatch), whose mistakes are refusals in the
//     reader's words, capped for addresses a machine may answer
//     (loops.go).
//
// # Adding a transport
//
// A transport lives in a package of its own that imports package wire and
// its network's library, and nothing else of ours: it cannot see a game,
// so it cannot decide anything about one. To add one (Matrix, say),
// without touching chess:
//
//   - implement wire.Transport: Receive turns each message of the network
//     into a wire.Inbound (Private for a private chat, Reply for a reply to
//     the bot, Forgeable and Key where senders can be forged) and hands it
//     to the Handler, advancing the network's cursor (kept through the
//     wire.Cursor it is given, bot.Cursors) only once Handle returned nil;
//     Send shows a wire.Message as it is, with its buttons (a URL is a
//     link), and reports wire.ErrPermanent or a *wire.TemporaryError;
//   - say what the network can do with wire.Featured (deep links, the
//     common acts as buttons, edits in place, seat keys carried in replies)
//     and its rate limits with wire.Limited;
//   - show only the bot's words (wire.Words) for what it shows by itself,
//     a command menu or an alert;
//   - add it to the list of transports in cmd/umpire.
//
// What may be written where (moves in private, three-player chess in its
// group), which commands need a seat's key (keys.go), the buttons and links
// of every message (post's buttons.go) and every text are the bot's.
package bot
