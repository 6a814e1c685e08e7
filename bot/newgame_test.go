package bot_test

import (
	"errors"
	"strings"
	"testing"

	"umpire/bot/bottest"
	"umpire/referee"
	"umpire/store"
)

// TestNewWith: `new … with ADDRESS` makes the game and invites ADDRESS to
// the first free seat in one go, in every language; the invitation names
// the game, and its token takes the seat.
func TestNewWith(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text        string
		mine, their referee.Seat
	}{
		{"new chess with bob", referee.White, referee.Black},
		{"new chess black with bob", referee.Black, referee.White},
		{"new chess with @bob white", referee.White, referee.Black},
		{"новая chess с bob", referee.White, referee.Black},
		{"новая chess чёрные со bob", referee.Black, referee.White},
		{"nova chess kun bob", referee.White, referee.Black},
	} {
		w := newWorld(t)
		w.say("alice", tt.text)
		tok := w.token(1, tt.their)
		created, inv := w.tr.Last("alice"), w.tr.Last("bob")
		if created.Game != 1 || inv.Game != 1 {
			t.Errorf("%q: the created and invitation messages name games %d and %d; want 1", tt.text, created.Game, inv.Game)
		}
		if strings.Contains(created.Text, tok) || !strings.Contains(created.Text, "invitation sent to bob") {
			t.Errorf("%q: alice got %q; want the invitation named and no token", tt.text, created.Text)
		}
		if !strings.Contains(inv.Text, "alice invites you to game #1 (chess) as") || !strings.Contains(inv.Text, "join "+tok) {
			t.Errorf("%q: bob got %q; want an invitation with the token of %s", tt.text, inv.Text, tt.their)
		}
		w.say("bob", "join "+tok)
		g, _ := w.db.Game(1)
		if g.State != store.StatePlaying || g.Seats[tt.mine].PlayerID == g.Seats[tt.their].PlayerID {
			t.Errorf("%q: after bob joins, game #1 is %s with seats %v", tt.text, g.State, g.Seats)
		}
	}
}

// TestNewWithRefused: `new … with` without an address, or with an address
// the transport cannot reach, makes no game and sends no invitation.
func TestNewWithRefused(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		transport, text, want string
	}{
		{"test", "new chess with", "Write: new VARIANT"},
		{"test", "new chess with bob with carol", "Write: new VARIANT"},
		{"test", "new chess with bob@example.org", "same service as you"},
		{"email", "new chess with bob", "nobody of that name"}, // a name: only partners in a game
		{"email", "new chess with @bob", "same service as you"},
		{"email", "new chess with bob@", "same service as you"},
	} {
		w := newWorld(t)
		w.tr = bottest.New(tt.transport)
		w.send = w.bot.Sender(w.tr)
		w.say("alice", tt.text)
		w.contains("alice", tt.want)
		if _, err := w.db.Game(1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s %q made a game (%v)", tt.transport, tt.text, err)
		}
		if n := len(w.tr.Sent()); n != 1 {
			t.Errorf("%s %q: %d messages sent; want the refusal alone", tt.transport, tt.text, n)
		}
	}
}

// TestNewWithMail: by mail the address is an e-mail address, kept in lower
// case as the e-mail transport keeps its addresses; the invitation is in
// the invitee's language when it is a player.
func TestNewWithMail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.tr = bottest.New("email")
	w.send = w.bot.Sender(w.tr)
	w.say("bob@example.org", "lang ru")
	w.say("alice@example.org", "new kriegspiel with Bob@Example.ORG")
	inv := w.tr.Last("bob@example.org")
	if !strings.Contains(inv.Text, "приглашает вас в партию #1") || inv.Game != 1 {
		t.Errorf("bob got %q (game %d); want a Russian invitation to game 1", inv.Text, inv.Game)
	}
	w.contains("alice@example.org", "Black: invitation sent to bob@example.org.")
	w.say("bob@example.org", "сесть "+w.token(1, referee.Black))
	w.contains("alice@example.org", "Game #1 (Kriegspiel, wild16 rules), you play White.")
}

// TestNewWithInGroup: made in a group, the game belongs to the group; the
// invited seat is the first free one and the others are free there.
func TestNewWithInGroup(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "alice", "new kriegspiel with carol")
	w.contains("club", "White: invitation sent to carol.")
	w.contains("club", "Black is free: write join #1 black here")
	w.contains("carol", "as White. To accept, write: join "+w.token(1, referee.White))
	w.say("carol", "join "+w.token(1, referee.White))
	w.group("club", "alice", "join #1")
	w.contains("club", "begins: carol (White), alice (Black)")
}

// TestJoinTokenOfGame: a join token after the game's number takes the seat
// (a reply by mail to an invitation reads "#1 join TOKEN"); after another
// game's number it is refused.
func TestJoinTokenOfGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.say("alice", "new chess with bob")
	w.say("alice", "new chess with bob")
	w.say("bob", "#2 join "+w.token(1, referee.Black))
	w.contains("bob", "This invitation is not valid")
	w.say("bob", "#1 join "+w.token(1, referee.Black))
	w.contains("bob", "Game #1 (chess), you play Black.")
}

// TestJoinedSaysYou: the player who takes a seat while others are still
// free is told in the second person, and what comes next; the group is
// told by name.
func TestJoinedSaysYou(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.group("club", "alice", "new chess")
	w.group("club", "alice", "join #1 white")
	w.contains("alice", "You play White in game #1. It begins when every seat is taken; I will write to you then.")
	w.contains("club", "alice plays White in game #1.")
}
