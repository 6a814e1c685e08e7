package door

import (
	"errors"
	"strconv"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// event is the fourth stage: it answers what a transport saw besides a
// written text, and lets a written text on.
func (d *Door) event(e *entry) (bool, error) {
	in := e.in
	switch in.Event {
	case wire.Written:
		return false, nil
	case wire.TooLarge:
		return true, d.tellSender(in, false, "email.too-large", "limit", "1 MB")
	case wire.Unverified:
		// Likely spam in a stranger's name: nobody to tell. A player is
		// told under the cap on refusals: a forger must not make the
		// umpire write to its victim for every forged mail.
		return true, d.tellSender(in, true, "email.dmarc-fail")
	case wire.Bounce:
		return true, d.bounced(in)
	case wire.Moved:
		return true, d.chatMoved(in)
	case wire.OptOut:
		d.log.Info("opt-out", "transport", in.Transport)
		return true, OptOut(d.db, d.now(), in)
	}
	return true, d.db.QueueOnce(KeyOf(in)) // an event of a newer transport: nothing to do
}

// tellSender answers an event with a notice to its sender, under the cap
// on refusals, once; players only tells only a player of the umpire.
func (d *Door) tellSender(in wire.Inbound, playersOnly bool, id string, kv ...string) error {
	p, err := d.db.PlayerAt(AddressOf(in))
	if errors.Is(err, store.ErrNotFound) && playersOnly {
		return d.db.QueueOnce(KeyOf(in))
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return d.db.QueueOnce(KeyOf(in), d.refused.capRows(d.log, d.now(), in, []store.Outgoing{d.noticeTo(in, p, id, kv...)})...)
}

// bounced turns a report that a message could not be delivered into a
// notice to the other players of the game the failed message was about,
// once per game and address. The failed message's seat key names the
// game; a report without a valid key is passed over, so a forged one tells
// nobody anything. in.Text is the address that failed; one too long to
// be anyone's is passed over too.
func (d *Door) bounced(in wire.Inbound) error {
	if len(in.Text) > MaxKey {
		d.log.Info("bounce: recipient too long to be an address; passed over", "bytes", len(in.Text))
		return d.db.QueueOnce(KeyOf(in))
	}
	rcpt := store.Address{Transport: in.Transport, ID: in.Text}
	once := in.Transport + ".bounced " + strconv.FormatUint(wire.KeyGame(in.Key), 10) + " " + in.Text
	return d.db.Update(func(tx *store.Tx) error {
		if tx.Seen(KeyOf(in)) || tx.Cursor(once) != nil {
			return nil
		}
		if err := tx.MarkSeen(KeyOf(in)); err != nil {
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
	if _, ok := SeatOfKey(g, key); !ok || key == "" {
		return nil, nil
	}
	lost, err := PlayerAt(tx, rcpt)
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
		if a, ok := Reachable(p, rcpt.Transport); ok {
			row := post.NoticeRow(a, p.Lang, g.ID, "email.bounced", "game", strconv.FormatUint(g.ID, 10), "name", name)
			rows = append(rows, post.Extra(row, post.LikeNote(post.DecodeNote(row.Text))))
		}
	}
	return rows, nil
}

// chatMoved follows a group chat to its new id (a Telegram group that became
// a supergroup, in.Chat → in.Text). Every game made there or watched from
// there moves with it, each in its own Apply keyed by the event and the
// game, so a redelivered event changes nothing twice; and the group's own
// record (its language) gains the new address. From then on joins,
// invites, watching and the group's news work in the new chat, and
// nothing more is queued for the dead one (the transport still follows a
// row queued before, through Telegram's migrate_to_chat_id).
func (d *Door) chatMoved(in wire.Inbound) error {
	from := store.Address{Transport: in.Transport, ID: in.Chat}
	to := store.Address{Transport: in.Transport, ID: in.Text}
	if in.Forgeable || in.Private || from.ID == "" || to.ID == "" || from == to || len(to.ID) > MaxKey {
		return d.db.QueueOnce(KeyOf(in))
	}
	ids, err := d.db.GamesAt(from)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := d.db.Apply(id, KeyOf(in)+" "+strconv.FormatUint(id, 10), func(g *store.Game) ([]store.Outgoing, error) {
			moveChat(g, from, to)
			return nil, nil
		}); err != nil {
			return err
		}
	}
	if err := moveGroupRecord(d.db, from, to); err != nil {
		return err
	}
	return d.db.QueueOnce(KeyOf(in))
}

// moveChat moves a game's chat and watchers from one address to another.
func moveChat(g *store.Game, from, to store.Address) {
	if g.Chat == from {
		g.Chat = to
	}
	for i, w := range g.Watchers {
		if w == from {
			g.Watchers[i] = to
		}
	}
}

// moveGroupRecord adds the new address to the group's own record, unless
// the new chat already has one of its own.
func moveGroupRecord(db *store.DB, from, to store.Address) error {
	p, err := db.PlayerAt(from)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := db.PlayerAt(to); !errors.Is(err, store.ErrNotFound) {
		return err
	}
	p.Addresses = append(p.Addresses, to)
	return db.PutPlayer(p)
}
