package bot

import (
	"errors"
	"strconv"

	"umpire/bot/wire"
	"umpire/store"
)

// chatMoved follows a group chat to its new id (a Telegram group that became
// a supergroup, in.Chat → in.Text). Every game made there or watched from
// there moves with it, each in its own Apply keyed by the event and the
// game, so a redelivered event changes nothing twice; and the group's own
// record (its language) gains the new address. From then on joins,
// invites, watching and the group's news work in the new chat, and
// nothing more is queued for the dead one (the transport still follows a
// row queued before, through Telegram's migrate_to_chat_id).
func (b *Bot) chatMoved(in wire.Inbound) error {
	from := store.Address{Transport: in.Transport, ID: in.Chat}
	to := store.Address{Transport: in.Transport, ID: in.Text}
	if in.Forgeable || in.Private || from.ID == "" || to.ID == "" || from == to || len(to.ID) > maxKey {
		return b.db.QueueOnce(keyOf(in))
	}
	ids, err := b.db.GamesAt(from)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := b.db.Apply(id, keyOf(in)+" "+strconv.FormatUint(id, 10), func(g *store.Game) ([]store.Outgoing, error) {
			if g.Chat == from {
				g.Chat = to
			}
			for i, w := range g.Watchers {
				if w == from {
					g.Watchers[i] = to
				}
			}
			return nil, nil
		}); err != nil {
			return err
		}
	}
	if err := moveGroupRecord(b.db, from, to); err != nil {
		return err
	}
	return b.db.QueueOnce(keyOf(in))
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
