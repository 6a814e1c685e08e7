package lobby

import (
	"strconv"

	"umpire/bot/post"
	"umpire/house"
	"umpire/referee"
	"umpire/store"
)

// pair makes the game the seeks ask for, with the house player too when
// hp is not nil, and starts it: the players take the seats in an order
// the lobby's dice choose, a group's seeks make a game of the group. The
// store's inbound key makes it once; the seeks are then taken away (again
// harmlessly, should the key have been seen before).
func (l *Lobby) pair(key string, seeks []seek, hp *store.Player) error {
	players, err := l.players(seeks, hp)
	if err != nil {
		return err
	}
	order, err := l.env.Dice.Shuffled(len(players))
	if err != nil {
		return err
	}
	first := seeks[0]
	like := &store.Game{Variant: first.Variant, Options: referee.Options{Rules: optRules(first.variant(), first.Rules)}, Clock: first.Clock}
	if first.Group {
		like.Chat = first.Chat
	}
	if hp != nil {
		like.House = int(house.DefaultLevel)
	}
	seated := make([]*store.Player, len(players))
	for i := range players {
		seated[i] = players[order[i]]
	}
	if err := l.env.Start(key, like, seated); err != nil {
		return err
	}
	return l.dropSeeks(seeks)
}

// optRules is the rule set a game stores: "" for the variant's default.
func optRules(v *referee.Variant, rules string) string {
	if len(v.RuleSets) > 0 && v.RuleSets[0] == rules {
		return ""
	}
	return rules
}

// players loads the players of seeks, and the house player.
func (l *Lobby) players(seeks []seek, hp *store.Player) ([]*store.Player, error) {
	var out []*store.Player
	for _, s := range seeks {
		p, err := l.env.DB.Player(s.Player)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if hp != nil {
		out = append(out, hp)
	}
	return out, nil
}

// TickSeeks answers, with the house player, the seeks that agreed to it
// and waited SeekHouse, and lets lapse, with a word to the seeker, those
// that waited SeekLapse. The house's Receive calls it every SeekTick;
// tests call it with their clock.
func (l *Lobby) TickSeeks() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	book, err := l.book()
	if err != nil {
		return err
	}
	now := l.env.Now()
	for _, s := range book.Seeks {
		var err error
		switch age := now.Sub(s.Made); {
		case age >= SeekLapse:
			err = l.lapse(s)
		case s.House && age >= SeekHouse && len(s.variant().Seats) == 2:
			err = l.houseAnswers(s)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// lapse takes a seek away and tells its seeker.
func (l *Lobby) lapse(s seek) error {
	p, err := l.env.DB.Player(s.Player)
	if err != nil {
		return err
	}
	row := store.Outgoing{To: s.Chat, Kind: post.KindNotice, Lang: p.Lang,
		Text: post.Say("seek-lapsed", "seek", s.typed()).Encode()}
	if err := l.env.DB.QueueOnce("seek-lapsed:"+strconv.FormatUint(s.ID, 10), row); err != nil {
		return err
	}
	return l.dropSeeks([]seek{s})
}

// houseAnswers makes the game of a seek with the house player: the house
// alone makes a game with one seeker, in a variant for two.
func (l *Lobby) houseAnswers(s seek) error {
	hp, err := l.HousePlayer()
	if err != nil {
		return err
	}
	return l.pair("seek-house:"+strconv.FormatUint(s.ID, 10), []seek{s}, hp)
}
