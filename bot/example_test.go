package bot_test

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"umpire/bot"
	"umpire/bot/bottest"
	"umpire/bot/post"
	"umpire/store"
)

// Example shows the whole bot on the in-memory transport: a transport hands
// each message to Bot.Handle, which writes the game and the outbox rows
// through the store; the transport's Sender then makes the rows into
// messages and sends them. Alice makes a chess game with Bob in her private
// chat, Bob accepts the invitation as it tells him to, and Alice plays 1.e4.
//
// A fixed clock and a fixed random source (for join tokens and salts) keep
// the messages the same on every run; post.NoPictures sends no pictures.
func Example() {
	dir, err := os.MkdirTemp("", "umpire-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	now := func() time.Time { return time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) }
	db, err := store.Open(filepath.Join(dir, "umpire.db"), &store.Options{Now: now})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	b, err := bot.New(bot.Config{DB: db, Now: now, Rand: rand.NewChaCha8([32]byte{}), Picture: post.NoPictures})
	if err != nil {
		log.Fatal(err)
	}

	tr := bottest.New("test")
	send := b.Sender(tr)
	say := func(who, text string) { // a private message, handled, then what it queued sent
		ctx := context.Background()
		if err := b.Handle(ctx, tr.Private(who, text)); err != nil {
			log.Fatal(err)
		}
		if _, err := send.Flush(ctx); err != nil {
			log.Fatal(err)
		}
	}

	say("alice", "new chess with bob")
	_, accept, _ := strings.Cut(tr.Last("bob").Text, "write: ") // "… To accept, write: join 1-…"
	accept, _, _ = strings.Cut(accept, "\n")
	say("bob", accept)
	say("alice", "e4")

	for _, who := range []string{"alice", "bob"} {
		first, _, _ := strings.Cut(tr.Last(who).Text, "\n")
		fmt.Printf("%s: %s\n", who, first)
	}
	// Output:
	// alice: Move 1, Black to move. Game #1 (chess), you play White.
	// bob: Move 1, your turn. Game #1 (chess), you play Black.
}
