package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"umpire/internal/testkit"
)

// TestMatchCommand plays a short match and reads its lines: one per game,
// then the score as A W/D/L B with the mean plies; a bad player is refused.
func TestMatchCommand(t *testing.T) {
	t.Parallel()
	var out, errs testkit.SyncBuffer
	args := []string{"match", "-variant", "dark", "-games", "2", "-a", "house2", "-b", "random", "-seed", "5"}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errs, func(string) string { return "" }); err != nil {
		t.Fatalf("match: %v\n%s", err, errs.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "game 1: house2 (white) vs random: ") ||
		!strings.HasPrefix(lines[1], "game 2: house2 (black) vs random: ") ||
		!regexp.MustCompile(`^house2 \d+/\d+/\d+ random, mean \d+\.\d plies$`).MatchString(lines[2]) {
		t.Errorf("match printed:\n%s", out.String())
	}
	err := run(context.Background(), []string{"match", "-a", "house9"}, strings.NewReader(""), &out, &errs, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "house9") {
		t.Errorf("a bad player: %v", err)
	}
}
