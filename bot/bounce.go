package bot

import (
	"log/slog"
	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// bounced turns a report that a message could not be delivered into a
// notice to the other players of the game the failed message was about,
// once per game and address. The failed message's seat key names the
// game; a report without a valid key is passed over, so a forged one tells
// nobody anything. in.Text is the address that failed; one too long to
// be anyone's (over 1 KiB) is passed over too.
func bounced(db *store.DB, log *slog.Logger, in wire.Inbound) error {
	if len(in.Text) > maxKey {
		log.Info("bounce: recipient too long to be an address; passed over", "bytes", len(in.Text))
		return db.QueueOnce(keyOf(in))
	}
	rcpt := store.Address{Transport: in.Transport, ID: in.Text}
	once := in.Transport + ".bounced " + itoa(wire.KeyGame(in.Key)) + " " + in.Text
	return db.Update(func(tx *store.Tx) error {
		if tx.Seen(keyOf(in)) || tx.Cursor(once) != nil {
			return nil
		}
		if err := tx.MarkSeen(keyOf(in)); err != nil {
			return err
		}
		rows, err := bounceRows(tx, in.Key, rcpt)
		if err != nil || len(rows) == 0 {
			return err
		}
		if _, err := tx.Queue(rows...); err != nil {
			return err
		}
		return tx.SetCursor(once, []byte{1})
	})
}

// bounceRows are the notices that messages to rcpt about key's game
// bounced, to every seated player of that game but the one at rcpt.
func bounceRows(tx *store.Tx, key string, rcpt store.Address) ([]store.Outgoing, error) {
	g, err := tx.Game(wire.KeyGame(key))
	if err != nil {
		return nil, nil // no such game: a bounce of nothing we know
	}
	if _, ok := seatOfKey(g, key); !ok || key == "" {
		return nil, nil
	}
	lost, err := playerAt(tx, rcpt)
	if err != nil {
		return nil, err
	}
	name := rcpt.ID
	if lost != nil {
		name = lost.Name
	}
	var rows []store.Outgoing
	for _, seat := range g.Seats {
		if seat.PlayerID == 0 || (lost != nil && seat.PlayerID == lost.ID) {
			continue
		}
		p, err := tx.Player(seat.PlayerID)
		if err != nil {
			return nil, err
		}
		if a, ok := reachable(p, rcpt.Transport); ok {
			row := post.NoticeRow(a, p.Lang, g.ID, "email.bounced", "game", itoa(g.ID), "name", name)
			rows = append(rows, extra(row, likeNote(post.DecodeNote(row.Text))))
		}
	}
	return rows, nil
}
