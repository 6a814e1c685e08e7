package bot

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

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
func (b *Bot) newGame(in wire.Inbound, p *store.Player, cmd command) error {
	spec, err := readNew(b.cat, cmd.args)
	if err != nil {
		return err
	}
	v, seat := spec.variant, spec.seat
	if groupOnly(v) && in.Private {
		return oops("err.group-only", "variant", v.Key)
	}
	if seat == "" && in.Private {
		seat = v.Seats[0]
	}
	var hp *store.Player
	if spec.house {
		if hp, err = b.housePlayer(); err != nil {
			return err
		}
	}
	if seat != "" {
		if err := roomForGame(b.db, p, orNobody(hp), spec.house); err != nil {
			return err
		}
	}
	if err := groupLang(b.db, in, p); err != nil {
		return err
	}
	var to *invitee
	var mark []byte // the invitation counted as sent, if the game is made
	if spec.with != "" {
		iv, err := inviteeAt(b.db, &b.sends, b.langs, in, p, spec.with)
		if err != nil {
			return err
		}
		if !iv.unstarted {
			if mark, iv.blocked, err = reserveInvite(b.db, b.now(), p, iv); err != nil {
				return err
			}
		}
		to = &iv
	}
	var made *store.Game
	applied, err := b.db.Apply(0, keyOf(in), func(g *store.Game) ([]store.Outgoing, error) {
		made = g
		g.Variant, g.Options, g.Clock, g.Maker, g.Public, g.Casual = v.Key, spec.opts, spec.clock, p.ID, spec.public, spec.casual
		if g.Increment = spec.inc; spec.claim {
			g.TimeRule = claimRule
		}
		if spec.house {
			g.House = int(spec.level)
		}
		if !in.Private {
			g.Chat = chatOf(in)
		}
		for _, s := range v.Seats {
			tok, err := b.dice.token(g.ID)
			if err != nil {
				return nil, err
			}
			g.Seats[s] = store.Seat{Token: tok}
		}
		if seat != "" {
			g.Seats[seat] = store.Seat{PlayerID: p.ID, Token: g.Seats[seat].Token}
		}
		if hp != nil {
			return b.seatHouse(in, p, hp, g, to)
		}
		if to == nil {
			return []store.Outgoing{createdRow(in, p, g, "", "")}, nil
		}
		free := freeSeats(g)[0] // every variant has a seat for someone else
		if to.unstarted || to.blocked {
			fwd := store.Outgoing{Game: g.ID, To: chatOf(in), Kind: post.KindNotice, Text: forwardLink(g, free, *to).Encode(), Lang: p.Lang}
			return []store.Outgoing{createdRow(in, p, g, "", ""), fwd}, nil
		}
		return []store.Outgoing{createdRow(in, p, g, free, to.shown), invitation(p, g, free, *to)}, nil
	})
	if err != nil || !applied {
		return errors.Join(err, unreserve(b.db, mark))
	}
	if to == nil || to.unstarted || to.blocked || len(freeSeats(made)) == 0 {
		return nil
	}
	return invited(b.db, p, made.ID, freeSeats(made)[0], *to) // the seat invitation offered
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
}

// readNew reads the arguments of `new`: the variant first, then a rule
// set, a seat, a time control and "with ADDRESS" in any order ("with" in
// any language).
func readNew(cat *texts.Catalog, args []string) (newSpec, error) {
	var spec newSpec
	if len(args) == 0 {
		return spec, oops("usage.new", "list", variantList())
	}
	v := variant(cat, args[0])
	if v == nil {
		return spec, oops("err.unknown-variant", "name", args[0], "list", variantList())
	}
	spec.variant = v
	for i := 1; i < len(args); i++ {
		a := args[i]
		clock, inc, isClock, err := readControl(a)
		switch {
		case isClock && err != nil:
			return spec, err
		case isClock && spec.clock != 0:
			return spec, oops("usage.new", "list", variantList())
		case isClock:
			spec.clock, spec.inc = clock, inc
		case cat.Command(a) == claimRule:
			spec.claim = true
		case cat.Command(a) == "vs":
			if i+1 == len(args) || cat.Command(args[i+1]) != "house" || spec.house {
				return spec, oops("usage.new", "list", variantList())
			}
			i++
			spec.house, spec.level = true, house.DefaultLevel
			if i+1 < len(args) {
				if n, err := strconv.Atoi(args[i+1]); err == nil {
					if !house.ValidLevel(house.Level(n)) {
						return spec, oops("err.house-level", "level", args[i+1])
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
				return spec, oops("usage.new", "list", variantList())
			}
			i++
			spec.with = args[i]
		case slices.Contains(v.RuleSets, strings.ToLower(a)):
			spec.opts.Rules = strings.ToLower(a)
		case slices.Contains(v.Seats, cat.SeatStem(a)):
			spec.seat = cat.SeatStem(a)
		case a[0] >= '0' && a[0] <= '9': // meant as a time: 30m, 5 days
			return spec, oops("err.bad-clock", "clock", a)
		case len(v.RuleSets) > 0:
			return spec, oops("err.bad-rules", "variant", v.Key, "rules", a, "list", strings.Join(v.RuleSets, ", "))
		default:
			return spec, oops("usage.new", "list", variantList())
		}
	}
	if spec.house && spec.with != "" && len(v.Seats) < 3 {
		return spec, oops("usage.new", "list", variantList())
	}
	return spec, nil
}

// createdRow tells the maker of a game how its seats are taken. The seat
// invited (or "") was offered to the address to.
func createdRow(in wire.Inbound, p *store.Player, g *store.Game, invited referee.Seat, to string) store.Outgoing {
	n := post.Say("created", "game", itoa(g.ID), "variant", post.VariantOf(g))
	if g.Clock != 0 {
		set := post.Say("clock-set")
		set.Sub = map[string][]post.Note{"left": {post.Span(g.Clock)}}
		n.Lines = append(n.Lines, set)
	}
	for _, s := range post.SeatsOf(g) {
		seat := g.Seats[s]
		switch {
		case seat.PlayerID == p.ID:
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
	row := store.Outgoing{Game: g.ID, To: chatOf(in), Kind: post.KindNotice, Lang: p.Lang}
	if s, ok := g.SeatOf(p.ID); ok && g.Chat.IsZero() {
		// the first mail of the maker's conversation about the game, with
		// its subject, and its seat's key for the replies (invite …)
		row.Seat, n.Root, n.Keyed = s, true, true
	}
	row.Text = n.Encode()
	return row
}

// variant finds a variant by key or by its name in any language.
func variant(cat *texts.Catalog, word string) *referee.Variant {
	w := strings.ToLower(word)
	for _, v := range referee.Variants() {
		if v.Key == w {
			return v
		}
		for _, l := range texts.Languages {
			if strings.ToLower(cat.Text(l, "variant."+v.Key, nil)) == w {
				return v
			}
		}
	}
	return nil
}

// variantList lists the variants' keys.
func variantList() string {
	var keys []string
	for _, v := range referee.Variants() {
		keys = append(keys, v.Key)
	}
	return strings.Join(keys, ", ")
}

// dice makes the secrets of the bot from its source of randomness.
type dice struct{ r io.Reader }

// token makes a seat's join token: the game id and a random part, in the
// characters a Telegram deep link allows.
func (d dice) token(gameID uint64) (string, error) {
	r, err := d.random(8)
	if err != nil {
		return "", err
	}
	return itoa(gameID) + "-" + r, nil
}

// salt makes the salt that seals a secret choice.
func (d dice) salt() (string, error) { return d.random(32) }

// random returns n random bytes in hex.
func (d dice) random(n int) (string, error) {
	buf := make([]byte, n)
	if _, err := io.ReadFull(d.r, buf); err != nil {
		return "", fmt.Errorf("bot: random: %w", err)
	}
	return hex.EncodeToString(buf), nil
}

// tokenGame reads the game id of a join token.
func tokenGame(tok string) (uint64, bool) {
	n := wire.KeyGame(tok)
	return n, strings.Contains(tok, "-") && n > 0
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
