// Package bot is the umpire's application: it turns what people write into
// games, and games into rows of the outbox that say what each reader is to
// be told.
//
// A Transport carries text in and messages out (Telegram, e-mail, the
// console, bottest in tests) and knows nothing of chess: it imports
// package wire and its network's library, nothing else of ours. It hands
// each message it receives to Bot.Handle as a wire.Inbound. Handle reads
// as "admit, then decide": the door (package door) runs the message past
// its guards, meets the player and reads the command once, and hands the
// bot one value, a door.Visit; the bot decides (Decide, one method of one
// shape per command), writing the outcome through store.Apply: the action
// appended to the game's log and the rows of the outbox, in one
// transaction. A row names the game, the ply, the seat and what to say (a
// post.Note), never the words or the picture: those are made when the row
// is sent.
//
// # Rooms
//
// The bot is these packages, along the way data flows:
//
//   - door: everything between a wire.Inbound and "run this command for
//     this player": the guards in the order they run (the disk's retries,
//     budgets, the transports' events, seat keys, mail confirmations, the
//     player, the confirmation buttons, the parser, a lasting stop lifted)
//     and the answers to mistakes, capped where a machine may be writing.
//     It imports neither bot, house nor club.
//   - lobby: seeks and their pairing, and the house player's transport
//     (House); it makes games through the Env the bot gives it (rooms.go).
//   - bot (this package), the application: Decide and the commands, game
//     life (newgame.go, join.go, play.go, abort.go, triad.go for
//     three-player chess in its group), clocks and reminders (clock.go,
//     tick.go), invitations (invite*.go, stop.go, watchconfirm.go),
//     vacations and time zones (vacation.go), mail digests (digest.go), and
//     Run.
//   - post: committed outbox rows into wire messages. The composer replays
//     the row's game to its ply, takes the view of the row's seat and words
//     it; guidance, buttons, threads, text boards, pictures through render,
//     digest text; the Sender with its pool of workers and its limiter. It
//     imports neither bot nor house: what a person reads is made there,
//     from a referee.View, so privacy holds by construction. A user's
//     mistake is a post.Mistake, whoever finds it.
//   - texts: every text in the three languages, the command words, names
//     as they are shown, CLDR plural rules. It imports only referee.
//   - record: the PGN writer and its strict reader, the JSON export, the
//     frames of the fog replay.
//   - clock: the arithmetic of correspondence clocks: a time control's
//     words, the banks of an increment, deadlines (at a fixed hour, on a
//     grid in the maker's time zone), gifts, extensions and pauses,
//     reminders out of a player's night. The bot's clock.go and timerules.go time the games
//     with it.
//   - pace: the pacing of slow games, so that nobody's absence stalls a
//     table: a pause all seats agree to (pause, resume #N), automatic
//     extensions for a seat that sent nothing, and civil disorder, the
//     house sitting in for a seat out of time (through the lobby's House);
//     it changes a game through the Env the bot gives it, inside the
//     bot's transaction, and words what it tells through post.
//   - ifs: conditional moves, read in every language and judged on what a
//     seat saw or was told (conditions.go stores and plays them).
//   - club: ratings (Glicko-2, internal/glicko) and a group's
//     tournaments (internal/tourney's round robins and standings): its
//     records in the store, its words through post; it settles each game
//     end the store queued, and reaches the bot only through the Env the
//     bot gives it (rooms.go), to make a tournament's game, to resign
//     in a leaver's name, to play the timeouts of a tournament whose time
//     is up, and to ask a transport who administers a group
//     (wire.Administered).
//   - webapp: the Telegram Mini App, a page of the seat's own board. It
//     checks the init data Telegram signs, shows a seat's view with the
//     words post composes for it (a post.Desk), and plays a tap as a typed
//     line through the Handler it is given (this package's Serve), which
//     tells it the ruling: it never replays a game nor rules a line itself.
//
// .ci/run holds the directions of imports: bot -> {door, lobby, club} ->
// post -> record -> texts -> referee; webapp -> post, never bot; no
// transport imports more than wire; and the size of this package.
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
//     common acts as buttons, edits in place, seat keys carried in replies,
//     messages one member of a group sees) and its rate limits with
//     wire.Limited; where its chats hold topics, implement wire.Topics:
//     the bot opens one per game and names it in each Message, and the
//     transport falls back to the main chat on any topic error;
//   - show only the bot's words (wire.Words) for what it shows by itself,
//     a command menu or an alert;
//   - add it to the list of transports in cmd/umpire.
//
// What may be written where (moves in private, three-player chess in its
// group), which commands need a seat's key (the door's keys.go), the buttons and links
// of every message (post's buttons.go) and every text are the bot's.
package bot
