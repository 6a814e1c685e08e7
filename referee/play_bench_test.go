package referee

import "testing"

// BenchmarkPlayLog plays a random game's log (40 moves among many failed
// and refused tries, as TestSANReadsBack makes them) from the start: the
// cost of a replay, which includes naming each accepted move in SAN for
// the score sheets (journal.addMove). Measured on 2 loaded cores: chess
// 7.1 ms a log without the naming, 8.2 ms with it.
func BenchmarkPlayLog(b *testing.B) {
	for _, key := range []string{"chess", "korona", "kriegspiel"} {
		v, _ := Lookup(key)
		log := randomLog(b, v, 1)
		b.Run(key, func(b *testing.B) {
			for b.Loop() {
				g, _ := v.New(Options{})
				for _, a := range log {
					g.Play(a)
				}
			}
		})
	}
}
