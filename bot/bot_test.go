package bot_test

import (
	"strings"
	"testing"
)

func TestChessInGroup(t *testing.T) {
	w := newWorld(t)
	w.group("club", "alice", "new chess")
	if got := w.last("club"); !strings.Contains(got, "Game #1") {
		t.Fatalf("after new: %q", got)
	}
	w.group("club", "alice", "join #1 white")
	w.group("club", "bob", "join #1")
	for _, id := range []string{"alice", "bob", "club"} {
		t.Logf("%s: %s\n%s", id, w.last(id), w.tr.Last(id).Board)
	}
	w.say("alice", "e4")
	w.say("bob", "e5")
	w.say("bob", "e5")
	w.say("alice", "Qh5")
	w.say("bob", "Nc6")
	w.say("alice", "Bc4")
	w.say("bob", "Nf6")
	w.say("alice", "Qxf7")
	for _, id := range []string{"alice", "bob", "club"} {
		for _, m := range w.tr.To(id) {
			t.Logf("→ %s:\n%s", id, m.Text)
		}
	}
}
