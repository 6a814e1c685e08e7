// Package console is the umpire's terminal transport: the same commands as
// every other transport, typed at a terminal, speaking as any player.
// Pictures are written as PNG files and their paths printed beside each
// player's text and text board. It needs no account anywhere, so it is the
// default when no other transport is configured.
//
// A line is said by the current player in the current chat (private at
// first). Lines starting with ':' are the console's own:
//
//	:as NAME      speak as NAME from now on
//	:in CHAT      speak in the group chat CHAT (a game made there is its game)
//	:private      speak in your private chat with the umpire again
//	:who          who and where you are
//	:help         these commands
//	:quit         stop (after the answers already due, such as the house's move)
//
// A line "NAME> TEXT" says TEXT once as NAME, in private; "NAME@CHAT> TEXT"
// in group chat CHAT. Scripts use these.
package console

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"umpire/bot/wire"
	"unicode/utf8"
)

// Options configure a Console.
type Options struct {
	In  io.Reader // lines typed; nil: no input (Receive returns at once)
	Out io.Writer // what players are sent, and prompts
	// Pictures is the directory PNG files are written to; "" writes none.
	Pictures string
	// Delivered, when not "", is a file to which every message sent is
	// appended as a JSON line (to, key, game, seat, text), synced before
	// Send returns: a record of what was delivered, for tests.
	Delivered string
	// Session names this run in the ids of the lines it reads: the id of a
	// line is SESSION:N for its N-th line. Two runs with one session name
	// reading the same lines give the same ids, so that a script replayed
	// after a crash is handled once; the default is a new name each run.
	Session string
	Lang    string // the language hint of every line
	Who     string // the first speaker; "" is "me"
	Prompt  bool   // print a prompt before each line
}

// Console is the terminal transport. It is safe for concurrent use.
type Console struct {
	o Options

	mu        sync.Mutex // guards output, who, chat, delivered, readErr
	who, chat string
	delivered *os.File
	readErr   error // why the input ended, if not at its end
}

var _ wire.Transport = (*Console)(nil)
var _ wire.Limited = (*Console)(nil)

// Name is "console".
const Name = "console"

// New makes a console.
func New(o Options) *Console {
	if o.Who == "" {
		o.Who = "me"
	}
	if o.Out == nil {
		o.Out = io.Discard
	}
	return &Console{o: o, who: o.Who}
}

// Name is the transport's name.
func (c *Console) Name() string { return Name }

// Limits are none: a terminal takes what comes.
func (c *Console) Limits() wire.Limits { return wire.NoLimits }

// oneShot reads "NAME> TEXT" and "NAME@CHAT> TEXT".
var oneShot = regexp.MustCompile(`^([\p{L}\p{N}_.-]+)(?:@([\p{L}\p{N}_.-]+))?>\s?(.*)$`)

// Receive reads lines until the input ends (then it returns nil), :quit,
// or ctx is done, and hands each to h. A line longer than 1 MiB is skipped
// with a word on the output; a failure to read the input is returned.
func (c *Console) Receive(ctx context.Context, h wire.Handler) error {
	if c.o.In == nil {
		return nil
	}
	lines := make(chan string)
	go c.read(ctx, lines)
	c.prompt()
	for n := 1; ; n++ {
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return nil
		case line, ok = <-lines:
		}
		if !ok {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.readErr
		}
		in, quit := c.inbound(line, n)
		if quit {
			return nil
		}
		if in.Text != "" {
			if err := h.Handle(ctx, in); err != nil {
				return err
			}
		}
		c.prompt()
	}
}

// maxLine bounds a line of input; a longer one is skipped, with a word.
const maxLine = 1 << 20

// errLineTooLong is a line longer than maxLine, read to its end.
var errLineTooLong = errors.New("line too long")

// read sends the input's lines to out, and closes it at the end of the
// input or at a read error, which Receive then returns.
func (c *Console) read(ctx context.Context, out chan<- string) {
	defer close(out)
	r := bufio.NewReaderSize(c.o.In, 64*1024)
	for {
		line, err := readLine(r)
		switch {
		case errors.Is(err, errLineTooLong):
			c.mu.Lock()
			fmt.Fprintf(c.o.Out, "a line too long (over %d bytes) was skipped\n", maxLine)
			c.mu.Unlock()
			continue
		case errors.Is(err, io.EOF) && line == "":
			return
		case err != nil && !errors.Is(err, io.EOF):
			c.mu.Lock()
			c.readErr = fmt.Errorf("console: reading input: %w", err)
			c.mu.Unlock()
			return
		}
		select {
		case out <- line:
		case <-ctx.Done():
			return
		}
	}
}

// readLine reads one line without its line ending ("\n" or "\r\n"). A
// last line without an ending comes with io.EOF. A line longer than
// maxLine is read to its end and dropped: errLineTooLong.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	n := 0
	for {
		chunk, err := r.ReadSlice('\n')
		if n += len(chunk); n <= maxLine+2 {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		text := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
		if n > maxLine+2 || len(text) > maxLine {
			return "", errLineTooLong
		}
		return text, err
	}
}

// inbound reads the n-th line: a console command (changing who speaks and
// where, no Text) or a message.
func (c *Console) inbound(line string, n int) (in wire.Inbound, quit bool) {
	line = strings.TrimSpace(line)
	c.mu.Lock()
	defer c.mu.Unlock()
	who, chat := c.who, c.chat
	switch word, arg, _ := strings.Cut(line, " "); word {
	case ":quit", ":q":
		return in, true
	case ":as":
		if arg = strings.TrimSpace(arg); arg != "" {
			c.who = arg
		}
		fmt.Fprintf(c.o.Out, "you are %s\n", c.who)
		return in, false
	case ":in":
		c.chat = strings.TrimSpace(arg)
		fmt.Fprintf(c.o.Out, "%s speaks in %s\n", c.who, c.where())
		return in, false
	case ":private":
		c.chat = ""
		fmt.Fprintf(c.o.Out, "%s speaks in private\n", c.who)
		return in, false
	case ":who":
		fmt.Fprintf(c.o.Out, "you are %s, in %s\n", c.who, c.where())
		return in, false
	case ":help", ":h", ":?":
		fmt.Fprint(c.o.Out, consoleHelp)
		return in, false
	}
	if m := oneShot.FindStringSubmatch(line); m != nil {
		who, chat, line = m[1], m[2], m[3]
	}
	in = wire.Inbound{Transport: Name, From: who, Chat: who, Text: line, ID: fmt.Sprintf("%s:%d", c.session(), n),
		Lang: c.o.Lang, Name: who, Private: chat == ""}
	if chat != "" {
		in.Chat = "@" + chat // a group's address never meets a player's
	}
	return in, false
}

// consoleHelp lists the console's own commands; the umpire's are its help.
const consoleHelp = `The console's own commands:
:as NAME       speak as NAME from now on (you are "me" at first)
:in CHAT       speak in the group chat CHAT; :private — in your private chat again
:who           who and where you are
NAME> TEXT     say TEXT once as NAME; NAME@CHAT> TEXT — once in the group CHAT
:quit          stop, once the answers already due have come (at most 10 s); so does the end of the input
help           the umpire's commands
`

// where names the current chat.
func (c *Console) where() string {
	if c.chat == "" {
		return "private"
	}
	return "@" + c.chat
}

// session is the id prefix of this run's lines.
func (c *Console) session() string {
	if c.o.Session == "" {
		c.o.Session = fmt.Sprintf("run%d", os.Getpid()) + randomSuffix()
	}
	return c.o.Session
}

func (c *Console) prompt() {
	c.mu.Lock()
	defer c.mu.Unlock()
	io.WriteString(c.o.Out, c.promptText())
}

// promptText is the prompt, "" when there is none.
func (c *Console) promptText() string {
	switch {
	case !c.o.Prompt:
		return ""
	case c.chat == "":
		return c.who + "> "
	}
	return c.who + "@" + c.chat + "> "
}

// Send prints a message for its recipient: the text, the text board, the
// path of the picture written for it, and the buttons.
func (c *Console) Send(ctx context.Context, m wire.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	path, err := c.writePicture(m)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n── to %s ──\n%s\n", m.To.ID, m.Text)
	if m.Board != "" {
		fmt.Fprintf(&b, "\n%s\n", m.Board)
	}
	if path != "" {
		fmt.Fprintf(&b, "picture: %s\n", path)
	}
	for _, f := range m.Files {
		p, err := c.writeFile(m, f)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "file: %s\n", p)
	}
	for _, bt := range m.Buttons {
		fmt.Fprintf(&b, "[%s] → %s\n", bt.Label, bt.Command)
	}
	b.WriteString(c.promptText()) // the message came after the prompt
	if _, err := io.WriteString(c.o.Out, b.String()); err != nil {
		return err
	}
	return c.record(m, path)
}

// writePicture writes a message's picture, named by recipient and key so
// that a message sent again writes the same file.
func (c *Console) writePicture(m wire.Message) (string, error) {
	if len(m.Image) == 0 || c.o.Pictures == "" {
		return "", nil
	}
	if err := os.MkdirAll(c.o.Pictures, 0o700); err != nil {
		return "", err
	}
	name := fmt.Sprintf("%s-%s.png", safeName(m.To.ID), m.Key)
	if m.Game != 0 {
		name = fmt.Sprintf("game%d-%s-%s.png", m.Game, safeName(m.To.ID), m.Key)
	}
	path := filepath.Join(c.o.Pictures, name)
	if err := os.WriteFile(path, m.Image, 0o600); err != nil {
		return "", err
	}
	return path, nil
}

// writeFile writes a file a message carries beside the pictures, named by
// game, recipient and key and the file's own name; with no pictures
// folder it writes nothing and returns the file's name and size.
func (c *Console) writeFile(m wire.Message, f wire.File) (string, error) {
	if c.o.Pictures == "" {
		return fmt.Sprintf("%s (%d bytes, not kept: no pictures folder)", f.Name, len(f.Data)), nil
	}
	if err := os.MkdirAll(c.o.Pictures, 0o700); err != nil {
		return "", err
	}
	name := fmt.Sprintf("game%d-%s-%s-%s", m.Game, safeName(m.To.ID), m.Key, safeName(f.Name))
	path := filepath.Join(c.o.Pictures, name)
	return path, os.WriteFile(path, f.Data, 0o600) // a PGN holds every secret of the game: the owner's alone
}

// Delivery is one line of the Delivered file.
type Delivery struct {
	To      string `json:"to"`
	Key     string `json:"key"`
	Game    uint64 `json:"game,omitempty"`
	Seat    string `json:"seat,omitempty"`
	Text    string `json:"text"`
	Picture string `json:"picture,omitempty"`
}

// record appends a delivered message to the Delivered file and syncs it.
func (c *Console) record(m wire.Message, picture string) error {
	if c.o.Delivered == "" {
		return nil
	}
	if c.delivered == nil {
		f, err := os.OpenFile(c.o.Delivered, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		c.delivered = f
	}
	line, err := json.Marshal(Delivery{m.To.ID, m.Key, m.Game, string(m.Seat), m.Text, picture})
	if err != nil {
		return err
	}
	if _, err := c.delivered.Write(append(line, '\n')); err != nil {
		return err
	}
	return c.delivered.Sync()
}

// Close closes the Delivered file.
func (c *Console) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.delivered == nil {
		return nil
	}
	err := c.delivered.Close()
	c.delivered = nil
	return err
}

// safeName keeps a name to the characters a file name may safely hold,
// and to a length that leaves room for the rest of the file name: a longer
// name is cut, at a character, and ends in a hash of the whole.
func safeName(s string) string {
	const max = 64
	safe := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == 0 || r == ':' {
			return '_'
		}
		return r
	}, s)
	if len(safe) <= max {
		return safe
	}
	sum := sha256.Sum256([]byte(s))
	cut := max - 9
	for cut > 0 && !utf8.RuneStart(safe[cut]) {
		cut--
	}
	return safe[:cut] + "~" + hex.EncodeToString(sum[:4])
}
