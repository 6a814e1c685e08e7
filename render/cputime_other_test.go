//go:build !unix

package render

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
