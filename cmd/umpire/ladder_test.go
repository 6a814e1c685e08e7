package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"umpire/internal/testkit"
)

// TestLadderCommand plays a small round robin and reads its lines: one
// per pairing, then the ratings with the random player at 0; bad player
// lists are refused.
func TestLadderCommand(t *testing.T) {
	t.Parallel()
	var out, errs testkit.SyncBuffer
	args := []string{"ladder", "-variant", "kriegspiel", "-rules", "english", "-games", "2", "-players", "ks-simple,random,ks-random", "-seed", "7"}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errs, func(string) string { return "" }); err != nil {
		t.Fatalf("ladder: %v\n%s", err, errs.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		`^ks-simple vs random: \d/\d/\d, \d+\.\d% \(seeds 7 to 8\)`,
		`^ks-simple vs ks-random: \d/\d/\d, \d+\.\d% \(seeds 9 to 10\)`,
		`^random vs ks-random: \d/\d/\d, \d+\.\d% \(seeds 11 to 12\)`,
		`^ratings \(Bradley-Terry, Elo scale, random = 0, 1 drawn game added to each pairing\):$`,
	}
	if len(lines) != 7 {
		t.Fatalf("ladder printed:\n%s", out.String())
	}
	for i, w := range want {
		if !regexp.MustCompile(w).MatchString(lines[i]) {
			t.Errorf("line %d: %q; want %s", i+1, lines[i], w)
		}
	}
	if !strings.Contains(out.String(), "  random          0 ±   0 ") {
		t.Errorf("random is not at 0:\n%s", out.String())
	}
	for _, bad := range [][]string{
		{"-players", "random"},
		{"-players", "random,house2,random"},
		{"-players", "random,house7"},
		{"-variant", "korona", "-players", "random,ks-simple"},
	} {
		err := run(context.Background(), append([]string{"ladder"}, bad...), strings.NewReader(""), &out, &errs, func(string) string { return "" })
		if err == nil {
			t.Errorf("ladder %q: no error", bad)
		}
	}
}
