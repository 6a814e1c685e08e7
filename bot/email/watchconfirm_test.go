package email

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"umpire/store"
)

// startPublic makes a public Kriegspiel game between alice and bob.
func (tb *table) startPublic(t *testing.T) (white, black *letterIn, g *store.Game) {
	t.Helper()
	tb.writeConfirmed(t, alice, "new kriegspiel white public")
	created := tb.nextWith(t, alice, "join ")
	tok := joinToken.FindStringSubmatch(created.text)
	if tok == nil {
		t.Fatal("no join token")
	}
	tb.reply(t, alice, created, "invite black "+bob)
	tb.reply(t, bob, tb.nextWith(t, bob, tok[1]), "join")
	white, black = tb.nextWith(t, alice, "#"), tb.nextWith(t, bob, "#")
	return white, black, tb.game(t, alice)
}

var watchTokenIn = regexp.MustCompile(`watch #\d+ (w[0-9a-f]{16})`)

// A watch by mail in carol's name (Mallory's forgery) subscribes nobody:
// carol gets one mail saying what happened and that doing nothing is
// enough, and hears nothing of the game's moves. A second forgery sends
// her nothing more; a wrong token opens nothing. Her own reply with the
// token subscribes her, and the players play on throughout.
func TestForgedWatchNeedsConfirmation(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, black, g := tb.startPublic(t)
	id := fmt.Sprintf("#%d", g.ID)
	tb.write(t, carol, "watch "+id) // forged: carol never wrote
	ask := tb.nextWith(t, carol, "If not, do nothing")
	tok := watchTokenIn.FindStringSubmatch(ask.text)
	if tok == nil {
		t.Fatalf("no token in the confirmation %q", ask.text)
	}
	if ask.header.Get("List-Unsubscribe") == "" {
		t.Errorf("the confirmation, unasked for, carries no List-Unsubscribe")
	}
	tb.write(t, carol, "watch "+id) // again: nothing more to carol
	tb.write(t, carol, "watch "+id+" w0123456789abcdef")
	tb.nextTold(t, carol, "watch-bad-token")
	_, black = tb.play(t, white, black, "f3")
	tb.empty(t, carol)
	if now := tb.gameNow(t, g.ID); len(now.Watchers) != 0 {
		t.Fatalf("watchers %v before any confirmation", now.Watchers)
	}
	tb.reply(t, carol, ask, "watch "+id+" "+tok[1])
	tb.nextWith(t, carol, "You are watching")
	tb.reply(t, bob, black, "e5")
	tb.next(t, bob)
	tb.next(t, alice)
	if l := tb.next(t, carol); !strings.Contains(l.text, id) {
		t.Errorf("carol's news after e5: %q", l.text)
	}
	tb.reply(t, carol, ask, "watch "+id+" "+tok[1]) // a token is used once
	tb.nextTold(t, carol, "watch-bad-token")
}

// A game takes at most 50 watchers; a watcher who says stop hears no
// more news.
func TestWatchersCappedAndStopped(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	white, black, g := tb.startPublic(t)
	id := fmt.Sprintf("#%d", g.ID)
	tb.write(t, carol, "watch "+id)
	ask := tb.nextWith(t, carol, "If not, do nothing")
	tb.reply(t, carol, ask, "watch "+id+" "+watchTokenIn.FindStringSubmatch(ask.text)[1])
	tb.nextWith(t, carol, "You are watching")
	_, err := tb.db.Apply(g.ID, "", func(g *store.Game) ([]store.Outgoing, error) {
		for i := len(g.Watchers); i < 50; i++ {
			g.Watchers = append(g.Watchers, store.Address{Transport: "console", ID: fmt.Sprint(i)})
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	tb.write(t, eve, "watch "+id)
	tb.nextTold(t, eve, "err.watch-full")
	tb.writeConfirmed(t, carol, "stop")
	tb.nextTold(t, carol, "stop-quiet")
	tb.play(t, white, black, "f3", "e5")
	tb.empty(t, carol)
}

// A bare unwatch, as a reply to a watch's confirmation, drops the watch
// waiting there: the confirmation's token then opens nothing.
func TestUnwatchAnswersAWatchConfirmation(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	_, _, g := tb.startPublic(t)
	id := fmt.Sprintf("#%d", g.ID)
	tb.write(t, carol, "watch "+id)
	ask := tb.nextWith(t, carol, "If not, do nothing")
	tok := watchTokenIn.FindStringSubmatch(ask.text)
	if tok == nil {
		t.Fatalf("no token in the confirmation %q", ask.text)
	}
	tb.reply(t, carol, ask, "unwatch")
	if l := tb.next(t, carol); !strings.Contains(l.text, "You will not watch "+id) {
		t.Fatalf("unwatch in reply to the confirmation: %q", l.text)
	}
	tb.reply(t, carol, ask, "watch "+id+" "+tok[1])
	tb.nextTold(t, carol, "watch-bad-token")
	if now := tb.gameNow(t, g.ID); len(now.Watchers) != 0 {
		t.Errorf("watchers %v after the watch was dropped", now.Watchers)
	}
	tb.write(t, carol, "unwatch")
	tb.nextTold(t, carol, "usage.unwatch")
}
