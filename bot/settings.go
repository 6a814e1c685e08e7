package bot

import (
	"errors"
	"slices"
	"strings"

	"umpire/bot/door"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// setLang sets the language of the player, or in a group of the group:
// `lang ru`.
func (b *Bot) setLang(v door.Visit) error {
	if len(v.Cmd.Args) == 0 || !slices.Contains(b.langs, strings.ToLower(v.Cmd.Args[0])) {
		return post.Oops("err.bad-lang", "list", strings.Join(b.langs, ", "))
	}
	lang := strings.ToLower(v.Cmd.Args[0])
	addr := v.Chat()
	row := b.door.Conversation(v, store.Outgoing{To: addr, Kind: post.KindNotice, Lang: lang}, post.Say("lang-set"))
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		who, err := tx.PlayerAt(addr)
		if errors.Is(err, store.ErrNotFound) { // a group speaks for the first time
			who, err = &store.Player{Name: addr.String(), Addresses: []store.Address{addr}}, nil
		}
		if err != nil {
			return err
		}
		who.Lang = lang
		if err := tx.PutPlayer(who); err != nil {
			return err
		}
		_, err = tx.Queue(row)
		return err
	})
}

// setName sets the player's name, shown to the other players and in PGN.
func (b *Bot) setName(v door.Visit) error {
	name := texts.Clean(strings.Join(v.Cmd.Args, " "))
	if name == "" || len(strings.Join(v.Cmd.Args, " ")) > 256 {
		return post.Oops("usage.name")
	}
	v.Player.Name = name
	row := store.Outgoing{To: v.Chat(), Kind: post.KindNotice, Text: post.Say("name-set", "name", name).Encode(), Lang: v.Player.Lang}
	return door.Update(b.db, v.Key(), func(tx *store.Tx) error {
		fresh, err := tx.Player(v.Player.ID)
		if err != nil {
			return err
		}
		fresh.Name = name
		if err := tx.PutPlayer(fresh); err != nil {
			return err
		}
		_, err = tx.Queue(row)
		return err
	})
}

// rules describes a variant and its rule sets, or lists the variants.
func (b *Bot) rules(v door.Visit) error {
	if len(v.Cmd.Args) == 0 {
		return b.door.Reply(v, post.Say("rules-list", "variants", post.VariantList()))
	}
	vt := b.cat.VariantWord(v.Cmd.Args[0])
	if vt == nil {
		return post.Oops("err.unknown-variant", "name", texts.EchoWord(v.Cmd.Args[0]), "variants", post.VariantList())
	}
	n := post.Say("rules." + vt.Key)
	if id := "rules-acts." + vt.Key; b.cat.Has("en", id) { // each act, what it needs, an example
		n.Lines = append(n.Lines, post.Say(id))
	}
	if len(vt.RuleSets) > 0 {
		n.Lines = append(n.Lines, post.Say("rules-sets", "rulesets", texts.RuleSetKeys(vt)))
		for _, r := range vt.RuleSets {
			if id := "rules-set." + vt.Key + "." + r; b.cat.Has("en", id) {
				n.Lines = append(n.Lines, post.Say(id))
			}
		}
	}
	return b.door.Reply(v, n)
}

// help answers `help`: the commands; `help diplomacy`, each act of
// three-player chess's diplomacy with what it needs and an example, then
// a worked timeline of when Lords may order.
func (b *Bot) help(v door.Visit) error {
	if len(v.Cmd.Args) > 0 && b.cat.Command(v.Cmd.Args[0]) == "diplomacy" {
		n := post.Say("rules-acts." + referee.Triad.Key)
		n.Lines = []post.Note{post.Say("rules-timeline." + referee.Triad.Key)}
		return b.door.Reply(v, n)
	}
	return b.door.Reply(v, post.Say("help"))
}
