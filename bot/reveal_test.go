package bot_test

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"testing"

	"umpire/referee"
)

// The reveal opens every sealed note with its salt, exactly as the referee
// sealed it: anyone can check it against the commitment sent at the time.
func TestRevealNotesVerify(t *testing.T) {
	w := newWorld(t)
	w.say("alice", "new korona white")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("alice", "crown dame")
	commitment := regexp.MustCompile(`White sealed note 1: ([0-9a-f]{64})`).FindStringSubmatch(w.last("bob"))
	if commitment == nil {
		t.Fatalf("bob heard no commitment: %q", w.last("bob"))
	}
	w.say("bob", "crown king")
	w.say("alice", "resign")
	reveal := w.last("bob")
	note := regexp.MustCompile(`White.*note 1.*?: (\S+).*salt (\S+)`).FindStringSubmatch(reveal)
	if note == nil {
		t.Fatalf("the reveal opens no note of White's:\n%s", reveal)
	}
	secret, salt := strings.Trim(note[1], ",."), strings.Trim(note[2], ",.)")
	sum := sha256.Sum256([]byte(secret + ":" + salt))
	if secret != "dame" || hex.EncodeToString(sum[:]) != commitment[1] {
		t.Errorf("note 1 opens as %q with salt %q; it does not verify against %s\n%s", secret, salt, commitment[1], reveal)
	}
}

// An impossible secret action gets the reason, which rests on the seat's
// own men only.
func TestImpossibleSaysWhy(t *testing.T) {
	w := newWorld(t)
	w.say("alice", "new korona2 white")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("alice", "crown king")
	w.say("bob", "crown king")
	w.say("alice", "X@e4")
	w.contains("alice", "impossible.\nStones may be placed only after one of your monarchs has fallen.")
}
