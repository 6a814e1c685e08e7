package lobby

import (
	"slices"
	"strconv"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/house"
	"umpire/store"
)

// Seek runs `seek …`: it pairs the seeker with those waiting for the same
// game, or leaves the seek waiting; `seek cancel` takes the writer's seeks
// back.
func (l *Lobby) Seek(v door.Visit) error {
	if len(v.Cmd.Args) == 1 && slices.Contains([]string{"cancel", "abort"}, l.env.Cat.Command(v.Cmd.Args[0])) {
		return l.cancel(v)
	}
	want, err := l.read(v)
	if err != nil {
		return err
	}
	hp := &store.Player{} // nobody: no house
	if want.House {
		if hp, err = l.HousePlayer(); err != nil {
			return err
		}
	}
	if err := l.env.Room(v.Player, hp, want.House); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	book, err := l.book()
	if err != nil {
		return err
	}
	seats := len(want.variant().Seats) - 1
	found := partners(l.env.Now(), book, want, seats)
	if len(found) < seats {
		return l.wait(v, want)
	}
	if err := l.pair(v.Key(), append(found, want), nil); err != nil {
		return err
	}
	// The seeker's own older seek of the same game is answered too.
	return l.dropSeeks(slices.DeleteFunc(slices.Clone(book.Seeks), func(s seek) bool {
		return s.Player != want.Player || !s.sameGame(want)
	}))
}

// read reads the arguments of `seek`: as `new` reads them, without a seat
// or an invitation.
func (l *Lobby) read(v door.Visit) (seek, error) {
	spec, err := l.env.Spec(v.Cmd.Args)
	if n, ok := post.MistakeOf(err); ok && n.ID == "usage.new" {
		return seek{}, usage()
	}
	switch {
	case err != nil:
		return seek{}, err
	case spec.Other:
		return seek{}, usage()
	case spec.Variant.InGroup && v.In.Private:
		return seek{}, post.Oops("err.group-only", "variant", spec.Variant.Key)
	case spec.House && !house.Plays(spec.Variant.Key):
		return seek{}, post.Oops("err.no-house", "variant", spec.Variant.Key)
	}
	rules, _ := spec.Variant.RuleSet(spec.Options)
	return seek{Player: v.Player.ID, Chat: v.Chat(), Group: !v.In.Private, Variant: spec.Variant.Key,
		Rules: rules, Clock: spec.Clock, House: spec.House, Made: l.env.Now()}, nil
}

// usage is the refusal that says how to write `seek`.
func usage() error { return post.Oops("usage.seek", "variants", post.VariantList()) }

// wait keeps a seek and tells the seeker, in one transaction; a seek of
// the same game by the same player takes the place of the older one.
func (l *Lobby) wait(v door.Visit, want seek) error {
	return door.Update(l.env.DB, v.Key(), func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		mine := 0
		book.Seeks = slices.DeleteFunc(book.Seeks, func(s seek) bool { return s.Player == want.Player && s.sameGame(want) })
		for _, s := range book.Seeks {
			if s.Player == want.Player {
				mine++
			}
		}
		if mine >= maxSeeksEach {
			return notice(tx, v, post.Say("err.too-many-seeks", "max", strconv.Itoa(maxSeeksEach)))
		}
		book.Seeks = makeRoom(book.Seeks, want.Chat.Transport)
		book.Next++
		want.ID = book.Next
		book.Seeks = append(book.Seeks, want)
		if err := saveSeeks(tx, book); err != nil {
			return err
		}
		n := post.Say("seek-waiting", "seek", want.typed())
		if want.House {
			n.Lines = append(n.Lines, post.Say("seek-house-later"))
		}
		return notice(tx, v, n)
	})
}

// cancel runs `seek cancel`: the writer's seeks are taken away.
func (l *Lobby) cancel(v door.Visit) error {
	return door.Update(l.env.DB, v.Key(), func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		n := len(book.Seeks)
		book.Seeks = slices.DeleteFunc(book.Seeks, func(s seek) bool { return s.Player == v.Player.ID })
		if err := saveSeeks(tx, book); err != nil {
			return err
		}
		return notice(tx, v, post.Say("seeks-cancelled", "count", strconv.Itoa(n-len(book.Seeks))))
	})
}

// maxSeekLines bounds the seeks `seeks` lists.
const maxSeekLines = 20

// Seeks runs `seeks`: the live seeks the writer could meet here (in a
// private chat those made in private, in a group the group's), the
// writer's own marked, oldest first.
func (l *Lobby) Seeks(v door.Visit) error {
	var lines []post.Note
	err := l.env.DB.View(func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		for _, s := range book.Seeks {
			if len(lines) == maxSeekLines || !s.visible(l.env.Now(), v) {
				continue
			}
			who, err := tx.Player(s.Player)
			if err != nil {
				return err
			}
			id := "seek-line"
			if who.ID == v.Player.ID {
				id = "seek-line-own"
			}
			lines = append(lines, post.Say(id, "seek", s.typed(), "name", post.Name(who)))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return l.env.Reply(v, post.Say("seeks-none"))
	}
	n := post.Say("seeks-head")
	n.Lines = lines
	return l.env.Reply(v, n)
}
