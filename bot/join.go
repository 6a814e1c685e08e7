package bot

import (
	"strings"

	"umpire/bot/door"
	"umpire/bot/pace"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// join takes a seat: `join TOKEN` with an invitation's token, anywhere
// (`#N join TOKEN` too, as a reply to an invitation by mail reads); or
// `join #N [SEAT]` in the chat where game N was made. When the last seat is
// taken the game starts. The seat's key is replaced at the join: the one
// it was taken with opens nothing after.
func (b *Bot) join(v door.Visit) error {
	id, tok := v.Cmd.Game, ""
	if len(v.Cmd.Args) > 0 {
		if n, ok := tokenGame(v.Cmd.Args[0]); ok {
			if id != 0 && id != n {
				return post.Oops("err.bad-token")
			}
			id, tok = n, v.Cmd.Args[0]
		}
	}
	if err := roomForGame(b.db, v.Player, orNobody(nil), false); err != nil {
		return err
	}
	if id == 0 {
		if len(v.Cmd.Args) == 0 {
			return post.Oops("usage.join")
		}
		return post.Oops("err.bad-token")
	}
	var want referee.Seat
	if tok == "" && len(v.Cmd.Args) > 0 {
		if want = b.cat.SeatStem(v.Cmd.Args[0]); want == "" { // blankaj, blanka, белыми
			want = referee.Seat(strings.ToLower(v.Cmd.Args[0]))
		}
	}
	_, err := b.apply(v.In, id, func(g *store.Game, t *table) ([]store.Outgoing, error) {
		seat, err := pickSeat(v, g, tok, want)
		if err != nil {
			return nil, err
		}
		// The key the seat was taken with was seen by others (the maker
		// of a join link, a group): the player gets a fresh one, which
		// only the messages to that player carry.
		fresh, err := b.dice.Token(g.ID)
		if err != nil {
			return nil, err
		}
		g.Seats[seat] = store.Seat{PlayerID: v.Player.ID, Token: fresh, Secrets: g.Seats[seat].Secrets}
		t.players[seat] = v.Player
		if len(freeSeats(g)) > 0 {
			return t.joinedRows(g, seat, v.Player), nil
		}
		return b.start(g, t)
	})
	return err
}

// pickSeat checks that player p may take a seat of g and returns it.
func pickSeat(v door.Visit, g *store.Game, tok string, want referee.Seat) (referee.Seat, error) {
	id := itoa(g.ID)
	byToken := referee.Seat("")
	for _, s := range post.SeatsOf(g) {
		if seat := g.Seats[s]; tok != "" && seat.Token == tok && seat.PlayerID == 0 {
			byToken = s
		}
	}
	switch {
	case tok != "" && byToken == "":
		return "", post.Oops("err.bad-token") // a token tells of no game but its own
	case tok == "" && !mayFollow(g, v.Player, v.In):
		return "", unknownGame(g)
	case g.State != store.StateOpen:
		return "", post.Oops("err.not-open", "game", id)
	}
	if _, ok := g.SeatOf(v.Player.ID); ok {
		return "", post.Oops("err.already-seated", "game", id)
	}
	if byToken != "" {
		return byToken, nil
	}
	if g.Chat.IsZero() || g.Chat != v.Chat() {
		return "", post.Oops("err.join-where", "game", id)
	}
	free := freeSeats(g)
	if want == "" && len(free) > 0 {
		return free[0], nil
	}
	if _, ok := g.Seats[want]; !ok {
		return "", badSeat(id, string(want), free)
	}
	if g.Seats[want].PlayerID != 0 {
		return "", post.Oops("err.seat-taken", "game", id, "seat", string(want))
	}
	return want, nil
}

// start begins a game whose seats are all taken: every seat gets its view
// and the start announcements, the chat and the watchers the public view.
func (b *Bot) start(g *store.Game, t *table) ([]store.Outgoing, error) {
	g.State = store.StatePlaying
	rg, err := b.games.take(g)
	if err != nil {
		return nil, err
	}
	g.Paused = pace.Target(g, t, b.now()) // a player on vacation: the clock waits
	syncClock(b.now(), g, rg, t)
	b.games.put(g.ID, rg, len(g.Log))
	var players []post.Note
	var seated []*store.Player
	for _, s := range post.SeatsOf(g) {
		seated = append(seated, t.players[s])
	}
	names := seatNames(seated)
	for i, s := range post.SeatsOf(g) {
		players = append(players, post.Say("player-as", "name", names[i], "seat", string(s)))
	}
	started := post.Say("started", "game", itoa(g.ID))
	// a tournament's game says so; a rule set, what it has that others
	// lack (english: any?)
	started.Sub = map[string][]post.Note{"players": players, "variant": {post.Named(g)}}
	started.Lines = post.RuleSetLines(g)
	var rows []store.Outgoing
	for _, s := range post.SeatsOf(g) {
		n := started // the header says which seat the reader plays
		n.Start = true
		// A maker who took a seat in private had the game's first mail: the
		// notice that it was made (newgame.go).
		n.Rooted = g.Chat.IsZero() && g.Maker != 0 && g.Seats[s].PlayerID == g.Maker
		if r, ok := t.seatRow(g, s, post.KindView, n); ok {
			rows = append(rows, r)
		}
	}
	started.Start = true
	return append(rows, t.publicRows(g, post.KindView, started)...), nil
}

// freeSeats lists the seats nobody holds, in turn order.
func freeSeats(g *store.Game) []referee.Seat {
	var out []referee.Seat
	for _, s := range post.SeatsOf(g) {
		if g.Seats[s].PlayerID == 0 {
			out = append(out, s)
		}
	}
	return out
}

func seatList(seats []referee.Seat) string {
	var out []string
	for _, s := range seats {
		out = append(out, string(s))
	}
	return strings.Join(out, ", ")
}

// badSeat refuses a seat that game id has not free, naming the free ones
// as the reader writes them ("blankaj, nigraj").
func badSeat(id, seat string, free []referee.Seat) error {
	n := post.Say("err.bad-seat", "game", id, "seat", texts.Echo(seat))
	n.Sub = map[string][]post.Note{"list": nil}
	for _, s := range free {
		n.Sub["list"] = append(n.Sub["list"], post.Say("seat-word", "seat", string(s)))
	}
	return &post.Mistake{Note: n}
}

// joinedRows tell a game that still has free seats who took seat: the
// player who took it, in the second person and with what comes next; the
// other seated players and the public, by name.
func (t *table) joinedRows(g *store.Game, seat referee.Seat, p *store.Player) []store.Outgoing {
	id := itoa(g.ID)
	n := post.Say("joined", "name", shownName(p), "game", id, "seat", string(seat))
	var rows []store.Outgoing
	for _, s := range post.SeatsOf(g) {
		said := n
		if s == seat {
			said = post.Say("joined-you", "game", id, "seat", string(seat))
		}
		if r, ok := t.seatRow(g, s, post.KindNotice, said); ok {
			rows = append(rows, r)
		}
	}
	return append(rows, t.publicRows(g, post.KindNotice, n)...)
}
