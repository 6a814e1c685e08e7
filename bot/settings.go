package bot

import (
	"errors"
	"slices"
	"strings"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// setLang sets the language of the player, or in a group of the group:
// `lang ru`.
func (b *Bot) setLang(in wire.Inbound, p *store.Player, cmd command) error {
	if len(cmd.args) == 0 || !slices.Contains(b.langs, strings.ToLower(cmd.args[0])) {
		return oops("err.bad-lang", "list", strings.Join(b.langs, ", "))
	}
	lang := strings.ToLower(cmd.args[0])
	addr := chatOf(in)
	row := inConversation(b.db, in, p, store.Outgoing{To: addr, Kind: post.KindNotice, Lang: lang}, post.Say("lang-set"))
	return update(b.db, in, func(tx *store.Tx) error {
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
func (b *Bot) setName(in wire.Inbound, p *store.Player, cmd command) error {
	name := texts.Clean(strings.Join(cmd.args, " "))
	if name == "" || len(strings.Join(cmd.args, " ")) > 256 {
		return oops("usage.name")
	}
	p.Name = name
	row := store.Outgoing{To: chatOf(in), Kind: post.KindNotice, Text: post.Say("name-set", "name", name).Encode(), Lang: p.Lang}
	return update(b.db, in, func(tx *store.Tx) error {
		fresh, err := tx.Player(p.ID)
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
func (b *Bot) rules(in wire.Inbound, p *store.Player, cmd command) error {
	if len(cmd.args) == 0 {
		return b.reply(in, p, post.Say("rules-list", "list", variantList()))
	}
	v := variant(b.cat, cmd.args[0])
	if v == nil {
		return oops("err.unknown-variant", "name", cmd.args[0], "list", variantList())
	}
	n := post.Say("rules." + v.Key)
	if id := "rules-acts." + v.Key; b.cat.Has("en", id) { // each act, what it needs, an example
		n.Lines = append(n.Lines, post.Say(id))
	}
	if len(v.RuleSets) > 0 {
		n.Lines = append(n.Lines, post.Say("rules-sets", "list", strings.Join(v.RuleSets, ", ")))
		for _, r := range v.RuleSets {
			if id := "rules-set." + v.Key + "." + r; b.cat.Has("en", id) {
				n.Lines = append(n.Lines, post.Say(id))
			}
		}
	}
	return b.reply(in, p, n)
}

// helpNote is what help says: the commands; `help diplomacy`, each act of
// three-player chess's diplomacy with what it needs and an example.
func helpNote(cat *texts.Catalog, cmd command) post.Note {
	if len(cmd.args) > 0 && cat.Command(cmd.args[0]) == "diplomacy" {
		return post.Say("rules-acts." + referee.Triad.Key)
	}
	return post.Say("help")
}

// update runs fn in a write transaction that also marks the message seen;
// a message seen before changes nothing.
func update(db *store.DB, in wire.Inbound, fn func(tx *store.Tx) error) error {
	key := keyOf(in)
	return db.Update(func(tx *store.Tx) error {
		if key != "" {
			if first, err := tx.Once(key); !first || err != nil {
				return err
			}
		}
		return fn(tx)
	})
}
