package club

import (
	"strconv"
	"strings"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/store"
)

// Request is a club command as the bot read it: the message's key (so
// that a message handled twice acts once), the chat it was written in and
// its sender's own address.
type Request struct {
	Key     string
	Chat    store.Address
	From    store.Address
	Private bool
	Player  *store.Player
	Command string   // "tournament", "rating", "top" or "rematch"
	Args    []string // the words after it
	Game    uint64   // the game a #N word named, 0 for none
}

// Reader is what the club needs of the bot to read a command's words.
type Reader struct {
	Cat *texts.Catalog
	// Spec reads `VARIANT [RULES] [CLOCK] [double] [casual]` as `new`
	// does; a Refusal for anything else.
	Spec func(args []string) (Spec, error)
	// Invitee reads an address to invite, and reports whether the umpire
	// may write there now (the bot's caps on invitations).
	Invitee func(word string) (Invitee, func(tx *store.Tx) (bool, error), error)
	// Usage is the refusal that shows how to write a command ("usage.top").
	Usage func(id string) error
}

// Command runs `tournament …`, `rating [VARIANT [RULES]]`,
// `top VARIANT [RULES]` and `rematch [#N]`: the answer to give the sender, if any (the
// tournament's own messages it queues itself).
func (c *Club) Command(rd Reader, r Request) (post.Note, error) {
	switch r.Command {
	case "rematch":
		return c.Rematch(r.Key, r.Chat, r.Player, r.Game)
	case "rating":
		pool, err := c.pool(rd, r.Args, false)
		if err != nil {
			return post.Note{}, err
		}
		return c.Rating(r.Player, pool)
	case "top":
		pool, err := c.pool(rd, r.Args, true)
		if err != nil {
			return post.Note{}, err
		}
		var group store.Address
		if !r.Private {
			group = r.Chat
		}
		return c.Top(r.Player, group, pool)
	}
	return post.Note{}, c.tournament(rd, r)
}

// pool reads a rating pool: a variant and, for one with rule sets, a rule
// set (its first when none is named); "" for none where none is needed.
func (c *Club) pool(rd Reader, args []string, needed bool) (string, error) {
	if len(args) == 0 && !needed {
		return "", nil
	}
	if len(args) == 0 {
		return "", rd.Usage("usage.top")
	}
	s, err := rd.Spec(args)
	if err != nil {
		return "", rd.Usage("usage.top")
	}
	return Pool(s.Variant, s.Options), nil
}

// tournament runs `tournament` in a group: alone, what its tournaments
// stand at; `tournament VARIANT [RULES] [CLOCK] [double] [casual]` opens
// one; `join`, `begin` (the maker; "start" too), `leave`, `invite
// ADDRESS` (the maker) and `cancel` (the maker during the sign-up, or an
// administrator of the group), each with the tournament's number where the
// group has two open. In private only `join N` is read, from an address the
// maker invited.
func (c *Club) tournament(rd Reader, r Request) error {
	var word string
	var n uint64
	if len(r.Args) > 0 {
		word = rd.Cat.Command(r.Args[0])
		n, _ = strconv.ParseUint(strings.TrimPrefix(r.Args[len(r.Args)-1], "#"), 10, 64)
		if strings.EqualFold(r.Args[0], "start") {
			word = "begin" // not Telegram's /start, which is join
		}
	}
	switch {
	case r.Private && word == "join" && n != 0:
		return c.JoinInvited(r.Key, r.From, r.Player, n)
	case r.Private:
		return post.Oops("err.tourney-group")
	case len(r.Args) == 0:
		return c.Show(r.Key, r.Chat)
	}
	switch word {
	case "invite": // tournament invite ADDRESS [N]
		if len(r.Args) < 2 {
			return rd.Usage("usage.tournament")
		}
		to, may, err := rd.Invitee(r.Args[1])
		if err != nil {
			return err
		}
		return c.Invite(r.Key, r.Chat, r.Player, n, to, may)
	case "join":
		return c.Join(r.Key, r.Chat, r.Player, n)
	case "begin":
		return c.Begin(r.Key, r.Chat, r.Player, n)
	case "leave":
		return c.Leave(r.Key, r.Chat, r.Player, n)
	case "cancel", "abort":
		return c.Cancel(r.Key, r.Chat, r.From, r.Player, n)
	}
	s, err := rd.Spec(r.Args)
	if err != nil {
		return err
	}
	return c.Open(r.Key, r.Chat, r.Player, s)
}
