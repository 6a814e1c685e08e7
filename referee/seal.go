package referee

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"umpire/referee/board"
)

// Sealed notes (rules/korona.md 2.4) are the secrets of korona, korona2 and
// progressive chess: a crown, a placement with a mined stone, a growing pawn
// and its piece. A note is committed the moment it is chosen — all seats hear
// `commitment` with the SHA-256 of "SECRET:SALT" — and opened later with
// `reveal`, giving secret and salt, so that anyone can check that the umpire
// kept to what was chosen.
//
// The salt comes from outside the referee, which has no randomness: either
// at the end of the action text (` salt=HEX`) or in Action.Salt. The bot
// draws 32 random bytes for every action; `umpire referee` does so for
// script lines that give none.

// ReasonSecretFirst refuses a move while the seat owes a secret choice: the
// crowns of korona before the first move, a growing pawn in progressive
// chess. The phrase is safe to show: it names the seat's own duty only.
const ReasonSecretFirst = "secret-first"

// ReasonSecretAwaited refuses a move while the seat's own secret choice is
// made and another seat's is not (a crown not sealed yet): nothing moves
// until every seat has chosen. Whether a seat has chosen is public (its
// commitment is announced to all).
const ReasonSecretAwaited = "secret-awaited"

// IsSecret reports whether an action text is a secret choice in some
// variant: a crown (in any language the referee reads), a growing pawn or a
// stone placement. Such an action is sealed with the salt that comes with
// it, so its sender needs one (Action.Salt) and should make it in private.
func IsSecret(text string) bool {
	t := strings.TrimSpace(text)
	verb, _, _ := strings.Cut(t, " ")
	return isCrownAction(t) || strings.EqualFold(verb, "grow") || strings.Contains(t, "@")
}

// maxSaltBytes bounds a salt: 1 to 64 bytes, written in lower-case hex.
const maxSaltBytes = 64

// errNoSalt is returned by splitSalt when a secret action carries no salt
// and none came with it.
var errNoSalt = errors.New("a secret action needs a salt")

// splitSalt takes the salt off a secret action: the text without a final
// ` salt=HEX` field, and the salt, which is the field's value or, without
// one, given (Action.Salt). A salt is 1 to 64 bytes in lower-case hex.
func splitSalt(text, given string) (body, salt string, err error) {
	body = strings.TrimSpace(text)
	if i := strings.LastIndex(body, "salt="); i >= 0 && (i == 0 || body[i-1] == ' ' || body[i-1] == '\t') {
		body, given = strings.TrimSpace(body[:i]), strings.TrimSpace(body[i+len("salt="):])
		if given == "" {
			return "", "", errNoSalt
		}
	}
	if given == "" {
		return "", "", errNoSalt
	}
	if !validSalt(given) {
		return "", "", fmt.Errorf("salt %q: want 1 to %d bytes in lower-case hex", given, maxSaltBytes)
	}
	return body, given, nil
}

// validSalt reports whether s is 1 to 64 bytes written in lower-case hex.
func validSalt(s string) bool {
	if len(s) < 2 || len(s) > 2*maxSaltBytes || len(s)%2 != 0 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// sealHash is the commitment to a secret: lower-case hex SHA-256 of the
// ASCII text "SECRET:SALT", the salt as written.
func sealHash(secret, salt string) string {
	sum := sha256.Sum256([]byte(secret + ":" + salt))
	return hex.EncodeToString(sum[:])
}

// note is one sealed note.
type sealNote struct {
	seat   Seat
	n      int    // the seat's own count of its notes, from 1
	kind   string // what the note holds: "crown", "stones" or "grow"
	secret string
	salt   string
	hash   string
	opened bool
}

// sealBook holds the sealed notes of a game in the order they were made.
// Indexes into the list stay valid for the whole game.
type sealBook struct{ list []sealNote }

// seal commits a seat to a secret. It returns the note's index and the
// `commitment` announcement for all seats.
func (ns *sealBook) seal(s Seat, kind, secret, salt string) (int, Announcement) {
	n := 1
	for _, x := range ns.list {
		if x.seat == s {
			n++
		}
	}
	h := sealHash(secret, salt)
	ns.list = append(ns.list, sealNote{seat: s, n: n, kind: kind, secret: secret, salt: salt, hash: h})
	return len(ns.list) - 1, Say("commitment", Both(), "seat", string(s), "note", n, "hash", h)
}

// verify checks every note against its commitment. A note that does not
// verify means the umpire's memory is corrupt: Play refuses every action
// (ReasonBadReveal) before it could open such a note, so a bad reveal is
// never published.
func (ns *sealBook) verify() error {
	for _, x := range ns.list {
		if sealHash(x.secret, x.salt) != x.hash {
			return fmt.Errorf("note %d of %s does not match its commitment", x.n, x.seat)
		}
	}
	return nil
}

// seated is the army of the seat of an action in a game that seals notes
// (Korona, progressive chess), or the refusal that comes before any rule
// of the variant: no seat (ReasonNotSeated), or a note that fails its
// commitment (ReasonBadReveal, see verify).
func (ns *sealBook) seated(a Action) (board.Army, *Ruling) {
	us, ok := armyOf(a.Seat)
	if !ok {
		r := Refuse(ReasonNotSeated)
		return us, &r
	}
	if ns.verify() != nil {
		r := Refuse(ReasonBadReveal)
		return us, &r
	}
	return us, nil
}

// open opens note i and returns its `reveal` for all seats; nothing when
// it was opened before (each note is opened at most once).
func (ns *sealBook) open(i int) []Announcement {
	if i < 0 || i >= len(ns.list) || ns.list[i].opened {
		return nil
	}
	x := &ns.list[i]
	x.opened = true
	return []Announcement{Say("reveal", Both(), "seat", string(x.seat), "note", x.n, "secret", x.secret, "salt", x.salt)}
}

// isOpen reports whether note i has been opened; false for no note (-1).
func (ns *sealBook) isOpen(i int) bool { return i >= 0 && i < len(ns.list) && ns.list[i].opened }

// sealed lists the indexes of the notes still sealed, white's before
// black's, each seat's in its own order: the order they are opened when the
// game ends.
func (ns *sealBook) sealed() []int {
	var out []int
	for _, s := range TwoSeats {
		for i, x := range ns.list {
			if x.seat == s && !x.opened {
				out = append(out, i)
			}
		}
	}
	return out
}
