package store

import "testing"

// TestTopics: a conversation is claimed once (the second claim finds it
// opening, as after a crash), its topic found by id in its own chat only,
// and the states read back as written.
func TestTopics(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	ann := Address{"telegram", "1001"}
	bob := Address{"telegram", "1002"}
	if _, claimed, err := db.ClaimTopic(ann, "game 1"); err != nil || !claimed {
		t.Fatalf("first claim = %v, %v; want claimed", claimed, err)
	}
	if got, claimed, _ := db.ClaimTopic(ann, "game 1"); claimed || got.State != TopicOpening {
		t.Fatalf("second claim = %+v, %v; want the opening one found", got, claimed)
	}
	if err := db.PutTopic(ann, "game 1", Topic{State: TopicOpen, ID: "7"}); err != nil {
		t.Fatal(err)
	}
	if got, known, _ := db.Topic(ann, "game 1"); !known || !got.Live() || got.ID != "7" {
		t.Errorf("Topic = %+v, %v; want open 7", got, known)
	}
	for _, c := range []struct {
		chat Address
		id   string
		slot string
		ok   bool
	}{{ann, "7", "game 1", true}, {bob, "7", "", false}, {ann, "8", "", false}, {ann, "", "", false}} {
		if slot, ok, err := db.TopicSlot(c.chat, c.id); slot != c.slot || ok != c.ok || err != nil {
			t.Errorf("TopicSlot(%v, %q) = %q, %v, %v; want %q, %v", c.chat, c.id, slot, ok, err, c.slot, c.ok)
		}
	}
	if err := db.PutTopic(ann, "game 1", Topic{State: TopicClosed, ID: "7"}); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := db.Topic(ann, "game 1"); got.Live() {
		t.Errorf("a closed topic is live: %+v", got)
	}
	if _, known, _ := db.Topic(bob, "game 1"); known {
		t.Error("Bob's chat knows Ann's topic")
	}
}
