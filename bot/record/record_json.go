package record

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"umpire/referee"
	"umpire/store"
)

// Game is a whole game for other tools (`umpire export -format
// json`): what it was made with, every log entry with its ruling and
// SAN, and after the start and after each entry what every seat, the
// spectators and the god could see. Like the PGN, it holds every secret:
// it is for a finished game.
type Game struct {
	Game    uint64                  `json:"game"`
	Variant string                  `json:"variant"`
	Rules   string                  `json:"rules,omitempty"`
	FEN     string                  `json:"fen,omitempty"`
	Created time.Time               `json:"created"`
	State   string                  `json:"state"`
	Result  string                  `json:"result,omitempty"`
	Reason  string                  `json:"reason,omitempty"`
	Clock   int64                   `json:"clock_seconds,omitempty"` // seconds a move, 0 without a clock
	Pace    string                  `json:"pace,omitempty"`          // the pace beyond the clock, as new says it: 1d@21:00 Europe/Moscow ext2 cd
	Players map[referee.Seat]string `json:"players"`
	Start   Step                    `json:"start"`
	Plies   []Step                  `json:"plies"`
}

// Step is one log entry (none for the start) and the views after it.
type Step struct {
	N      int                    `json:"n,omitempty"` // 1, 2, … in log order
	Action *referee.Action        `json:"action,omitempty"`
	House  bool                   `json:"house,omitempty"` // made by the house for its seat (civil disorder)
	Ruling *Ruling                `json:"ruling,omitempty"`
	SAN    string                 `json:"san,omitempty"` // an accepted move in SAN
	Said   []referee.Announcement `json:"said,omitempty"`
	Views  map[referee.Seat]View  `json:"views"`
}

// Ruling is a ruling: the verdict, the move in coordinates, the
// reason code; its announcements are the step's Said.
type Ruling struct {
	Verdict referee.Verdict `json:"verdict"`
	Move    string          `json:"move,omitempty"`
	Reason  string          `json:"reason,omitempty"`
}

// View is a View as the record keeps it: the board string rather
// than the cells, and the seat's score sheet left out (the plies are it).
type View struct {
	Board    string           `json:"board"`
	Turn     referee.Seat     `json:"turn,omitempty"`
	Ply      int              `json:"ply"`
	Result   string           `json:"result,omitempty"`
	Marks    []string         `json:"marks,omitempty"`
	LastMove []string         `json:"last_move,omitempty"`
	Checks   []string         `json:"checks,omitempty"`
	Secrets  []referee.Secret `json:"secrets,omitempty"`
	Heard    int              `json:"heard"` // announcements the seat has heard so far
	// Talk are the messages between players (tell) sent after the step's
	// entry and before the next, that the seat sent or got: a message is
	// in its sender's and its recipients' views alone.
	Talk []Talk `json:"talk,omitempty"`
}

// Talk is a message between players as the record keeps it.
type Talk struct {
	At   time.Time      `json:"at"`
	From referee.Seat   `json:"from"`
	To   []referee.Seat `json:"to"`
	Text string         `json:"text"`
}

// ExportJSON writes game id of db as a Game, indented.
func ExportJSON(db *store.DB, id uint64) ([]byte, error) {
	g, err := db.Game(id)
	if err != nil {
		return nil, err
	}
	rec, err := gameRecord(db, g)
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(rec, "", "  ")
}

// gameRecord builds the record of g.
func gameRecord(db *store.DB, g *store.Game) (*Game, error) {
	v, ok := referee.Lookup(g.Variant)
	if !ok {
		return nil, fmt.Errorf("bot: record of game %d: unknown variant %q", g.ID, g.Variant)
	}
	sans, err := referee.SAN(v, g.Options, g.Log)
	if err != nil {
		return nil, fmt.Errorf("bot: record of game %d: %w", g.ID, err)
	}
	rg, err := v.New(g.Options)
	if err != nil {
		return nil, err
	}
	rules, _ := v.RuleSet(g.Options)
	rec := &Game{Game: g.ID, Variant: g.Variant, Rules: rules, FEN: g.Options.FEN, Created: g.Created.UTC(),
		State: string(g.State), Result: g.Result, Reason: g.Reason, Clock: int64(g.Clock / time.Second),
		Pace: paceWords(g), Players: map[referee.Seat]string{}, Plies: []Step{}}
	for _, s := range v.Seats {
		rec.Players[s] = playerName(db, g, s)
	}
	talks, err := db.Talks(g.ID)
	if err != nil {
		return nil, err
	}
	rec.Start = Step{Said: rg.Start(), Views: recordViews(rg, v.Seats, talkAt(talks, 0))}
	for i, a := range g.Log {
		ru := rg.Play(a)
		rec.Plies = append(rec.Plies, Step{N: i + 1, Action: &g.Log[i], House: Housed(g, i), SAN: sans[i], Said: ru.Said,
			Ruling: &Ruling{Verdict: ru.Verdict, Move: ru.Move, Reason: ru.Reason}, Views: recordViews(rg, v.Seats, talkAt(talks, i+1))})
	}
	return rec, nil
}

// talkAt are the messages of talks sent when the log had n entries.
func talkAt(talks []store.Talk, n int) []store.Talk {
	var out []store.Talk
	for _, t := range talks {
		if t.Ply == n {
			out = append(out, t)
		}
	}
	return out
}

// talkOf are the messages of talks that seat sent or got.
func talkOf(talks []store.Talk, seat referee.Seat) []Talk {
	var out []Talk
	for _, t := range talks {
		if t.From == seat || slices.Contains(t.To, seat) {
			out = append(out, Talk{At: t.At.UTC(), From: t.From, To: t.To, Text: t.Text})
		}
	}
	return out
}

// recordViews are the views of every seat, the spectators and the god,
// each with the messages of talks it sent or got.
func recordViews(g referee.Game, seats []referee.Seat, talks []store.Talk) map[referee.Seat]View {
	out := map[referee.Seat]View{}
	for _, s := range append(append([]referee.Seat{}, seats...), referee.Spectator, referee.God) {
		v := g.View(s)
		out[s] = View{Board: v.Board, Turn: v.Turn, Ply: v.Ply, Result: v.Result, Marks: v.Marks,
			LastMove: v.LastMove, Checks: v.Checks, Secrets: v.Secrets, Heard: len(v.Said), Talk: talkOf(talks, s)}
	}
	return out
}
