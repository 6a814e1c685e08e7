package telegram

import (
	"fmt"
	"strings"
	"testing"
)

// A group's game is the group's: a stranger who asks to watch it or see
// its board in a private chat with the bot is told there is no such game
// (in Esperanto, her language), hears nothing of its moves, and the game
// goes on.
func TestStrangerCannotFollowGroupGame(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	id := g.newInGroup("kriegspiel")
	g.step(g.srv.Start(carol))
	for _, cmd := range []string{"/watch #1", "/board #1"} {
		g.step(g.srv.Private(carol, cmd))
		if m, _ := g.srv.Last(carol); !strings.Contains(m.Text, "Ne ekzistas ludo #1") {
			t.Errorf("carol's %s was answered %q; want no such game", cmd, m.Text)
		}
	}
	heard := len(g.srv.To(carol))
	g.play("e4", "e5")
	if n := len(g.srv.To(carol)) - heard; n != 0 {
		t.Errorf("carol heard %d messages of a game she may not follow", n)
	}
	if n := len(g.stored(id).Log); n != 2 {
		t.Errorf("the game has %d entries; want the 2 moves", n)
	}
}

// `new … with <id>` writes straight only to someone who shares a game or a
// group with the inviter. Carol started the bot but shares nothing with
// Ann: she hears nothing, and Ann gets the deep link to pass on. Bob, who
// plays a game with Ann, is invited directly.
func TestInviteByIDOnlyToPartners(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	g.newInGroup("kriegspiel") // Ann and Bob share a game
	g.step(g.srv.Start(carol))
	heard := len(g.srv.To(carol))
	g.step(g.srv.Private(ann, fmt.Sprintf("/new kriegspiel with %d", carol)))
	if n := len(g.srv.To(carol)) - heard; n != 0 {
		t.Errorf("carol, a stranger to Ann, got %d messages", n)
	}
	if m, _ := g.srv.Last(ann); !strings.Contains(m.Text, "https://t.me/umpire_test_bot?start=") {
		t.Errorf("Ann was answered %q; want the deep link to pass on", m.Text)
	}
	g.step(g.srv.Private(ann, fmt.Sprintf("/new dark with %d", bob)))
	if m, _ := g.srv.Last(bob); !strings.Contains(m.Text, "#3") {
		t.Errorf("Bob's last message is %q; want the invitation to game #3", m.Text)
	}
}

// A /stop lasts on Telegram too: Bob, who shares a game with Ann, gets no
// invitation from her once he said stop (Ann gets the link to pass on,
// with no word of why); his own game goes on. When Bob writes again, he
// may be invited.
func TestStopLastsOnTelegram(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	id := g.newInGroup("kriegspiel")
	g.step(g.srv.Private(bob, "/stop"))
	heard := len(g.srv.To(bob))
	g.step(g.srv.Private(ann, fmt.Sprintf("/new dark with %d", bob)))
	if n := len(g.srv.To(bob)) - heard; n != 0 {
		t.Errorf("bob got %d messages after his stop", n)
	}
	if m, _ := g.srv.Last(ann); !strings.Contains(m.Text, "не могу сейчас пригласить") || !strings.Contains(m.Text, "?start=2-") || strings.Contains(m.Text, "не писать") {
		t.Errorf("Ann was answered %q; want the neutral refusal with game #2's link", m.Text)
	}
	g.play("e4", "e5")
	if n := len(g.stored(id).Log); n != 2 {
		t.Errorf("the game has %d entries; want the 2 moves", n)
	}
	g.step(g.srv.Private(bob, "/games"))
	g.step(g.srv.Private(ann, fmt.Sprintf("/new dark with %d", bob)))
	if m, _ := g.srv.Last(bob); !strings.Contains(m.Text, "#3") {
		t.Errorf("bob's last message is %q; want the invitation to game #3", m.Text)
	}
}
