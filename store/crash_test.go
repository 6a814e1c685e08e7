package store

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// The crash test plays games in a child process, kills it with SIGKILL at a
// random moment, restarts it, many times over. The child plays as a
// transport that redelivers its last message after a restart. Afterwards
// every move the child was told was applied is in the log, once, in order,
// with its outbox row and its inbound id.

const (
	crashEnv    = "STORE_CRASH_DB" // set in the child: the database path
	crashGames  = 4
	crashRounds = 25
)

func TestCrash(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts child processes")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	db := openFile(t, path)
	for range crashGames {
		newGame(t, db)
	}
	db.Close()

	confirmed := map[uint64]int{} // game → highest move the child saw applied
	for round := range crashRounds {
		crashOnce(t, path, 1+rand.IntN(60), confirmed)
		if t.Failed() {
			t.Fatalf("round %d", round)
		}
	}
	checkCrashed(t, openFile(t, path), confirmed)
}

// crashOnce starts the child, reads lines lines of its report, kills it,
// and notes the moves it confirmed.
func crashOnce(t *testing.T, path string, lines int, confirmed map[uint64]int) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	for i := 0; i < lines && sc.Scan(); i++ {
		var game uint64
		var n int
		if _, err := fmt.Sscanf(sc.Text(), "applied %d %d", &game, &n); err != nil {
			t.Errorf("child: %s", sc.Text())
			break
		}
		confirmed[game] = max(confirmed[game], n)
	}
	cmd.Process.Kill()
	cmd.Wait()
}

// checkCrashed checks the logs, rows and seen ids after the crashes.
func checkCrashed(t *testing.T, db *DB, confirmed map[uint64]int) {
	total := 0
	for id := uint64(1); id <= crashGames; id++ {
		g, err := db.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Log) < confirmed[id] {
			t.Errorf("game %d: %d moves logged; the child saw %d applied", id, len(g.Log), confirmed[id])
		}
		for i, a := range g.Log {
			if want := "m" + strconv.Itoa(i+1); a.Text != want {
				t.Fatalf("game %d: move %d is %q; want %q", id, i+1, a.Text, want)
			}
		}
		total += len(g.Log)
	}
	checkConsistent(t, db)
	t.Logf("%d moves survived %d kills", total, crashRounds)
}

// TestCrashChild is the child: it plays moves in every game at once until
// it is killed, reporting each move applied on stdout.
func TestCrashChild(t *testing.T) {
	t.Parallel()
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("run by TestCrash")
	}
	db, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex // one report line at a time
	var wg sync.WaitGroup
	for id := uint64(1); id <= crashGames; id++ {
		wg.Go(func() {
			for {
				n, err := playNext(db, id)
				mu.Lock()
				if err != nil {
					fmt.Printf("game %d: %v\n", id, err)
					os.Exit(1)
				}
				fmt.Printf("applied %d %d\n", id, n)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
}

// playNext redelivers the last move of a game, which must change nothing,
// then plays the next one and returns its number.
func playNext(db *DB, id uint64) (int, error) {
	g, err := db.Game(id)
	if err != nil {
		return 0, err
	}
	n := len(g.Log)
	if n > 0 {
		if applied, err := db.Apply(id, inboundID(id, n), crashMove(n)); applied || err != nil {
			return 0, fmt.Errorf("redelivered move %d: applied %v, %v", n, applied, err)
		}
	}
	if _, err := db.Apply(id, inboundID(id, n+1), crashMove(n+1)); err != nil {
		return 0, err
	}
	return n + 1, nil
}

func inboundID(game uint64, n int) string { return fmt.Sprintf("crash:%d:%d", game, n) }

// crashMove appends move n, checking that it is the log's next.
func crashMove(n int) func(g *Game) ([]Outgoing, error) {
	return func(g *Game) ([]Outgoing, error) {
		if len(g.Log) != n-1 {
			return nil, fmt.Errorf("move %d after %d moves", n, len(g.Log))
		}
		return move("white", "m"+strconv.Itoa(n))(g)
	}
}
