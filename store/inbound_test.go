package store

import (
	"testing"
	"time"
)

// QueueOnce answers a message once, however often it comes.
func TestQueueOnce(t *testing.T) {
	t.Parallel()
	db := openTest(t, nil)
	for range 3 {
		if err := db.QueueOnce("test:1", Outgoing{To: Address{"test", "a"}, Text: "hello"}); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := db.Pending(time.Now().Add(time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 {
		t.Errorf("%d rows queued for one message sent three times; want 1", len(rows))
	}
}
