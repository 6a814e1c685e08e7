//go:build !unix

package bot_test

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
