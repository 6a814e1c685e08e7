//go:build unix

package referee

import "syscall"

// processCPU is the processor time (user and system) this process has
// used so far, in nanoseconds; ok is false where it cannot be read.
func processCPU() (ns int64, ok bool) {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0, false
	}
	return u.Utime.Nano() + u.Stime.Nano(), true
}
