package bot

import (
	"slices"
	"strconv"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// maxSeekLines bounds the seeks `seeks` lists.
const maxSeekLines = 20

// listSeeks runs `seeks`: the live seeks the writer could meet here (in a
// private chat those made in private, in a group the group's), the
// writer's own marked, oldest first.
func (b *Bot) listSeeks(in wire.Inbound, p *store.Player) error {
	var lines []post.Note
	err := b.db.View(func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		for _, s := range book.Seeks {
			if len(lines) == maxSeekLines || !visible(b.now(), s, in) {
				continue
			}
			who, err := tx.Player(s.Player)
			if err != nil {
				return err
			}
			id := "seek-line"
			if who.ID == p.ID {
				id = "seek-line-own"
			}
			lines = append(lines, post.Say(id, "variant", s.Variant, "rules", seekRules(s), "name", shownName(who)))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return b.reply(in, p, post.Say("seeks-none"))
	}
	n := post.Say("seeks-head")
	n.Lines = lines
	return b.reply(in, p, n)
}

// visible reports whether a live seek may be met from where in was
// written.
func visible(now time.Time, s seek, in wire.Inbound) bool {
	if now.Sub(s.Made) >= SeekLapse {
		return false
	}
	if s.Group {
		return !in.Private && s.Chat == chatOf(in)
	}
	return in.Private
}

// cancelSeeks runs `seek cancel`: the writer's seeks are taken away.
func (b *Bot) cancelSeeks(in wire.Inbound, p *store.Player) error {
	return update(b.db, in, func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		n := len(book.Seeks)
		book.Seeks = slices.DeleteFunc(book.Seeks, func(s seek) bool { return s.Player == p.ID })
		if err := saveSeeks(tx, book); err != nil {
			return err
		}
		return noticeIn(tx, in, p, post.Say("seeks-cancelled", "count", strconv.Itoa(n-len(book.Seeks))))
	})
}

// TickSeeks answers, with the house player, the seeks that agreed to it
// and waited SeekHouse, and lets lapse, with a word to the seeker, those
// that waited SeekLapse. Run calls it from the house's worker; tests call
// it with their clock.
func (b *Bot) TickSeeks() error {
	seekMu.Lock()
	defer seekMu.Unlock()
	var book seekBook
	if err := b.db.View(func(tx *store.Tx) (err error) { book, err = loadSeeks(tx); return err }); err != nil {
		return err
	}
	now := b.now()
	for _, s := range book.Seeks {
		var err error
		switch age := now.Sub(s.Made); {
		case age >= SeekLapse:
			err = lapse(b.db, s)
		case s.House && age >= SeekHouse && twoSeats(s.Variant):
			err = b.houseAnswers(s)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// lapse takes a seek away and tells its seeker.
func lapse(db *store.DB, s seek) error {
	p, err := db.Player(s.Player)
	if err != nil {
		return err
	}
	row := store.Outgoing{To: s.Chat, Kind: post.KindNotice, Lang: p.Lang,
		Text: post.Say("seek-lapsed", "variant", s.Variant, "rules", seekRules(s)).Encode()}
	if err := db.QueueOnce("seek-lapsed:"+strconv.FormatUint(s.ID, 10), row); err != nil {
		return err
	}
	return dropSeeks(db, []seek{s})
}

// houseAnswers makes the game of a seek with the house player.
func (b *Bot) houseAnswers(s seek) error {
	hp, err := b.housePlayer()
	if err != nil {
		return err
	}
	return b.pairUp("seek-house:"+strconv.FormatUint(s.ID, 10), []seek{s}, hp)
}

// twoSeats reports whether a variant is for two: the house alone makes a
// game with one seeker.
func twoSeats(key string) bool {
	v, ok := referee.Lookup(key)
	return ok && len(v.Seats) == 2
}
