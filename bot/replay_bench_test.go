package bot_test

import (
	"math/rand/v2"
	"testing"

	"umpire/bot"
	"umpire/referee"
)

// BenchmarkReplayGame80 makes the fog replay the end of a game sends, with
// render, for a Kriegspiel game of 80 plies (random moves, failed tries
// among them): every seat's view and the god's, the words each heard.
// It reports the GIF's size (bytes/gif) and what was allocated while it
// was made (B/op). Targets: under 500 KB and under 20 MB allocated.
func BenchmarkReplayGame80(b *testing.B) {
	w := newWorld(b)
	bt, err := bot.New(bot.Config{DB: w.db, Now: w.clock, Picture: fakePicture})
	if err != nil {
		b.Fatal(err)
	}
	w.bot, w.send = bt, bt.Sender(w.tr)
	v, _ := referee.Lookup("kriegspiel")
	id := w.startGame(v, "club")
	w.playOut(id, rand.New(rand.NewPCG(8, 8)), 80)
	if _, rg := w.replay(id); rg.View(referee.God).Ply < 80 {
		b.Fatalf("the game ended after %d plies; want 80", rg.View(referee.God).Ply)
	}
	var n int
	b.ReportAllocs()
	for b.Loop() {
		gif, err := bt.Replay(id, "en")
		if err != nil {
			b.Fatal(err)
		}
		n = len(gif)
	}
	b.ReportMetric(float64(n), "bytes/gif")
}
