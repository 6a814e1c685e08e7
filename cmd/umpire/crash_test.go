package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"umpire/bot/console"
	"umpire/referee"
	"umpire/store"
)

// TestCrash runs umpire as a child process through a scripted session on
// the console — games of several variants — and kills it with SIGKILL at
// random moments, at least 50 times, restarting it on the same database
// with the same script each time (the console gives each line the same id
// in every run, so lines already handled are skipped). A last run goes to
// the end. Then: every game's log equals that of a run that was never
// killed (so no action was applied twice or lost), and every message that
// run delivered was delivered at least as often despite the kills.
func TestCrash(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds umpire and kills it 50 times")
	}
	bin := buildUmpire(t)
	script := crashScript()
	ref := t.TempDir()
	runUmpire(t, bin, ref, script, 0)
	crash := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	kills := 0
	var runs []int64 // where each run's deliveries begin in the file
	for kills < 50 {
		runs = append(runs, fileSize(t, filepath.Join(crash, "delivered.jsonl")))
		if runUmpire(t, bin, crash, script, time.Duration(5+rng.IntN(120))*time.Millisecond) {
			kills++
		}
	}
	runs = append(runs, fileSize(t, filepath.Join(crash, "delivered.jsonl")))
	runUmpire(t, bin, crash, script, 0)
	again := duplicates(t, crash, runs)
	compareLogs(t, filepath.Join(ref, "umpire.db"), filepath.Join(crash, "umpire.db"))
	want, got := deliveries(t, ref), deliveries(t, crash)
	if len(want.count) == 0 {
		t.Fatal("the run that was not killed delivered nothing")
	}
	missing := map[string]int{} // by chat
	for k, n := range want.count {
		if c := got.count[k]; c < n {
			missing[k.to] += n - c
			if got.replaced[k.to] < missing[k.to] {
				t.Errorf("delivered %d times despite the kills, %d times without: %s: %s", c, n, k.to, k.text)
			}
		}
	}
	t.Logf("%d kills; %d distinct messages, each delivered at least as often or replaced by a later one like it (%d); %d sent again after a kill, never two to one chat",
		kills, len(want.count), sum(missing), again)
}

// sum adds up a map's counts.
func sum(m map[string]int) (n int) {
	for _, v := range m {
		n += v
	}
	return n
}

// fileSize is the size of the file at path, 0 when there is none.
func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// duplicates checks the promise of the sender: after a kill, at most one
// message per chat goes out again (the one in flight). runs are the
// offsets in the delivered log where each run began; a message delivered
// again is one whose Key an earlier run delivered. It fails the test for a
// run that sent a chat two such messages, and returns how many there were
// in all.
func duplicates(t *testing.T, dir string, runs []int64) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "delivered.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	total := 0
	for i, start := range runs {
		end := int64(len(data))
		if i+1 < len(runs) {
			end = runs[i+1]
		}
		again := map[string]int{}
		for _, line := range strings.Split(string(data[start:end]), "\n") {
			var d console.Delivery
			if json.Unmarshal([]byte(line), &d) != nil {
				continue // a line cut short by a kill
			}
			if seen[d.Key] {
				again[d.To]++
				total++
			}
			seen[d.Key] = true
		}
		for to, n := range again {
			if n > 1 {
				t.Errorf("run %d sent %s %d messages again; want at most one per chat", i+1, to, n)
			}
		}
	}
	return total
}

// buildUmpire builds the command into a temporary directory.
func buildUmpire(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "umpire")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runUmpire runs umpire on dir/umpire.db with the script on its input.
// With a delay it kills the process after it and reports whether it did
// (the run may have ended first); without, it waits for the end.
func runUmpire(t *testing.T, bin, dir, script string, kill time.Duration) bool {
	t.Helper()
	cmd := exec.Command(bin, "serve", "-session", "crash", "-delivered", filepath.Join(dir, "delivered.jsonl"))
	cmd.Env = append(os.Environ(), "UMPIRE_DB="+filepath.Join(dir, "umpire.db"), "UMPIRE_LOG=error", "LANG=")
	cmd.Stdin = strings.NewReader(script)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if kill == 0 {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("umpire: %v\n%s", err, stderr.String())
		}
		return false
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("umpire: %v\n%s", err, stderr.String())
		}
		return false
	case <-time.After(kill):
		cmd.Process.Kill()
		<-done
		return true
	}
}

// crashScript is a session of games of several variants, as console lines:
// made and joined in a group chat, moves in private, tries that fail,
// attempt lists, secret choices, resignations and a mate.
func crashScript() string {
	var b strings.Builder
	game := 0
	play := func(variant string, lines ...string) {
		if _, ok := referee.Lookup(variant); !ok {
			return
		}
		game++
		fmt.Fprintf(&b, "ann@club> new %s\nann@club> join #%d white\nbob@club> join #%d black\n", variant, game, game)
		for _, l := range lines {
			who, text, _ := strings.Cut(l, " ")
			fmt.Fprintf(&b, "%s> #%d %s\n", who, game, text)
		}
	}
	play("chess", "ann e4", "bob e5", "bob Nc6", "ann Bc4", "bob Nc6", "ann Qh5", "bob Nf6", "ann Qxf7")
	play("korona", "ann e4", "ann crown king", "bob crown dame", "ann e4", "bob e5", "ann Dе2", "ann De2", "bob d6", "ann draw", "bob decline", "ann Nf3", "bob resign")
	play("kriegspiel", "ann e4", "bob e5", "ann Ke2", "ann e4e5, Nf3", "bob any?", "bob Nc6", "ann Bb5", "bob a6", "ann Bxc6", "bob dxc6", "ann resign")
	play("dark", "ann e4", "bob d5", "ann exd5", "bob Qxd5", "ann Nc3", "bob Qe5", "ann Qe2", "bob Qxe2", "ann Bxe2", "bob resign")
	play("progressive", "ann e4", "ann grow a2 N", "ann e4", "bob grow h7 B", "bob e5", "ann d4", "bob exd4", "ann resign")
	fmt.Fprintf(&b, "ann> games\nbob> board #1\ncid> help\ncid> watch #1\n")
	return b.String()
}

// compareLogs checks that every game of two databases has the same log,
// salts aside (they are drawn anew in every run).
func compareLogs(t *testing.T, want, got string) {
	t.Helper()
	a, b := gameLogs(t, want), gameLogs(t, got)
	if len(a) == 0 {
		t.Fatal("no games in the run that was not killed")
	}
	for id, log := range a {
		if strings.Join(b[id], "\n") != strings.Join(log, "\n") {
			t.Errorf("game %d log after the kills:\n%s\nwant:\n%s", id, strings.Join(b[id], "\n"), strings.Join(log, "\n"))
		}
	}
	if len(b) != len(a) {
		t.Errorf("%d games after the kills; want %d", len(b), len(a))
	}
}

// gameLogs reads every game's log as "seat text" lines.
func gameLogs(t *testing.T, path string) map[uint64][]string {
	t.Helper()
	db, err := store.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := map[uint64][]string{}
	for id := uint64(1); ; id++ {
		g, err := db.Game(id)
		if err != nil {
			return out
		}
		out[id] = []string{string(g.State) + " " + g.Result}
		for _, a := range g.Log {
			out[id] = append(out[id], fmt.Sprintf("%s %s", a.Seat, a.Text))
		}
	}
}

// hexRun matches the hashes and salts that differ from run to run.
var hexRun = regexp.MustCompile(`[0-9a-f]{32,}`)

// A delivery is a message as the test compares them: its recipient and its
// text, hashes and salts aside.
type delivery struct{ to, text string }

// delivered is what a run delivered: how often each message, and for each
// chat how many answers the outbox replaced by a later one like them.
// After a kill, answers to a chat may wait while the restarted bot reads
// the next lines, and a waiting refusal gives way to a later one that says
// how many it replaces (store.Outgoing.Extra): such a message may be
// missing, as long as a later message to the same chat counts it.
type delivered struct {
	count    map[delivery]int
	replaced map[string]int
}

// replaces is the English "more-like-it" line at the end of a message.
var replaces = regexp.MustCompile(`\n\(Earlier answers like this one that I had not sent yet, replaced by it: (\d+)\.\)$`)

// deliveries reads what a run delivered.
func deliveries(t *testing.T, dir string) delivered {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "delivered.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := delivered{map[delivery]int{}, map[string]int{}}
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var d console.Delivery
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			continue // a line cut short by a kill
		}
		if seen[d.Key] {
			continue // sent again after a kill: the transport could tell
		}
		seen[d.Key] = true
		if m := replaces.FindStringSubmatch(d.Text); m != nil {
			n, _ := strconv.Atoi(m[1])
			out.replaced[d.To] += n
		}
		text := replaces.ReplaceAllString(d.Text, "")
		out.count[delivery{d.To, hexRun.ReplaceAllString(text, "…")}]++
	}
	return out
}
