package bot

import (
	"slices"
	"strconv"
	"strings"

	"umpire/bot/texts"
	"umpire/referee"
)

// command is one message read: a bot command with its arguments, or a game
// action (name ""). Every transport shares this one language; a word of
// any of the catalog's languages is understood whatever the sender's
// language is, as the referee reads moves in every notation at once.
type command struct {
	name string   // canonical command ("new", "join", …), or "" for an action
	game uint64   // the game named by a #N word, 0 when none
	args []string // the words after the command word
	text string   // for an action: the text to play, in the referee's words
}

// parseCommand reads a message. A leading "/" and a "@botname" suffix on
// the first word are dropped (Telegram's /new@umpire_bot). A word "#N"
// anywhere names game N. Anything that is not a command is an action: a
// move, an attempt list, a secret choice; the referee's own command words
// (resign, draw, decline, any?) are accepted in every language.
func parseCommand(c *texts.Catalog, text string) command {
	words := strings.Fields(text)
	var cmd command
	var rest []string
	for _, w := range words {
		if n, ok := gameWord(w); ok && cmd.game == 0 {
			cmd.game = n
			continue
		}
		rest = append(rest, w)
	}
	if len(rest) == 0 {
		if cmd.game != 0 {
			cmd.name = "board"
		} else {
			cmd.name = "help"
		}
		return cmd
	}
	first := strings.TrimPrefix(rest[0], "/")
	if i := strings.IndexByte(first, '@'); i > 0 && strings.HasPrefix(rest[0], "/") {
		first = first[:i]
	}
	rest[0] = first // "/resign" is resign, "/e2e4" is e2e4
	switch name := c.Command(first); name {
	case "", "resign", "draw", "accept", "decline", "any", "offer", "with", "public":
		cmd.text = actionText(c, strings.Join(rest, " "))
	case "move": // "/m wb2wb3": a move as a command, which a group passes on
		cmd.text = actionText(c, strings.Join(rest[1:], " "))
		if cmd.text == "" {
			cmd.name = "help"
		}
	case "vassal", "lord", "order", "choose", "declare":
		cmd.text = diplomacyText(c, name, rest[1:])
	case "join":
		cmd.name, cmd.args = "join", rest[1:]
		if len(cmd.args) == 0 && cmd.game == 0 {
			cmd.name = "help" // Telegram's bare /start
		}
	default:
		cmd.name, cmd.args = name, rest[1:]
		if n, ok := bareGame(cmd); ok {
			cmd.game, cmd.args = n, cmd.args[1:]
		}
	}
	return cmd
}

// bareGame reads the game of a command that names only a game, given
// without its "#": "watch 1", "board 1", "abort 1".
func bareGame(cmd command) (uint64, bool) {
	switch cmd.name {
	case "watch", "board", "abort", "moves", "mute", "unmute", "rematch":
	default:
		return 0, false
	}
	if cmd.game != 0 || len(cmd.args) == 0 {
		return 0, false
	}
	return gameWord("#" + cmd.args[0])
}

// gameWord reads "#12".
func gameWord(w string) (uint64, bool) {
	if len(w) < 2 || w[0] != '#' {
		return 0, false
	}
	n, err := strconv.ParseUint(w[1:], 10, 64)
	return n, err == nil && n > 0
}

// referee words for the game commands that take no arguments.
var actionWords = map[string]string{"resign": "resign", "draw": "draw", "offer": "draw", "accept": "draw", "decline": "decline", "any": "any?"}

// actionText turns each item of an attempt list that is a game command in
// some language into the referee's word, a secret choice into the
// referee's words (referee.SecretWords), and leaves moves as they are.
func actionText(c *texts.Catalog, text string) string {
	items := referee.SplitList(text)
	if len(items) <= 1 {
		if w, ok := actionWords[c.Command(strings.TrimSpace(text))]; ok {
			return w
		}
		return referee.SecretWords(strings.TrimSpace(text))
	}
	changed := false
	for i, it := range items {
		if w, ok := actionWords[c.Command(it)]; ok {
			items[i], changed = w, true
		} else if w := referee.SecretWords(it); w != it {
			items[i], changed = w, true
		}
	}
	if !changed {
		return strings.TrimSpace(text) // keep the writer's separators
	}
	return strings.Join(items, ", ")
}

// isSecret reports whether an action makes a secret choice (a crown, a
// growing pawn, a stone placement) in any item of its attempt list, in any
// language the referee reads: such an action gets a salt, and is accepted
// only in private.
func isSecret(text string) bool {
	return slices.ContainsFunc(referee.SplitList(text), referee.IsSecret)
}

// ownSalt reports whether a secret choice carries a salt of the sender's
// own (` salt=HEX`), which the referee would take instead of the bot's 32
// random bytes: a short one lets the other seats find the secret from its
// commitment by trying every salt.
func ownSalt(text string) bool {
	return slices.ContainsFunc(referee.SplitList(text), func(item string) bool {
		return referee.IsSecret(item) && strings.Contains(item, "salt=")
	})
}
