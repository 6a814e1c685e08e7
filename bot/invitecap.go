package bot

import (
	"slices"

	"umpire/referee"
	"umpire/store"
)

// No relay. An invitation is a mail (or message) the umpire writes, from
// its own address, to someone who did not ask: so few may be waiting for
// an answer at once, from one inviter and to one address, and none goes
// to an address that opted out (optout.go). An invitation waits while the
// seat it offers is free in a game not yet begun; the store keeps it
// (store.Invitation) until it is found answered. On a transport where a
// bot may not write first (Telegram), an invitation goes straight only to
// someone who shares a game or a group with the inviter; anyone else is
// reached by the deep link the inviter passes on (forwardLink).
const (
	maxInvitesBy = 5 // invitations one player may have waiting
	maxInvitesTo = 3 // invitations one address may have waiting
)

// mayInvite refuses an invitation from p to the invitee that the umpire
// must not send, saying why and what to do.
func (b *Bot) mayInvite(p *store.Player, to invitee) error {
	if err := b.refuseOptedOut(to); err != nil {
		return err
	}
	var by, at int
	err := b.db.Update(func(tx *store.Tx) error {
		pending := func(game uint64, seat string) bool {
			g, err := tx.Game(game)
			return err == nil && g.State == store.StateOpen && g.Seats[referee.Seat(seat)].PlayerID == 0
		}
		var err error
		if by, err = tx.PendingInvitations(p.ID, store.Address{}, pending); err != nil {
			return err
		}
		at, err = tx.PendingInvitations(0, to.addr, pending)
		return err
	})
	switch {
	case err != nil:
		return err
	case by >= maxInvitesBy:
		return oops("err.invite-cap-by", "max", itoa(maxInvitesBy))
	case at >= maxInvitesTo:
		return oops("err.invite-cap-to", "to", bounded(to.shown, 64))
	}
	return nil
}

// invited records an invitation the umpire sent, to be counted while it
// waits.
func (b *Bot) invited(p *store.Player, g uint64, seat referee.Seat, to invitee) error {
	return b.db.Update(func(tx *store.Tx) error {
		return tx.AddInvitation(store.Invitation{Game: g, Seat: string(seat), By: p.ID, To: to.addr})
	})
}

// shares reports whether players p and q share a game, or have played in
// games made in one group: the only ones the bot writes to first on p's
// behalf where a bot may not write first.
func (b *Bot) shares(p, q *store.Player) (bool, error) {
	mine, err := b.db.Games(p.ID)
	if err != nil {
		return false, err
	}
	theirs, err := b.db.Games(q.ID)
	if err != nil {
		return false, err
	}
	for _, g := range mine {
		if slices.ContainsFunc(theirs, func(h *store.Game) bool {
			return h.ID == g.ID || (!g.Chat.IsZero() && h.Chat == g.Chat)
		}) {
			return true, nil
		}
	}
	return false, nil
}
