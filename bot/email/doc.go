// Package email is the umpire's e-mail transport: it reads one mailbox
// over IMAP and answers over SMTP, so that games are played by replying
// to the umpire's mails.
//
// There are few types in email. A Transport is the bot's mailbox and its
// outgoing server, made from a Config (IMAP_URL, SMTP_URL, MAIL_FROM; see
// FromEnv). A Mail is what the umpire reads of one e-mail (ReadMail): its
// sender, the tokens it carries, and its command — the first lines the
// sender wrote, with quoted text, attributions ("On … wrote:", "… пишет:",
// "… skribis:"), signatures and HTML taken away, in whatever charset it
// came. A Bounce is a delivery status notification.
//
// # Who wrote it
//
// A mail's From can be forged; a seat's token cannot be guessed. Every
// mail the umpire sends about a game carries the recipient's own token in
// its reply address (umpire+12-0123456789abcdef@example.org) and in a tag
// at the end of its subject ([12-0123456789abcdef]), so a plain Reply
// brings it back. The transport hands the bot every mail as a Forgeable
// wire.Inbound with the token it found as its Key, and the bot decides
// (bot/keys.go): a mail acts on a game only when its token opens a seat of
// that game and its sender is the player in that seat; a mail with another
// player's token is refused and that player is told, so that a forgery is
// seen by its victim. Where the operator names its receiving server
// (MAIL_AUTHSERV_ID), that server's Authentication-Results header is read
// (authres.go): a mail whose From it found forged (DMARC fail) is
// reported as an event (wire.Unverified) and refused. A mail without a
// token may only ask for what acts on no seat: new, join with a token,
// stop, help, games, rules, lang, name. The same mail delivered twice has one
// Message-ID, which the bot remembers: the second changes nothing. The
// transport imports neither the store nor the referee.
//
// # Receiving
//
// Receive reads the mails that came since the last one handled (the
// mailbox's UIDVALIDITY and last UID are a cursor the bot keeps, given
// as Config.Cursor), hands
// each to the bot, marks it \Seen once the bot has committed it, and
// waits with IDLE, or polls where the server has none. Mails over MaxSize
// are not read (the bot answers the event wire.TooLarge with a notice);
// auto-replies, mailing lists and the bot's own mails are passed over; a
// bounce is handed over as wire.Bounce, and the bot tells the game's
// other players, once. An auto-responder that marks nothing is stopped by
// the bot, which falls silent to an address after a few unreadable mails
// (wire.RefusalCap).
//
// # Sending
//
// Send writes the bot's message as it is, the seat key the bot gave it
// (wire.Message.SeatKey) in the reply address and subject tag: a text
// part with the text board and, with a picture, an HTML part that shows
// it inline (multipart/related, with alt text) — the picture once. The
// subject is the bot's, one for the whole game and seat ("Kriegspiel #12:
// you play White"), so that clients keep a game as one conversation; the
// move and whose turn it is lead the text. Every mail of a conversation
// (wire.Message.Thread) refers first to the one that opened it
// (References), whose Message-ID is the conversation's key, then to the
// player's last mail about the game (In-Reply-To); List-Id names the
// umpire for filters, and Auto-Submitted keeps auto-responders quiet. No
// header and no file name holds anything but the recipient's address and
// token, the game's number, the subject the bot wrote or else the first
// line of the text, and opaque Message-IDs; the same message makes the
// same bytes. The last mails of a finished game still carry the seat's
// key, dead by then, so that the subject stays the thread's to the end.
//
// A daily digest (wire.Message.Sections; the bot sends one to a player who
// wrote `mail digest`) is one mail of several games: the plain text of
// each game's section with its board, and an HTML page with each game's
// picture inline under its section, one PNG part per game in the
// multipart/related. The digest carries no key; each section ends with
// the address for its game, the seat's own reply address
// (Features.KeyAddress). A recipient the
// server refuses for good is a permanent failure (wire.ErrPermanent).
//
// Passwords travel only inside TLS (imaps, smtps, or a STARTTLS that must
// succeed), except in the +plain schemes that are allowed on loopback
// hosts only, and are never written to a log or an error.
package email
