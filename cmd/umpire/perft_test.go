package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runCmd runs the umpire command line with args and stdin, returning stdout.
func runCmd(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errs bytes.Buffer
	getenv := func(string) string { return "" }
	if err := run(context.Background(), args, strings.NewReader(stdin), &out, &errs, getenv); err != nil {
		t.Fatalf("umpire %v: %v\n%s", args, err, errs.String())
	}
	return out.String()
}

func TestPerftCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-variant", "chess", "-depth", "3"}, "8902"},
		{[]string{"perft", "-variant", "chess", "-depth", "2", "-fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, "2039"},
	}
	for _, tc := range tests {
		out := strings.TrimSpace(runCmd(t, "", tc.args...))
		lines := strings.Split(out, "\n")
		if got := lines[len(lines)-1]; got != tc.want {
			t.Errorf("umpire %v = %q; want %q", tc.args, got, tc.want)
		}
	}
}
