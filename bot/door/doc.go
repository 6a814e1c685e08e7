// Package door is everything between a message a transport received (a
// wire.Inbound) and "run this command for this player": the guards a
// message passes, in the order they run, the player met at the door, and
// the command read once. It hands the bot one value, a Visit (who wrote,
// where, which command, which game), and the bot decides; the door then
// answers what the decision refused. It imports neither the bot, the club
// nor the house player, as go-imap's imapserver decodes a command and
// checks the connection's state before its Session, the backend, decides.
//
// # The stages
//
// Handle runs each message past these, in this order; the first that
// answers ends it (each is a guard of one shape, in guards.go):
//
//  1. the disk (retry.go): while the store refuses writes, the whole of
//     Handle is tried again with backoff; a message that keeps failing
//     for another reason is set aside after AsideAfter tries (aside.go);
//  2. a done context, and an address too long to keep (address.go):
//     dropped;
//  3. the sender's budget (budget.go): past it, one "slow down" and
//     silence;
//  4. the transport's events (events.go: a bounce, a moved group, a
//     one-click unsubscribe, a mail too large or failing DMARC);
//  5. seat keys (keys.go), for transports whose senders can be forged
//     (mail): a command that needs a seat's key without it is refused,
//     and one that needs proof of the mailbox is confirmed by mail first
//     (mailconfirm.go), within a cap over all the addresses where nobody
//     holds a seat (strangers.go);
//  6. the player at the address, made for a newcomer, and a note that the
//     address can be written to first (player.go);
//  7. the conversation of the topic it was written in (topic.go): in a
//     game's topic a move needs no #N, and answers go back there;
//  8. confirmation (ask.go): a button that asks first is asked, a "yes" or
//     "no" settled;
//  9. the command read (parse.go), once, into a Command;
//  10. a lasting stop lifted by a message that proves its mailbox
//     (optout.go).
//
// Then the Decider decides the Visit. A Mistake it returns is answered to
// the writer in the writer's words (refuse.go), capped for addresses a
// machine may answer; any other failure is logged and answered with a
// fixed phrase.
//
// The door keeps the state only its guards own: each sender's budget,
// the refusals sent to each mail address, the failures of each message,
// and the transports it has met (Transports).
package door
