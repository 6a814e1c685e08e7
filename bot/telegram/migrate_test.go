package telegram

import (
	"strconv"
	"strings"
	"testing"

	"umpire/store"
)

// TestGroupBecomesSupergroupMidGame: a Kriegspiel game made in a group is
// under way when the group becomes a supergroup. The game follows it: its
// chat in the store is the supergroup's, the group's news and the end go
// there and nothing more to the dead group, a resignation written in the
// supergroup is taken as in the game's own chat, and a new game made there
// speaks the group's language.
func TestGroupBecomesSupergroupMidGame(t *testing.T) {
	t.Parallel()
	const super int64 = -1004001
	g := newGame(t)
	id := g.newInGroup("kriegspiel")
	g.play("e4", "e5", "Nf3")
	g.step(g.srv.Migrate(club, super))
	if chat := g.stored(id).Chat; chat != (store.Address{Transport: Name, ID: strconv.FormatInt(super, 10)}) {
		t.Fatalf("the game's chat after the migration = %v; want the supergroup", chat)
	}
	before := len(g.srv.To(club))
	g.step(g.srv.Private(bob, "Nc6"))
	if len(g.srv.To(super)) == 0 {
		t.Fatalf("the game's news after the migration did not reach the supergroup")
	}
	g.step(g.srv.Group(super, ann, "/resign@umpire_test_bot"))
	if sg := g.stored(id); sg.State != store.StateOver {
		t.Fatalf("game is %s after Ann resigned in the supergroup", sg.State)
	}
	if n := len(g.srv.To(club)) - before; n != 0 {
		t.Errorf("the dead group got %d messages after the migration", n)
	}
	ended := false
	for _, m := range g.srv.To(super) {
		ended = ended || m.Method == "sendDocument" // the record, sent at the end
	}
	if !ended {
		t.Errorf("the end of the game did not reach the supergroup")
	}
	g.step(g.srv.Group(super, ann, "/new@umpire_test_bot dark"))
	// The group's language (its first maker's, Ann's Russian) moved too.
	if last, _ := g.srv.Last(super); last.Buttons == nil || !strings.HasPrefix(last.Text, "Партия #2") {
		t.Errorf("a new game in the supergroup: %q with %d rows of links; want game #2 in Russian, with links", last.Text, len(last.Buttons))
	}
}
