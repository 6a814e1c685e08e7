package bot

import (
	"slices"
	"time"

	"umpire/bot/post"
	"umpire/referee"
	"umpire/store"
)

// No relay. An invitation is a mail (or message) the umpire writes, from
// its own address, to someone who did not ask: so few may be waiting for
// an answer at once, from one inviter and to one address, few are sent a
// day by one inviter (answered, declined or aborted, they still count:
// else abort and invite again would send thousands), and none goes to an
// address that opted out (optout.go). An invitation waits while the
// seat it offers is free in a game not yet begun; the store keeps it
// (store.Invitation) until it is found answered. On a transport where a
// bot may not write first (Telegram), an invitation goes straight only to
// someone who shares a game or a group with the inviter; anyone else is
// reached by the deep link the inviter passes on (forwardLink).
const (
	maxInvitesBy  = 5  // invitations one player may have waiting
	maxInvitesTo  = 3  // invitations one address may have waiting
	maxInvitesDay = 20 // invitations one player may send in inviteDay, answered or not
	inviteDay     = 24 * time.Hour
)

// mayInviteIn decides, in tx, on an invitation from p to the invitee and,
// when it may go, records it as sent (for the day's count): the check and
// the record share the transaction, so that two invitations at once
// cannot both pass a cap. mark names that record. blocked reports an
// invitee the umpire may not write to now (it opted out, or too many
// invitations wait for it): the inviter is given the link to pass on
// instead, in words that do not say which (err.invite-link). A refusal
// for the inviter's own count is an error that says why and what to do.
func mayInviteIn(now time.Time, tx *store.Tx, p *store.Player, to invitee) (mark []byte, blocked bool, err error) {
	pending := func(game uint64, seat string) bool {
		g, err := tx.Game(game)
		return err == nil && g.State == store.StateOpen && g.Seats[referee.Seat(seat)].PlayerID == 0
	}
	if tx.OptedOut(to.addr) {
		return nil, true, nil
	}
	at, err := tx.PendingInvitations(0, to.addr, pending)
	if err != nil || at >= maxInvitesTo {
		return nil, err == nil, err
	}
	by, err := tx.PendingInvitations(p.ID, store.Address{}, pending)
	switch {
	case err != nil:
		return nil, false, err
	case by >= maxInvitesBy:
		return nil, false, post.Oops("err.invite-cap-by", "max", itoa(maxInvitesBy))
	}
	sent, err := tx.InvitationsSent(p.ID, now.Add(-inviteDay))
	if err != nil {
		return nil, false, err
	}
	if len(sent) >= maxInvitesDay {
		again := sent[len(sent)-maxInvitesDay].Add(inviteDay)
		return nil, false, post.Oops("err.invite-cap-day", "max", itoa(maxInvitesDay), "at", when(again, p.TZ))
	}
	mark, err = tx.AddInvitationSent(p.ID, now)
	return mark, false, err
}

// reserveInvite is mayInviteIn in a transaction of its own, for `new …
// with`, whose invitation is queued with the new game (store.Apply):
// should the game not be made, unreserve forgets the record.
func reserveInvite(db *store.DB, now time.Time, p *store.Player, to invitee) (mark []byte, blocked bool, err error) {
	err = db.Update(func(tx *store.Tx) error {
		mark, blocked, err = mayInviteIn(now, tx, p, to)
		return err
	})
	return mark, blocked, err
}

// unreserve forgets the record of an invitation reserveInvite counted
// but that was not sent.
func unreserve(db *store.DB, mark []byte) error {
	if mark == nil {
		return nil
	}
	return db.Update(func(tx *store.Tx) error { return tx.ForgetInvitationSent(mark) })
}

// invited records an invitation the umpire sent, to be counted while it
// waits.
func invited(db *store.DB, p *store.Player, g uint64, seat referee.Seat, to invitee) error {
	return db.Update(func(tx *store.Tx) error {
		return tx.AddInvitation(store.Invitation{Game: g, Seat: string(seat), By: p.ID, To: to.addr})
	})
}

// shares reports whether players p and q share a game, or have played in
// games made in one group: the only ones the bot writes to first on p's
// behalf where a bot may not write first.
func shares(db *store.DB, p, q *store.Player) (bool, error) {
	mine, err := db.Games(p.ID)
	if err != nil {
		return false, err
	}
	theirs, err := db.Games(q.ID)
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
