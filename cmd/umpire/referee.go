package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"umpire/referee"
)

// refereeCommand is `umpire referee`.
var refereeCommand = command{"referee", "rule on a script of actions: -variant KEY [-rules R] [-fen FEN] [-notation en|eo|ru] [-views] [-reveal] < script", refereeCmd}

// refereeFlags are the flags umpire referee and umpire render share.
type refereeFlags struct {
	variant, rules, fen, notation string
}

func (f *refereeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.variant, "variant", "chess", "variant key")
	fs.StringVar(&f.rules, "rules", "", "rule set (default: the variant's default)")
	fs.StringVar(&f.fen, "fen", "", "start position for an 8×8 variant")
	fs.StringVar(&f.notation, "notation", referee.NotationEnglish, "the seats' notation language for Latin piece letters: en, eo or ru (a Russian reader's look-alikes of Cyrillic letters)")
}

// newGame makes the game the flags describe.
func (f *refereeFlags) newGame() (*referee.Variant, referee.Game, error) {
	v, ok := referee.Lookup(f.variant)
	if !ok {
		return nil, nil, fmt.Errorf("unknown variant %q (-variant)", f.variant)
	}
	if _, err := v.RuleSet(referee.Options{Rules: f.rules}); err != nil {
		return nil, nil, fmt.Errorf("-rules: %w", err)
	}
	if !referee.ValidNotation(f.notation) {
		return nil, nil, fmt.Errorf("-notation %q: want en, eo or ru", f.notation)
	}
	g, err := v.New(referee.Options{Rules: f.rules, FEN: f.fen})
	if err != nil {
		return nil, nil, fmt.Errorf("-fen: %w", err)
	}
	return v, g, nil
}

// outLine is one JSON Lines object of umpire referee, fields in the order
// rules/README.md shows them.
type outLine struct {
	N        int                       `json:"n"`
	Start    bool                      `json:"start,omitempty"`
	Seat     referee.Seat              `json:"seat,omitempty"`
	Action   string                    `json:"action,omitempty"`
	Verdict  referee.Verdict           `json:"verdict,omitempty"`
	Reason   string                    `json:"reason,omitempty"`
	Readings []string                  `json:"readings,omitempty"`
	Said     []referee.Announcement    `json:"said"`
	Move     string                    `json:"move,omitempty"`
	Turn     referee.Seat              `json:"turn"`
	Views    map[referee.Seat]string   `json:"views,omitempty"`
	Marks    map[referee.Seat][]string `json:"marks,omitempty"`
	Secrets  map[referee.Seat]secrets  `json:"secrets,omitempty"`
}

type finalLine struct {
	Final  bool   `json:"final"`
	Board  string `json:"board"`
	Result string `json:"result"`
	Reason string `json:"reason"`
}

func refereeCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("referee", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f refereeFlags
	f.register(fs)
	views := fs.Bool("views", false, "add each seat's board after every action")
	reveal := fs.Bool("reveal", false, "add the move as played, in coordinates")
	if err := fs.Parse(args); err != nil {
		return err
	}
	v, g, err := f.newGame()
	if err != nil {
		return err
	}
	out := json.NewEncoder(e.stdout)
	out.SetEscapeHTML(false)
	line := outLine{Start: true, Said: nonNil(g.Start()), Turn: g.Turn()}
	addViews(&line, v, g, *views)
	if err := out.Encode(line); err != nil {
		return err
	}
	n := 0
	err = playScript(e.stdin, g, f.notation, func(p referee.Played) error {
		n++
		line := outLine{N: n, Seat: p.Action.Seat, Action: p.Action.Text, Verdict: p.Ruling.Verdict,
			Reason: p.Ruling.Reason, Readings: p.Ruling.Readings, Said: nonNil(p.Ruling.Said), Turn: g.Turn()}
		if *reveal {
			line.Move = p.Ruling.Move
		}
		addViews(&line, v, g, *views)
		return out.Encode(line)
	})
	if err != nil {
		return err
	}
	result, reason := g.Result()
	return out.Encode(finalLine{true, g.Board(), result, reason})
}

// playScript reads `SEAT ACTION` lines (blank and # lines skipped) and plays
// each line as one message, an attempt list, its Latin piece letters read in
// the notation language notation.
func playScript(r io.Reader, g referee.Game, notation string, each func(referee.Played) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		seat, action, _ := strings.Cut(text, " ")
		msg := referee.Action{Seat: referee.Seat(seat), Text: strings.TrimSpace(action), Salt: newSalt(), Notation: notation}
		if err := referee.PlayEach(g, msg, each); err != nil {
			return err
		}
	}
	return sc.Err()
}

func addViews(l *outLine, v *referee.Variant, g referee.Game, on bool) {
	if !on {
		return
	}
	l.Views = map[referee.Seat]string{}
	l.Marks = map[referee.Seat][]string{}
	for _, s := range v.Seats {
		view := g.View(s)
		l.Views[s] = view.Board
		l.Marks[s] = nonNilS(view.Marks)
		addSecrets(l, s, view.Secrets)
	}
}

// newSalt draws the salt of a script line: 32 random bytes in hex
// (korona.md 2.4). The referee uses it only for a secret action (a crown,
// a stone placement, a growing pawn) whose text gives no ` salt=HEX`.
func newSalt() string {
	b := make([]byte, 32)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// secrets are the sealed notes one seat knows, as -views writes them
// (korona.md 7.3, progressive.md 7.3): crown holders and mined squares by
// seat, growing pawns as a list.
type secrets struct {
	Crown map[referee.Seat]string `json:"crown,omitempty"`
	Mine  map[referee.Seat]string `json:"mine,omitempty"`
	Grow  []growing               `json:"grow,omitempty"`
}

type growing struct {
	Seat   referee.Seat `json:"seat"`
	Square string       `json:"square"`
	Piece  string       `json:"piece"`
	Left   int          `json:"left"`
}

// addSecrets adds what seat s knows of the sealed notes; nothing for a
// variant without them.
func addSecrets(l *outLine, s referee.Seat, list []referee.Secret) {
	if len(list) == 0 {
		return
	}
	var out secrets
	for _, x := range list {
		switch x.Kind {
		case "crown":
			if out.Crown == nil {
				out.Crown = map[referee.Seat]string{}
			}
			out.Crown[x.Seat] = x.Value
		case "mine":
			if out.Mine == nil {
				out.Mine = map[referee.Seat]string{}
			}
			out.Mine[x.Seat] = x.Cell
		case "growing":
			out.Grow = append(out.Grow, growing{x.Seat, x.Cell, x.Value, x.Left})
		}
	}
	if l.Secrets == nil {
		l.Secrets = map[referee.Seat]secrets{}
	}
	l.Secrets[s] = out
}

func nonNil(a []referee.Announcement) []referee.Announcement {
	if a == nil {
		return []referee.Announcement{}
	}
	return a
}

func nonNilS(a []string) []string {
	if a == nil {
		return []string{}
	}
	return a
}
