package door

import (
	"strconv"
	"strings"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/referee"
)

// Command is one message read: a command with its arguments, or a game
// action (Name ""). Every transport shares this one language; a word of
// any of the catalog's languages is understood whatever the sender's
// language is, as the referee reads moves in every notation at once.
type Command struct {
	Name string   // canonical command ("new", "join", …), or "" for an action
	Game uint64   // the game named by a #N word, 0 when none
	Args []string // the words after the command word
	// Line is an action's attempt list, read once, in the referee's words
	// (its game commands and secret choices; moves as written).
	Line referee.Line
}

// parse is the ninth stage: the command, read once. Written in a game's
// topic, a command about one game that names none is about the topic's.
func (d *Door) parse(e *entry) (bool, error) {
	e.cmd = Parse(d.cat, e.in.Text)
	if id, ok := post.SlotGame(e.topic); ok && e.cmd.Game == 0 && topicCommands[e.cmd.Name] {
		e.cmd.Game = id
	}
	return false, nil
}

// Parse reads a message. A leading "/" and a "@botname" suffix on the
// first word are dropped (Telegram's /new@umpire_bot). A word "#N"
// anywhere names game N. Anything that is not a command is an action: a
// move, an attempt list, a secret choice; the referee's own command words
// (resign, draw, decline, any?) are accepted in every language.
func Parse(c *texts.Catalog, text string) Command {
	var cmd Command
	var rest []string
	for _, w := range strings.Fields(text) {
		if n, ok := gameWord(w); ok && cmd.Game == 0 {
			cmd.Game = n
			continue
		}
		rest = append(rest, w)
	}
	if len(rest) == 0 {
		if cmd.Game != 0 {
			cmd.Name = "board"
		} else {
			cmd.Name = "help"
		}
		return cmd
	}
	first := strings.TrimPrefix(rest[0], "/")
	if i := strings.IndexByte(first, '@'); i > 0 && strings.HasPrefix(rest[0], "/") {
		first = first[:i]
	}
	rest[0] = first // "/resign" is resign, "/e2e4" is e2e4
	switch name := c.Command(first); {
	case actionCommands[name]:
		cmd.Line = referee.ReadLine(ActionText(c, strings.Join(rest, " ")))
	case name == "move": // "/m wb2wb3": a move as a command, which a group passes on
		cmd.Line = referee.ReadLine(ActionText(c, strings.Join(rest[1:], " ")))
		if cmd.Line.Text() == "" {
			cmd.Name = "help"
		}
	case diplomacyCommands[name]:
		cmd.Line = referee.ReadLine(diplomacyText(c, name, rest[1:]))
	case name == "join":
		cmd.Name, cmd.Args = "join", rest[1:]
		if len(cmd.Args) == 0 && cmd.Game == 0 {
			cmd.Name = "help" // Telegram's bare /start
		}
	default:
		cmd.Name, cmd.Args = name, rest[1:]
		if n, ok := bareGame(cmd); ok {
			cmd.Game, cmd.Args = n, cmd.Args[1:]
		}
	}
	return cmd
}

// bareGame reads the game of a command that names only a game, given
// without its "#": "watch 1", "board 1", "abort 1".
func bareGame(cmd Command) (uint64, bool) {
	switch cmd.Name {
	case "watch", "board", "abort", "moves", "mute", "unmute", "rematch":
	default:
		return 0, false
	}
	if cmd.Game != 0 || len(cmd.Args) == 0 {
		return 0, false
	}
	return gameWord("#" + cmd.Args[0])
}

// gameWord reads "#12".
func gameWord(w string) (uint64, bool) {
	if len(w) < 2 || w[0] != '#' {
		return 0, false
	}
	n, err := strconv.ParseUint(w[1:], 10, 64)
	return n, err == nil && n > 0
}

// CommandWord is the canonical command the first word of a text names in
// any language ("" for a move or nothing).
func CommandWord(cat *texts.Catalog, text string) string {
	w := strings.Fields(text)
	if len(w) == 0 {
		return ""
	}
	return cat.Command(strings.TrimPrefix(w[0], "/"))
}

// actionCommands are the first words that make a message an action: none
// (a move), a game command, and two words that are moves too ("с c4": the
// Russian "with" is a bishop's letter).
var actionCommands = map[string]bool{"": true, "resign": true, "draw": true, "accept": true, "decline": true,
	"any": true, "offer": true, "with": true, "public": true}

// actionWords are the referee's words for the game commands people write
// in any language (the catalog's canonical command words).
var actionWords = map[string]string{"resign": referee.WordResign, "draw": referee.WordDraw, "offer": referee.WordDraw,
	"accept": referee.WordDraw, "decline": referee.WordDecline, "any": referee.WordAny}

// ActionText turns each item of an attempt list that is a game command in
// some language into the referee's word, a secret choice into the
// referee's words (referee.SecretWords), and leaves moves as they are: a
// message's action, and a conditional line's answer ("ничья" → "draw").
func ActionText(c *texts.Catalog, text string) string {
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

// diplomacyCommands are the canonical commands of triad's diplomacy.
var diplomacyCommands = map[string]bool{"vassal": true, "lord": true, "order": true, "choose": true, "declare": true}

// diplomacyText turns a diplomacy command written in any language of the
// catalog into the referee's words (triad.md 6.5): "вассал предложить
// чёрным" → "vassal offer black", "ordoni Nigraj e4" → "order black e4".
// cmd is the canonical command of the first word; words are those after
// it. A word it does not know stays as written, for the referee to refuse.
func diplomacyText(c *texts.Catalog, cmd string, words []string) string {
	out := []string{cmd}
	seat := func(i int) {
		if i < len(words) {
			if s := c.SeatStem(words[i]); s != "" {
				words[i] = string(s)
			}
		}
	}
	switch cmd {
	case "vassal", "lord":
		if len(words) > 0 {
			switch w := c.Command(words[0]); w {
			case "draw", "offer": // English "offer" also offers a draw
				words[0] = "offer"
			case "accept", "decline":
				words[0] = w
			}
		}
		seat(1)
	case "order", "choose":
		seat(0)
		if n := len(words); cmd == "order" && n > 0 && n <= 2 && c.Command(words[n-1]) == "pass" {
			words[n-1] = "pass" // order pass, приказ пас, ordoni pasi
		}
	}
	return strings.Join(append(out, words...), " ")
}
