package email

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func BenchmarkReadMail(b *testing.B) {
	for _, name := range []string{"plain.eml", "top-posted.eml", "html-only.eml", "koi8r.eml", "alternative.eml"} {
		raw, err := os.ReadFile(filepath.Join("testdata", "mail", name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, err := ReadMail(bytes.NewReader(raw)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("5MB", func(b *testing.B) {
		raw := bigMail(b)
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if _, err := ReadMail(bytes.NewReader(raw)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkCompose(b *testing.B) {
	l := goldenLetter()
	l.msg.Image = bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 2048) // the size of a board picture
	for b.Loop() {
		if _, err := compose(l); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGameByMail plays fool's mate in Kriegspiel by mail, through
// the in-process IMAP and SMTP servers and the real bot with pictures:
// from the invitation to checkmate, each move a reply read over IMAP
// (IDLE) and answered over SMTP. It reports the time from a move's mail
// to both players' answers.
func BenchmarkGameByMail(b *testing.B) {
	tb := newTable(b, nil)
	var moves, games int
	var moveTime time.Duration
	for b.Loop() {
		games++
		w, k := fmt.Sprintf("w%d@example.org", games), fmt.Sprintf("b%d@example.com", games)
		white, black := tb.startBetween(b, w, k)
		for i, mv := range []string{"f3", "e5", "g4", "Qh4#"} {
			start := time.Now()
			if i%2 == 0 {
				tb.reply(b, w, white, mv)
			} else {
				tb.reply(b, k, black, mv)
			}
			white, black = tb.next(b, w), tb.next(b, k)
			moveTime += time.Since(start)
			moves++
		}
	}
	b.ReportMetric(float64(moveTime.Milliseconds())/float64(moves), "ms/move")
}
