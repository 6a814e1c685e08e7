package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/house"
	"umpire/referee"
	"umpire/store"
)

// Seeks are open challenges: `seek VARIANT [RULES] [CLOCK] [vs house]`
// waits for other players seeking the same game, on any transport, and
// the umpire pairs them into a game as soon as there are enough; each is
// told the others' names by the game's start. A seek made in a private
// chat meets private seeks from every transport; one made in a group (the
// /seek of Telegram) meets only that group's members, and the game is the
// group's. A seek lapses after SeekLapse; with `vs house`, the house
// player takes the game after SeekHouse when nobody came (in a game for
// two: in triad a seek waits for people). `seeks` lists
// what waits, `seek cancel` takes one's own seeks back.
//
// The seeks are kept in the store under one cursor, as a short JSON list,
// changed under seekMu. A player may have maxSeeksEach waiting; past
// that its own new seek is refused. Nobody is refused because of other
// players' seeks: a new seek takes the place of the oldest one of its
// transport when that transport has maxSeeksTransport waiting, and of the
// oldest of all when the book holds maxSeeks (the one taken off is
// dropped as if it had lapsed).

// SeekLapse is how long a seek waits; SeekHouse how long before the house
// answers a seek that agreed to it.
const (
	SeekLapse = 24 * time.Hour
	SeekHouse = time.Minute
)

// Bounds on what strangers can make the store keep.
const (
	maxSeeks          = 500
	maxSeeksTransport = 300
	maxSeeksEach      = 5
)

// seekCursor is the store cursor that holds the seeks.
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

// seekMu serialises every change of the seeks (one process owns the store).
var seekMu sync.Mutex

// sameGame reports whether two seeks ask for the same game in the same
// pool of players.
func (s seek) sameGame(o seek) bool {
	return s.Variant == o.Variant && s.Rules == o.Rules && s.Clock == o.Clock &&
		s.Group == o.Group && (!s.Group || s.Chat == o.Chat)
}

// loadSeeks reads the seeks.
func loadSeeks(tx *store.Tx) (seekBook, error) {
	var book seekBook
	raw := tx.Cursor(seekCursor)
	if len(raw) == 0 {
		return book, nil
	}
	if err := json.Unmarshal(raw, &book); err != nil {
		return book, fmt.Errorf("bot: seeks: %w", err)
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

// readSeek reads the arguments of `seek`: as `new` reads them, without a
// seat or an invitation.
func (b *Bot) readSeek(in wire.Inbound, p *store.Player, args []string) (seek, error) {
	spec, err := readNew(b.cat, args)
	switch {
	case err != nil:
		return seek{}, seekUsage(err)
	case spec.seat != "" || spec.with != "":
		return seek{}, oops("usage.seek", "list", variantList())
	case groupOnly(spec.variant) && in.Private:
		return seek{}, oops("err.group-only", "variant", spec.variant.Key)
	case spec.house && !house.Plays(spec.variant.Key):
		return seek{}, oops("err.no-house", "variant", spec.variant.Key)
	}
	rules, _ := spec.variant.RuleSet(spec.opts)
	return seek{Player: p.ID, Chat: chatOf(in), Group: !in.Private, Variant: spec.variant.Key,
		Rules: rules, Clock: spec.clock, House: spec.house, Made: b.now()}, nil
}

// seekUsage turns new's usage into seek's, keeping its other refusals.
func seekUsage(err error) error {
	var ue *userError
	if errors.As(err, &ue) && ue.n.ID == "usage.new" {
		return oops("usage.seek", "list", variantList())
	}
	return err
}

// seekCmd runs `seek …`: it pairs the seeker with those waiting for the
// same game, or leaves the seek waiting.
func (b *Bot) seekCmd(in wire.Inbound, p *store.Player, cmd command) error {
	if len(cmd.args) == 1 && slices.Contains([]string{"cancel", "abort"}, b.cat.Command(cmd.args[0])) {
		return b.cancelSeeks(in, p)
	}
	want, err := b.readSeek(in, p, cmd.args)
	if err != nil {
		return err
	}
	hp := orNobody(nil)
	if want.House {
		if hp, err = b.housePlayer(); err != nil {
			return err
		}
	}
	if err := roomForGame(b.db, p, hp, want.House); err != nil {
		return err
	}
	seekMu.Lock()
	defer seekMu.Unlock()
	var book seekBook
	if err := b.db.View(func(tx *store.Tx) (err error) { book, err = loadSeeks(tx); return err }); err != nil {
		return err
	}
	v, _ := referee.Lookup(want.Variant)
	partners := partners(b.now(), book, want, len(v.Seats)-1)
	if len(partners) == len(v.Seats)-1 {
		if err := b.pair(in, append(partners, want)); err != nil {
			return err
		}
		// The seeker's own older seek of the same game is answered too.
		return dropSeeks(b.db, slices.DeleteFunc(slices.Clone(book.Seeks), func(s seek) bool {
			return s.Player != want.Player || !s.sameGame(want)
		}))
	}
	return b.wait(in, p, want)
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

// wait keeps a seek and tells the seeker, in one transaction; a seek of
// the same game by the same player takes the place of the older one.
func (b *Bot) wait(in wire.Inbound, p *store.Player, want seek) error {
	return update(b.db, in, func(tx *store.Tx) error {
		book, err := loadSeeks(tx)
		if err != nil {
			return err
		}
		mine := 0
		book.Seeks = slices.DeleteFunc(book.Seeks, func(s seek) bool { return s.Player == p.ID && s.sameGame(want) })
		for _, s := range book.Seeks {
			if s.Player == p.ID {
				mine++
			}
		}
		if mine >= maxSeeksEach {
			return noticeIn(tx, in, p, post.Say("err.too-many-seeks", "max", strconv.Itoa(maxSeeksEach)))
		}
		book.Seeks = makeRoom(book.Seeks, want.Chat.Transport)
		book.Next++
		want.ID = book.Next
		book.Seeks = append(book.Seeks, want)
		if err := saveSeeks(tx, book); err != nil {
			return err
		}
		n := post.Say("seek-waiting", "variant", want.Variant, "rules", seekRules(want))
		if want.House {
			n.Lines = append(n.Lines, post.Say("seek-house-later"))
		}
		return noticeIn(tx, in, p, n)
	})
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

// noticeIn queues a notice to the chat a message came from, inside tx.
func noticeIn(tx *store.Tx, in wire.Inbound, p *store.Player, n post.Note) error {
	_, err := tx.Queue(store.Outgoing{To: chatOf(in), Kind: post.KindNotice, Text: n.Encode(), Lang: p.Lang})
	return err
}

// seekRules is a seek's rule set and clock as shown after its variant,
// each after a space; "" when neither.
func seekRules(s seek) string {
	var b strings.Builder
	if s.Rules != "" {
		b.WriteString(" " + s.Rules)
	}
	if s.Clock != 0 {
		b.WriteString(" " + clockWord(s.Clock))
	}
	return b.String()
}

// clockWord writes a time per move as seek and new read it: 3d, 12h.
func clockWord(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	}
	return strconv.Itoa(int(d/time.Hour)) + "h"
}
