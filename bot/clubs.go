package bot

import (
	"umpire/bot/club"
	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/store"
)

// The club (package club): ratings, leaderboards and a group's
// tournaments. The club keeps them; the bot reads their commands and
// lends the club what only it can do: make and start a tournament's
// game, and resign a game in a leaver's name.

// clubCommand runs `tournament …`, `rating …` and `top …` (club.Command).
func (b *Bot) clubCommand(v door.Visit) error {
	if v.Cmd.Name == "tournament" && !v.In.Private {
		if err := groupLang(b.db, v.In, v.Player); err != nil {
			return err
		}
	}
	rd := club.Reader{Cat: b.cat, Spec: func(args []string) (club.Spec, error) {
		spec, err := readNew(b.cat, args)
		if err != nil {
			return club.Spec{}, err
		}
		if spec.house || spec.with != "" || spec.seat != "" || spec.public {
			err = post.Oops("usage.tournament", "variants", post.VariantList())
		}
		if spec.pace.At != "" {
			spec.pace.Zone = v.Player.TZ // the maker's: its games' grid (clock/grid.go)
		}
		return club.Spec{Variant: spec.variant.Key, Options: spec.opts, Clock: spec.clock, Double: spec.double, Casual: spec.casual,
			Inc: spec.inc, Claim: spec.claim, Pace: spec.pace}, err
	}, Invitee: func(word string) (club.Invitee, func(tx *store.Tx) (bool, error), error) {
		iv, err := inviteeAt(b.db, b.door.Transports(), b.langs, v.In, v.Player, word)
		return club.Invitee{Addr: iv.addr, Lang: iv.lang}, func(tx *store.Tx) (bool, error) {
			_, blocked, err := mayInviteIn(b.now(), tx, v.Player, iv)
			return !blocked && !iv.unstarted, err
		}, err
	}, Usage: func(id string) error { return post.Oops(id, "variants", post.VariantList()) }}
	n, err := b.club.Command(rd, club.Request{Key: v.Key(), Chat: v.Chat(), From: v.From(), Private: v.In.Private,
		Player: v.Player, Command: v.Cmd.Name, Args: v.Cmd.Args, Game: v.Cmd.Game})
	if note, ok := post.MistakeOf(err); ok {
		return &post.Mistake{Note: note}
	}
	if err != nil || n.ID == "" {
		return err
	}
	return b.door.Reply(v, n)
}
