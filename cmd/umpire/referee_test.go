package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Each item of an attempt list is printed as the game stood after it: the
// turn passes only with the accepted move.
func TestRefereeListTurns(t *testing.T) {
	t.Parallel()
	out := runCmd(t, "white any?, Nf3, dxe5\n", "referee", "-variant", "kriegspiel", "-rules", "english",
		"-fen", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2")
	var turns []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		var l struct {
			Turn  string `json:"turn"`
			Final bool   `json:"final"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		if !l.Final {
			turns = append(turns, l.Turn)
		}
	}
	if got, want := strings.Join(turns, " "), "white white black"; got != want {
		t.Errorf("turns = %q; want %q", got, want)
	}
}

func TestRefereeBadFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"referee", "-variant", "nosuch"},
		{"referee", "-variant", "kriegspiel", "-rules", "nosuch"},
		{"referee", "-variant", "chess", "-fen", "not a fen"},
	} {
		if err := run(t.Context(), args, strings.NewReader(""), &strings.Builder{}, &strings.Builder{}, func(string) string { return "" }); err == nil {
			t.Errorf("umpire %v: no error", args)
		}
	}
}
