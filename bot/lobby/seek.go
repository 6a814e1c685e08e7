package lobby

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"umpire/bot/door"
	"umpire/referee"
	"umpire/store"
)

// SeekLapse is how long a seek waits; SeekHouse how long before the house
// answers a seek that agreed to it.
const (
	SeekLapse = 24 * time.Hour
	SeekHouse = time.Minute
)

// Bounds on what strangers can make the store keep. A player may have
// maxSeeksEach waiting; past that its own new seek is refused. Nobody is
// refused because of other players' seeks: a new seek takes the place of
// the oldest one of its transport when that transport has
// maxSeeksTransport waiting, and of the oldest of all when the book holds
// maxSeeks (the one taken off is dropped as if it had lapsed).
const (
	maxSeeks          = 500
	maxSeeksTransport = 300
	maxSeeksEach      = 5
)

// seekCursor is the store cursor that holds the seeks, as a short JSON
// list, changed under the lobby's lock.
const seekCursor = "bot.seeks"

// seek is one open challenge.
type seek struct {
	ID      uint64        `json:"id"`
	Player  uint64        `json:"player"`
	Chat    store.Address `json:"chat"`           // where it was written: answers go there
	Group   bool          `json:"group,omitzero"` // made in a group: meets only that group
	Variant string        `json:"variant"`
	Rules   string        `json:"rules,omitempty"` // the rule set, never "" where there are some
	Clock   time.Duration `json:"clock,omitempty"`
	House   bool          `json:"house,omitzero"` // the house may answer after SeekHouse
	Made    time.Time     `json:"made"`
}

// seekBook is what the cursor holds.
type seekBook struct {
	Next  uint64 `json:"next"`
	Seeks []seek `json:"seeks"`
}

// sameGame reports whether two seeks ask for the same game in the same
// pool of players.
func (s seek) sameGame(o seek) bool {
	return s.Variant == o.Variant && s.Rules == o.Rules && s.Clock == o.Clock &&
		s.Group == o.Group && (!s.Group || s.Chat == o.Chat)
}

// visible reports whether a live seek may be met from where v was
// written.
func (s seek) visible(now time.Time, v door.Visit) bool {
	if now.Sub(s.Made) >= SeekLapse {
		return false
	}
	if s.Group {
		return !v.In.Private && s.Chat == v.Chat()
	}
	return v.In.Private
}

// typed is a seek as `seek` reads it in English, its variant, rule set
// and clock ("kriegspiel english 3d"): the argument "seek", which each
// reader sees in the words it types (texts.Catalog.Arg).
func (s seek) typed() string {
	out := s.Variant
	if s.Rules != "" {
		out += " " + s.Rules
	}
	if s.Clock != 0 {
		out += " " + clockWord(s.Clock)
	}
	return out
}

// clockWord writes a time per move as seek and new read it: 3d, 12h.
func clockWord(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	}
	return strconv.Itoa(int(d/time.Hour)) + "h"
}

// loadSeeks reads the seeks.
func loadSeeks(tx *store.Tx) (seekBook, error) {
	var book seekBook
	raw := tx.Cursor(seekCursor)
	if len(raw) == 0 {
		return book, nil
	}
	if err := json.Unmarshal(raw, &book); err != nil {
		return book, fmt.Errorf("lobby: seeks: %w", err)
	}
	return book, nil
}

// saveSeeks writes the seeks.
func saveSeeks(tx *store.Tx, book seekBook) error {
	raw, err := json.Marshal(book)
	if err != nil {
		return err
	}
	return tx.SetCursor(seekCursor, raw)
}

// book reads the seeks outside a write.
func (l *Lobby) book() (seekBook, error) {
	var book seekBook
	err := l.env.DB.View(func(tx *store.Tx) (err error) { book, err = loadSeeks(tx); return err })
	return book, err
}

// partners finds up to n waiting seeks of the same game, of n different
// players other than the seeker's, oldest first.
func partners(now time.Time, book seekBook, want seek, n int) []seek {
	var out []seek
	seen := map[uint64]bool{want.Player: true}
	for _, s := range book.Seeks {
		if len(out) < n && s.sameGame(want) && !seen[s.Player] && now.Sub(s.Made) < SeekLapse {
			out, seen[s.Player] = append(out, s), true
		}
	}
	return out
}

// makeRoom takes the oldest seek of transport off seeks when that
// transport has maxSeeksTransport waiting, and the oldest of all when
// there are maxSeeks: room for one more. seeks are oldest first.
func makeRoom(seeks []seek, transport string) []seek {
	on := 0
	for _, s := range seeks {
		if s.Chat.Transport == transport {
			on++
		}
	}
	if on >= maxSeeksTransport {
		i := slices.IndexFunc(seeks, func(s seek) bool { return s.Chat.Transport == transport })
		seeks = slices.Delete(seeks, i, i+1)
	}
	if len(seeks) >= maxSeeks {
		seeks = slices.Delete(seeks, 0, len(seeks)-maxSeeks+1)
	}
	return seeks
}

// dropSeeks takes seeks away by id.
func (l *Lobby) dropSeeks(seeks []seek) error {
	return l.env.DB.Update(func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		book.Seeks = slices.DeleteFunc(book.Seeks, func(s seek) bool {
			return slices.ContainsFunc(seeks, func(o seek) bool { return o.ID != 0 && o.ID == s.ID })
		})
		return saveSeeks(tx, book)
	})
}

// variant is the variant a seek asks for (a seek is made of a known one).
func (s seek) variant() *referee.Variant {
	v, _ := referee.Lookup(s.Variant)
	return v
}
