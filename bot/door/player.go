package door

import (
	"errors"
	"slices"

	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// meet is the sixth stage: the player at the sender's address, made for a
// newcomer; and, on a transport where the umpire may not write first, a
// note that this address wrote to it in private and so can be written to.
func (d *Door) meet(e *entry) (bool, error) {
	p, err := d.Player(e.in)
	if err != nil {
		return true, err
	}
	e.player = p
	return false, d.noteStarted(e.in)
}

// Player finds the player at the sender's address, or makes one: named as
// the transport names the sender (never by its address), in the language
// the transport hints at where the umpire speaks it.
func (d *Door) Player(in wire.Inbound) (*store.Player, error) {
	addr := AddressOf(in)
	p, err := d.db.PlayerAt(addr)
	if err == nil || !errors.Is(err, store.ErrNotFound) {
		return p, err
	}
	err = d.db.Update(func(tx *store.Tx) error {
		if p, err = tx.PlayerAt(addr); err == nil || !errors.Is(err, store.ErrNotFound) {
			return err
		}
		p = &store.Player{Name: texts.Clean(in.Name), Lang: PickLang(d.langs, in.Lang), Addresses: []store.Address{addr}}
		return tx.PutPlayer(p)
	})
	return p, err
}

// PickLang is the language to use for a transport's hint: the hint when it
// is offered, else the default (langs[0]).
func PickLang(langs []string, hint string) string {
	if len(hint) > 2 {
		hint = hint[:2] // "ru-RU"
	}
	if slices.Contains(langs, hint) {
		return hint
	}
	return langs[0]
}

// startedName is the cursor that records that someone wrote to the umpire
// in private, on a transport where it may not write first.
func startedName(a store.Address) string { return "started " + a.String() }

// noteStarted records that the sender of a private message can be
// written to, once.
func (d *Door) noteStarted(in wire.Inbound) error {
	if !in.Private || d.sends.WritesFirst(in.Transport) {
		return nil
	}
	name := startedName(AddressOf(in))
	if v, err := d.db.Cursor(name); err != nil || v != nil {
		return err
	}
	return d.db.SetCursor(name, []byte{1})
}
