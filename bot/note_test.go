package bot_test

import (
	"testing"
	"umpire/bot/post"

	"umpire/bot/texts"
	"umpire/store"
)

// TestNoticeRow: a transport's own notice is worded when it is sent, in
// the row's language, with seats and variants named in that language and
// the game it is about kept for the transport.
func TestNoticeRow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rows := []store.Outgoing{
		post.NoticeRow(store.Address(w.tr.Addr("alice")), "en", 3, "email.bounced", "game", "3", "name", "bob"),
		post.NoticeRow(store.Address(w.tr.Addr("boris")), "ru", 0, "joined", "name", "carol", "game", "4", "seat", "black"),
		post.NoticeRow(store.Address(w.tr.Addr("eva")), "eo", 0, "err.internal"),
	}
	if err := w.db.Update(func(tx *store.Tx) error { _, err := tx.Queue(rows...); return err }); err != nil {
		t.Fatal(err)
	}
	w.flush()
	for _, tt := range []struct {
		to   string
		game uint64
		want string
	}{
		{"alice", 3, "Game #3: my mail to bob came back undelivered; they may not know the game goes on."},
		{"boris", 0, "carol играет в партии #4 за чёрных."},
		{"eva", 0, texts.DefaultCatalog.Text("eo", "err.internal", nil)},
	} {
		if m := w.tr.Last(tt.to); m.Text != tt.want || m.Game != tt.game || m.Seat != "" || m.Image != nil {
			t.Errorf("notice to %s: %q (game %d, seat %q); want %q (game %d), text only", tt.to, m.Text, m.Game, m.Seat, tt.want, tt.game)
		}
	}
}
