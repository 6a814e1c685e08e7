package console

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"umpire/bot/wire"
)

func TestLines(t *testing.T) {
	t.Parallel()
	c := New(Options{Session: "s", Lang: "ru"})
	tests := []struct {
		line string
		want wire.Inbound
	}{
		{"help", wire.Inbound{From: "me", Chat: "me", Text: "help", Private: true}},
		{":as ann", wire.Inbound{}},
		{"e4", wire.Inbound{From: "ann", Chat: "ann", Text: "e4", Private: true}},
		{":in club", wire.Inbound{}},
		{"new chess", wire.Inbound{From: "ann", Chat: "@club", Text: "new chess"}},
		{"bob> e5", wire.Inbound{From: "bob", Chat: "bob", Text: "e5", Private: true}},
		{"bob@hall> join #1", wire.Inbound{From: "bob", Chat: "@hall", Text: "join #1"}},
		{":private", wire.Inbound{}},
		{"Nf3", wire.Inbound{From: "ann", Chat: "ann", Text: "Nf3", Private: true}},
	}
	for i, tt := range tests {
		in, quit := c.inbound(tt.line, i+1)
		if quit {
			t.Fatalf("%q quits", tt.line)
		}
		if tt.want.Text == "" {
			if in.Text != "" {
				t.Errorf("%q is a message: %+v", tt.line, in)
			}
			continue
		}
		tt.want.Transport, tt.want.Name, tt.want.Lang = Name, tt.want.From, "ru"
		tt.want.ID = "s:" + string(rune('0'+i+1))
		if in != tt.want {
			t.Errorf("line %q = %+v; want %+v", tt.line, in, tt.want)
		}
	}
	if _, quit := c.inbound(":quit", 99); !quit {
		t.Error(":quit does not quit")
	}
}

func TestSend(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var out strings.Builder
	c := New(Options{Out: &out, Pictures: filepath.Join(dir, "pics"), Delivered: filepath.Join(dir, "d.jsonl")})
	defer c.Close()
	m := wire.Message{To: wire.Address{Transport: Name, ID: "ann"}, Text: "Your move.", Board: "8 . .", Image: []byte("png"),
		Game: 3, Seat: "white", Key: "k1", Buttons: []wire.Button{{Label: "white", Command: "join #3 white"}}}
	if err := c.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	pic := filepath.Join(dir, "pics", "game3-ann-k1.png")
	for _, want := range []string{"── to ann ──\nYour move.\n", "8 . .", "picture: " + pic, "[white] → join #3 white"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output %q lacks %q", out.String(), want)
		}
	}
	if b, err := os.ReadFile(pic); err != nil || string(b) != "png" {
		t.Errorf("picture file: %q, %v", b, err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "d.jsonl"))
	var d Delivery
	if err := json.Unmarshal(b, &d); err != nil || d.To != "ann" || d.Key != "k1" || d.Picture != pic {
		t.Errorf("delivered %s: %+v, %v", b, d, err)
	}
}

// The files a message carries (a game's PGN, its replay) are the owner's
// alone, as the pictures are: 0600 in a 0700 folder.
func TestFilesPrivate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var out strings.Builder
	c := New(Options{Out: &out, Pictures: filepath.Join(dir, "pics")})
	defer c.Close()
	m := wire.Message{To: wire.Address{Transport: Name, ID: "ann"}, Text: "The end.", Image: []byte("png"), Game: 3, Key: "k2",
		Files: []wire.File{{Name: "game3.pgn", Data: []byte("[Event \"x\"]")}}}
	if err := c.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "pics"))
	if err != nil || len(entries) != 2 {
		t.Fatalf("pictures folder: %v, %v", entries, err)
	}
	for _, e := range entries {
		fi, _ := e.Info()
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v; want 0600", e.Name(), fi.Mode().Perm())
		}
	}
	if fi, _ := os.Stat(filepath.Join(dir, "pics")); fi.Mode().Perm() != 0o700 {
		t.Errorf("pictures folder: mode %v; want 0700", fi.Mode().Perm())
	}
}
