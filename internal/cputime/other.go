//go:build !unix

package cputime

import "time"

// Used reports that the processor time is not known here.
func Used() (time.Duration, bool) { return 0, false }
