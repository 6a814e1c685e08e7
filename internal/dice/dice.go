// Package dice makes the umpire's secrets from a source of randomness: the
// join tokens of seats, the salts that seal secret choices, the tokens of
// confirmations, and the order in which seekers take their seats. It
// imports nothing of ours.
package dice

import (
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
)

// Dice reads its randomness from R (crypto/rand in service, a seeded
// source in tests). Safe for concurrent use when R is.
type Dice struct{ R io.Reader }

// Hex returns n random bytes in hex.
func (d Dice) Hex(n int) (string, error) {
	buf := make([]byte, n)
	if _, err := io.ReadFull(d.R, buf); err != nil {
		return "", fmt.Errorf("dice: %w", err)
	}
	return hex.EncodeToString(buf), nil
}

// Token makes a seat's join token: the game's number and a random part,
// in the characters a Telegram deep link allows ("12-0123456789abcdef").
func (d Dice) Token(game uint64) (string, error) {
	r, err := d.Hex(8)
	if err != nil {
		return "", err
	}
	return strconv.FormatUint(game, 10) + "-" + r, nil
}

// Salt makes the salt that seals a secret choice: 32 random bytes.
func (d Dice) Salt() (string, error) { return d.Hex(32) }

// Shuffled is 0…n-1 in a random order (Fisher–Yates, one byte a draw: n
// stays small, a game's seats).
func (d Dice) Shuffled(n int) ([]int, error) {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	var b [1]byte
	for i := n - 1; i > 0; i-- {
		if _, err := io.ReadFull(d.R, b[:]); err != nil {
			return nil, fmt.Errorf("dice: %w", err)
		}
		j := int(b[0]) % (i + 1)
		order[i], order[j] = order[j], order[i]
	}
	return order, nil
}
