// Package texts holds every word the umpire writes, in English, Russian
// and Esperanto.
//
// A Catalog maps a language and a text id to a text with named arguments
// ("Capture on {square}."): announcement codes of the referee
// ("ann.capture"), refusal reasons, values (seats, men, directions) in the
// grammatical forms a sentence needs ("{seat@gen}"), and the bot's own
// messages. It also reads the command words of all three languages back
// to the one command they name (the words of secret choices are the
// referee's: referee.SecretWords). Counted texts take the plural form the
// number needs, by CLDR's rules (plural.go). A ruling is said to a seat by
// Entry; a name is shown by Name, cleaned of what may not be shown.
//
// texts imports only the referee: it words values, never a game.
package texts
