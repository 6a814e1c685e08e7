//go:build unix

package bot_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the test process has used so far; on a
// shared machine it tells the cost of a benchmark better than the clock.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
