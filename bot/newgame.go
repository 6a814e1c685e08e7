package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"umpire/bot/clock"
	"umpire/bot/door"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/house"
	"umpire/referee"
	"umpire/store"
)

// newGame makes a game: `new VARIANT [RULES] [SEAT] [CLOCK] [with ADDRESS]`,
// CLOCK a time control per move such as 3d or 12h (see clock.go).
// Made in a private chat, the maker takes a seat (the one named, else the
// first); made in a group, the game belongs to the group, whose members
// take seats with `join #N SEAT` there, and the maker only when naming a
// seat. With an address (on the maker's own transport, as for invite) the
// first free seat's invitation goes there, in the same transaction.
func (b *Bot) newGame(v door.Visit) error {
	spec, err := readNew(b.cat, v.Cmd.Args)
	if err != nil {
		return err
	}
	variant, seat := spec.variant, spec.seat
	if groupOnly(variant) && v.In.Private {
		return post.Oops("err.group-only", "variant", variant.Key)
	}
	if seat == "" && v.In.Private {
		seat = variant.Seats[0]
	}
	var hp *store.Player
	if spec.house {
		if hp, err = b.lobby.HousePlayer(); err != nil {
			return err
		}
	}
	if seat != "" {
		if err := roomForGame(b.db, v.Player, orNobody(hp), spec.house); err != nil {
			return err
		}
	}
	if err := groupLang(b.db, v.In, v.Player); err != nil {
		return err
	}
	var to *invitee
	var mark []byte // the invitation counted as sent, if the game is made
	if spec.with != "" {
		iv, err := inviteeAt(b.db, b.door.Transports(), b.langs, v.In, v.Player, spec.with)
		if err != nil {
			return err
		}
		if !iv.unstarted {
			if mark, iv.blocked, err = reserveInvite(b.db, b.now(), v.Player, iv); err != nil {
				return err
			}
		}
		to = &iv
	}
	var made *store.Game
	applied, err := b.db.Apply(0, v.Key(), func(g *store.Game) ([]store.Outgoing, error) {
		made = g
		g.Variant, g.Options, g.Clock, g.Maker, g.Public, g.Casual = variant.Key, spec.opts, spec.clock, v.Player.ID, spec.public, spec.casual
		if g.Increment = spec.inc; spec.claim {
			g.TimeRule = claimRule
		}
		if g.Pace = spec.pace; g.Pace.At != "" {
			g.Pace.Zone = v.Player.TZ // the maker's: its grid (clock/grid.go)
		}
		if spec.house {
			g.House = int(spec.level)
		}
		if !v.In.Private {
			g.Chat = v.Chat()
		}
		for _, s := range variant.Seats {
			tok, err := b.dice.Token(g.ID)
			if err != nil {
				return nil, err
			}
			g.Seats[s] = store.Seat{Token: tok}
		}
		if seat != "" {
			g.Seats[seat] = store.Seat{PlayerID: v.Player.ID, Token: g.Seats[seat].Token}
		}
		if hp != nil {
			return b.seatHouse(v, hp, g, to)
		}
		if to == nil {
			return []store.Outgoing{createdRow(v, g, "", "")}, nil
		}
		free := freeSeats(g)[0] // every variant has a seat for someone else
		if to.unstarted || to.blocked {
			fwd := store.Outgoing{Game: g.ID, To: v.Chat(), Kind: post.KindNotice, Text: forwardLink(g, free, *to).Encode(), Lang: v.Player.Lang}
			return []store.Outgoing{createdRow(v, g, "", ""), fwd}, nil
		}
		return []store.Outgoing{createdRow(v, g, free, to.shown), invitation(v.Player, g, free, *to)}, nil
	})
	if err != nil || !applied {
		return errors.Join(err, unreserve(b.db, mark))
	}
	if to == nil || to.unstarted || to.blocked || len(freeSeats(made)) == 0 {
		return nil
	}
	return invited(b.db, v.Player, made.ID, freeSeats(made)[0], *to) // the seat invitation offered
}

// newSpec is what `new` asks for.
type newSpec struct {
	variant *referee.Variant
	opts    referee.Options
	seat    referee.Seat  // the maker's seat, or ""
	with    string        // the address to invite, as written, or ""
	clock   time.Duration // the time per move, or 0 for no clock
	house   bool          // vs house: the house player takes a seat
	level   house.Level   // at this level (vs house 3), house.DefaultLevel when none is named
	public  bool          // public: anyone may watch it
	casual  bool          // casual: not rated (bot/club)
	double  bool          // double: a tournament's pairs meet twice
	inc     time.Duration // 3d+1d: the increment after each decision
	claim   bool          // claim: the claim rule, not the flag (timerules.go)
	pace    store.Pace    // 1d@21:00, ext2, cd: the pace's rules (bot/pace)
}

// readNew reads the arguments of `new`: the variant first, then a rule
// set, a seat, a time control and "with ADDRESS" in any order ("with" in
// any language).
func readNew(cat *texts.Catalog, args []string) (newSpec, error) {
	var spec newSpec
	if len(args) == 0 {
		return spec, post.Oops("usage.new", "variants", post.VariantList())
	}
	v := cat.VariantWord(args[0])
	if v == nil {
		return spec, post.Oops("err.unknown-variant", "name", texts.EchoWord(args[0]), "variants", post.VariantList())
	}
	spec.variant = v
	for i := 1; i < len(args); i++ {
		a := args[i]
		c, isClock, err := readControl(a)
		switch {
		case isClock && err != nil:
			return spec, err
		case isClock && spec.clock != 0:
			return spec, post.Oops("usage.new", "variants", post.VariantList())
		case isClock:
			spec.clock, spec.inc, spec.pace.At = c.Clock, c.Inc, c.At
		case cat.Command(a) == claimRule:
			spec.claim = true
		case cat.Command(a) == "cd":
			spec.pace.Disorder = true
		case extWord(cat, a) != 0:
			spec.pace.Ext = extWord(cat, a)
		case cat.Command(a) == "vs":
			if i+1 == len(args) || cat.Command(args[i+1]) != "house" || spec.house {
				return spec, post.Oops("usage.new", "variants", post.VariantList())
			}
			i++
			spec.house, spec.level = true, house.DefaultLevel
			if i+1 < len(args) {
				if n, err := strconv.Atoi(args[i+1]); err == nil {
					if !house.ValidLevel(house.Level(n)) {
						return spec, post.Oops("err.house-level", "level", args[i+1])
					}
					spec.level = house.Level(n)
					i++
				}
			}
		case cat.Command(a) == "public":
			spec.public = true
		case cat.Command(a) == "casual" || cat.Command(a) == "double":
			spec.casual, spec.double = spec.casual || cat.Command(a) == "casual", spec.double || cat.Command(a) == "double"
		case cat.Command(a) == "with":
			if i+1 == len(args) || spec.with != "" {
				return spec, post.Oops("usage.new", "variants", post.VariantList())
			}
			i++
			spec.with = args[i]
		case cat.RuleSetWord(v, a) != "":
			spec.opts.Rules = cat.RuleSetWord(v, a)
		case slices.Contains(v.Seats, cat.SeatStem(a)):
			spec.seat = cat.SeatStem(a)
		case a[0] >= '0' && a[0] <= '9': // meant as a time: 30m, 5 days
			return spec, post.Oops("err.bad-clock", "clock", texts.EchoWord(a))
		case len(v.RuleSets) > 0:
			return spec, post.Oops("err.bad-rules", "variant", v.Key, "rules", texts.EchoWord(a), "rulesets", texts.RuleSetKeys(v))
		default:
			return spec, post.Oops("usage.new", "variants", post.VariantList())
		}
	}
	if spec.house && spec.with != "" && len(v.Seats) < 3 {
		return spec, post.Oops("usage.new", "variants", post.VariantList())
	}
	return spec, paced(spec)
}

// extWord is the number of extensions a word of `new` asks for, ext2
// (отср2, prok2): 1 to pace.MaxExt; 0 when the word is none.
func extWord(cat *texts.Catalog, word string) int {
	i := len(word)
	for i > 0 && word[i-1] >= '0' && word[i-1] <= '9' {
		i--
	}
	n, err := strconv.Atoi(word[i:])
	if err != nil || i == 0 || cat.Command(word[:i]) != "ext" || n < 1 || n > pace.MaxExt {
		return 0
	}
	return n
}

// paced refuses the pace a spec asks for without a clock, or civil
// disorder where the house cannot play.
func paced(spec newSpec) error {
	switch {
	case spec.pace.Paced() && spec.clock == 0:
		return post.Oops("err.pace-clock")
	case spec.pace.Disorder && !house.Plays(spec.variant.Key):
		return post.Oops("err.no-house", "variant", spec.variant.Key)
	}
	return nil
}

// createdRow tells the maker of a game how its seats are taken. The seat
// invited (or "") was offered to the address to.
func createdRow(v door.Visit, g *store.Game, invited referee.Seat, to string) store.Outgoing {
	n := post.Say("created", "game", itoa(g.ID), "variant", post.VariantOf(g))
	n.Lines = append(n.Lines, post.ClockLines(g, clock.Ceiling(g))...)
	if pn := post.PaceAfterClock(g, v.Player.TZ, g.Created); pn != nil {
		n.Lines = append(n.Lines, *pn)
	}
	for _, s := range post.SeatsOf(g) {
		seat := g.Seats[s]
		switch {
		case seat.PlayerID == v.Player.ID:
			n.Lines = append(n.Lines, post.Say("you-play", "seat", string(s)))
		case seat.PlayerID != 0:
			n.Lines = append(n.Lines, post.Say("house-plays", "seat", string(s)))
		case s == invited:
			n.Lines = append(n.Lines, post.Say("seat-invited", "seat", string(s), "to", to))
		case !g.Chat.IsZero():
			n.Lines = append(n.Lines, post.Say("seat-free-chat", "game", itoa(g.ID), "seat", string(s)))
			n.Buttons = append(n.Buttons, wire.Button{Label: string(s), Command: fmt.Sprintf("join #%d %s", g.ID, s)})
		default:
			n.Lines = append(n.Lines, post.Say("seat-free", "seat", string(s), "token", seat.Token))
			n.Buttons = append(n.Buttons, wire.Button{Label: string(s), Command: "join " + seat.Token})
		}
	}
	row := store.Outgoing{Game: g.ID, To: v.Chat(), Kind: post.KindNotice, Lang: v.Player.Lang}
	if s, ok := g.SeatOf(v.Player.ID); ok && g.Chat.IsZero() {
		// the first mail of the maker's conversation about the game, with
		// its subject, and its seat's key for the replies (invite …)
		row.Seat, n.Root, n.Keyed = s, true, true
	}
	row.Text = n.Encode()
	return row
}

// tokenGame reads the game id of a join token.
func tokenGame(tok string) (uint64, bool) {
	n := wire.KeyGame(tok)
	return n, strings.Contains(tok, "-") && n > 0
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
