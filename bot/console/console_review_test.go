package console

import (
	"context"
	"os"
	"strings"
	"testing"

	"umpire/bot"
	"umpire/store"
)

// TestSendLongName: a player may take any name of letters (`:as`, or
// "NAME> TEXT"); a long one must not make the picture's file name longer
// than a file system allows, or every picture for that player fails and
// its messages are retried until they are dropped. Two long names that
// differ only at their ends still get files of their own.
func TestSendLongName(t *testing.T) {
	dir := t.TempDir()
	c := New(Options{Pictures: dir})
	names := []string{strings.Repeat("é", 200) + "a", strings.Repeat("é", 200) + "b", strings.Repeat("x", 300)}
	seen := map[string]bool{}
	for _, name := range names {
		for _, game := range []uint64{0, 7} {
			m := bot.Message{To: store.Address{Transport: Name, ID: name}, Text: "Your move.", Image: []byte(name),
				Game: game, Key: "0123456789abcdef0123456789abcdef"}
			if err := c.Send(context.Background(), m); err != nil {
				t.Fatalf("Send to a name of %d bytes: %v", len(name), err)
			}
		}
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if len(f.Name()) > 255 {
			t.Errorf("file name of %d bytes", len(f.Name()))
		}
		seen[f.Name()] = true
	}
	if len(seen) != 2*len(names) {
		t.Errorf("%d picture files for %d messages: %v", len(seen), 2*len(names), seen)
	}
}
