package console

import (
	"crypto/rand"
	"encoding/hex"
)

// randomSuffix makes a run's session name unique.
func randomSuffix() string {
	b := make([]byte, 4)
	rand.Read(b)
	return "-" + hex.EncodeToString(b)
}
