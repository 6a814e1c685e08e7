//go:build !unix

package telegram

import "time"

// cpuTime is unknown here: the benchmarks report 0 processor time.
func cpuTime() time.Duration { return 0 }
