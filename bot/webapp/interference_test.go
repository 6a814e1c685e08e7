package webapp_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestAppNonInterference: for two games White cannot tell apart — Black's
// secret choice differs, or Black made failed tries first — every byte the
// app sends White is the same: its state, its long poll's answer, the
// answer to its next move and its list of games. Chess and three-player
// chess hide nothing: two games a seat cannot tell apart are one game.
func TestAppNonInterference(t *testing.T) {
	t.Parallel()
	tests := []struct {
		variant string
		scripts [2][]string // "w TEXT" or "b TEXT", White's last line through the app
	}{
		{"kriegspiel english", [2][]string{
			{"w e4", "b e5", "w Nf3"},
			{"w e4", "b Ke7", "b Ba3, d5", "w Nf3"}}},
		{"kriegspiel", [2][]string{
			{"w d4", "b d5", "w c4"},
			{"w d4", "b Qd6", "b d5", "w c4"}}},
		{"dark", [2][]string{
			{"w e4", "b h6", "w a3"},
			{"w e4", "b Ke7, g6", "w a3"}}},
		{"korona", [2][]string{
			{"w crown king", "b crown king", "w e4", "b e5", "w d4"},
			{"w crown king", "b crown dame", "w e4", "b Kd7", "b e5", "w d4"}}},
		{"korona2", [2][]string{
			{"w crown dame", "b crown king", "w e4", "b e5", "w d4"},
			{"w crown dame", "b crown dame", "w e4", "b e5", "w d4"}}},
		{"krono", [2][]string{
			{"w crown king", "b crown king", "w e4", "b e5", "w d4"},
			{"w crown king", "b crown dame", "w e4", "b e5", "w d4"}}},
		{"progressive", [2][]string{
			{"w grow b2 N", "w e4", "b grow g7 N", "b e5", "w d4"},
			{"w grow b2 N", "w e4", "b e5", "b grow h7 B", "b Kd7", "b e5", "w d4"}}},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			var seen [2][][]byte
			var logs [2]string
			for i, script := range tt.scripts {
				r := newRig(t)
				id := r.newGame(tt.variant)
				last := len(script) - 1
				for _, line := range script[:last] {
					who, text, _ := strings.Cut(line, " ")
					r.say(map[string]int64{"w": ann, "b": ben}[who], text)
				}
				_, state := r.get(ann, fmt.Sprintf("/api/state?game=%d", id))
				_, waited := r.get(ann, fmt.Sprintf("/api/wait?game=%d", id))
				_, text, _ := strings.Cut(script[last], " ")
				_, acted := r.post(ann, id, text, "last")
				_, games := r.get(ann, "/api/games")
				seen[i] = [][]byte{state, waited, acted, games}
				g, _ := r.db.Game(id)
				logs[i] = fmt.Sprint(g.Log)
				if !bytes.Contains(acted, []byte(`"turn":"black"`)) {
					t.Fatalf("script %d: White's last move through the app was not played: %s", i, acted)
				}
			}
			if logs[0] == logs[1] {
				t.Fatalf("the games are the same: %s", logs[0])
			}
			for k, name := range []string{"state", "wait", "act", "games"} {
				if !bytes.Equal(seen[0][k], seen[1][k]) {
					t.Errorf("%s differs:\n%s\n%s", name, seen[0][k], seen[1][k])
				}
			}
		})
	}
}
