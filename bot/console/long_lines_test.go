package console

import (
	"bufio"
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"umpire/bot/wire"
)

// TestSendLongName: a player may take any name of letters (`:as`, or
// "NAME> TEXT"); a long one must not make the picture's file name longer
// than a file system allows, or every picture for that player fails and
// its messages are retried until they are dropped. Two long names that
// differ only at their ends still get files of their own.
func TestSendLongName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c := New(Options{Pictures: dir})
	names := []string{strings.Repeat("é", 200) + "a", strings.Repeat("é", 200) + "b", strings.Repeat("x", 300)}
	seen := map[string]bool{}
	for _, name := range names {
		for _, game := range []uint64{0, 7} {
			m := wire.Message{To: wire.Address{Transport: Name, ID: name}, Text: "Your move.", Image: []byte(name),
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

// TestReceiveLongLine: a line too long to read (over 1 MiB) is skipped
// with a word on the output; the lines after it are read as before. The
// console used to stop reading there, as at the end of its input, and
// drop the rest of a script without a word.
func TestReceiveLongLine(t *testing.T) {
	t.Parallel()
	input := "help\n" + strings.Repeat("e4,", 1<<20) + "\ngames\n" + strings.Repeat("x", 3<<20)
	var out strings.Builder
	c := New(Options{In: strings.NewReader(input), Out: &out, Session: "s"})
	var got []string
	err := c.Receive(context.Background(), wire.HandlerFunc(func(ctx context.Context, in wire.Inbound) error {
		got = append(got, in.Text)
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"help", "games"}; !slices.Equal(got, want) {
		t.Errorf("handled %q; want %q", got, want)
	}
	if n := strings.Count(out.String(), "too long"); n != 2 {
		t.Errorf("output says %d times that a line is too long; want 2:\n%.300s", n, out.String())
	}
}

// TestReadLine: lines as bufio.ScanLines splits them (a final line without
// an ending, "\r\n" endings), up to maxLine bytes.
func TestReadLine(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("y", maxLine)
	input := "a\r\n\nb\n" + long + "\n" + long + "z\r\nc"
	r := bufio.NewReaderSize(strings.NewReader(input), 16)
	var got []string
	for {
		line, err := readLine(r)
		if errors.Is(err, errLineTooLong) {
			got = append(got, "TOO LONG")
			continue
		}
		if line != "" || err == nil {
			got = append(got, line)
		}
		if err != nil {
			break
		}
	}
	want := []string{"a", "", "b", long, "TOO LONG", "c"}
	if !slices.Equal(got, want) {
		t.Errorf("lines %.60q; want %.60q", got, want)
	}
}
