package door

import (
	"encoding/json"
	"slices"
	"time"

	"umpire/store"
)

// Mail to strangers. A confirmation (mailconfirm.go) and a resume question
// (optout.go) are mailed at the word of a mail whose From is only claimed,
// so a forger writing in the names of many addresses would make the
// umpire mail each of them from its own domain. Per address they are few
// (maxConfirmAsks a week, one resume question a week); over all the
// addresses the umpire never wrote to as a player's (no player there holds
// a seat: store.Tx.Seated) they are capped as well: at most
// strangerAsksPerHour in any hour and strangerAsksPerDay in any day. Past
// the cap the mail is marked seen and answered by nothing; a player at
// such an address may write again later. The times of the asks of the
// last day are kept in the store (a cursor of at most strangerAsksPerDay
// times), so a restart forgets none; an ask refused by the cap is logged
// once an hour, not once a mail.
//
// The caps: a newcomer needs one confirmation (its first `new`), and a
// club's announcement may bring ten in an hour; fifty a day is far below
// what makes a mail provider count a domain as a bulk sender, while it
// bounds what a forger may make the umpire send to strangers to a
// trickle. A seated player's confirmations pass the global cap.
const (
	strangerAsksPerHour = 10
	strangerAsksPerDay  = 50
)

// strangerAsksCursor is the store's name of the asks kept.
const strangerAsksCursor = "door.stranger-asks"

// strangerAsks is what the store keeps of the asks to strangers.
type strangerAsks struct {
	At     []int64 `json:"at"`               // unix seconds of the last day's asks, oldest first
	Logged int64   `json:"logged,omitempty"` // unix seconds of the last refusal logged
}

// mayAsk spends one ask to strangers in tx, unless p (nil: nobody) holds
// a seat: then it spends nothing. It reports false, and spends nothing,
// when the cap is reached.
func (d *Door) mayAsk(tx *store.Tx, p *store.Player) (bool, error) {
	if p != nil && tx.Seated(p.ID) {
		return true, nil
	}
	now := d.now()
	var s strangerAsks
	if b := tx.Cursor(strangerAsksCursor); b != nil {
		_ = json.Unmarshal(b, &s) // a damaged record counts nothing
	}
	ok := s.spend(now)
	if !ok {
		if now.Unix()-s.Logged < int64(time.Hour/time.Second) {
			return false, nil
		}
		s.Logged = now.Unix()
		d.log.Warn("handle: mail to strangers capped; those refused in the next hour are not logged",
			"per_hour", strangerAsksPerHour, "per_day", strangerAsksPerDay)
	}
	b, _ := json.Marshal(s) // always encodes
	return ok, tx.SetCursor(strangerAsksCursor, b)
}

// spend forgets the asks made a day or more before now and records one at
// now, unless that would pass a cap.
func (s *strangerAsks) spend(now time.Time) bool {
	day, hour := now.Add(-24*time.Hour).Unix(), now.Add(-time.Hour).Unix()
	s.At = slices.DeleteFunc(s.At, func(t int64) bool { return t <= day })
	inHour := 0
	for _, t := range s.At {
		if t > hour {
			inHour++
		}
	}
	if inHour >= strangerAsksPerHour || len(s.At) >= strangerAsksPerDay {
		return false
	}
	s.At = append(s.At, now.Unix())
	return true
}
