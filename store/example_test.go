package store_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"umpire/referee"
	"umpire/store"
)

// ExampleDB_Apply shows the one write path for a game. Apply runs a closure
// on the game in one write transaction: the actions it appends to g.Log and
// the outbox rows it returns are written together with the inbound id, or
// not at all. The same inbound id a second time (a message delivered twice)
// finds it seen and changes nothing.
func ExampleDB_Apply() {
	dir, err := os.MkdirTemp("", "umpire-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(filepath.Join(dir, "umpire.db"), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	// Game id 0: Apply makes a new game for the closure to fill.
	var id uint64
	_, err = db.Apply(0, "", func(g *store.Game) ([]store.Outgoing, error) {
		id = g.ID
		g.Variant = "chess"
		g.State = store.StatePlaying
		return nil, nil
	})
	if err != nil {
		log.Fatal(err)
	}

	// White's 1.e4 as inbound message "test:1" brings it: the action the
	// referee accepted, for the log, and a row to tell Black.
	move := func(g *store.Game) ([]store.Outgoing, error) {
		g.Log = append(g.Log, referee.Action{Seat: referee.White, Text: "e4"})
		return []store.Outgoing{{
			Ply:  len(g.Log),
			To:   store.Address{Transport: "test", ID: "bob"},
			Seat: referee.Black,
			Kind: "view",
		}}, nil
	}
	for range 2 { // the second time, "test:1" is seen
		applied, err := db.Apply(id, "test:1", move)
		fmt.Println("applied:", applied, err)
	}

	g, err := db.Game(id)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("log length:", len(g.Log))
	rows, err := db.Pending(time.Now(), 0)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rows {
		fmt.Printf("outbox row %d: game %d ply %d to %s as %s (%s)\n", r.Seq, r.Game, r.Ply, r.To, r.Seat, r.Kind)
	}
	// Output:
	// applied: true <nil>
	// applied: false <nil>
	// log length: 1
	// outbox row 1: game 1 ply 1 to test:bob as black (view)
}
