package bot_test

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"testing"

	"umpire/referee"
)

// The reveal opens every sealed note with its salt and the hash it was
// sealed under when it was made, exactly as the referee sealed it: anyone
// can check the one against the other.
func TestRevealNotesVerify(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new korona white")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("alice", "crown dame")
	g, _ := w.replay(1)
	v, _ := referee.Lookup(g.Variant)
	rg, _ := v.New(g.Options)
	commitment := rg.Play(g.Log[0]).Said[0].Str("hash")
	w.say("bob", "crown king")
	w.say("alice", "resign")
	reveal := w.last("bob")
	note := regexp.MustCompile(`White, sealed choice 1: \S+ \(sealed text (\S+), salt (\S+), seal ([0-9a-f]{64})\)`).FindStringSubmatch(reveal)
	if note == nil {
		t.Fatalf("the reveal opens no note of White's:\n%s", reveal)
	}
	secret, salt, hash := note[1], note[2], note[3]
	sum := sha256.Sum256([]byte(secret + ":" + salt))
	if secret != "dame" || hex.EncodeToString(sum[:]) != hash || hash != commitment {
		t.Errorf("note 1 opens as %q with salt %q under %s; it does not verify against %s\n%s", secret, salt, hash, commitment, reveal)
	}
}

// An impossible secret action gets the reason, which rests on the seat's
// own men only.
func TestImpossibleSaysWhy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new korona2 white")
	w.say("bob", "join "+w.token(1, referee.Black))
	w.say("alice", "crown king")
	w.say("bob", "crown king")
	w.say("alice", "X@e4")
	w.contains("alice", "impossible.\nStones may be placed only after one of your monarchs has fallen.")
}
