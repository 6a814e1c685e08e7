//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Used is the processor time this process has used so far (user and
// system), and whether the system could tell.
func Used() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
