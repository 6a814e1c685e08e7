package telegram

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"umpire/bot/telegram/tgtest"
	"umpire/bot/wire"
	"umpire/store"
)

// topicMode turns the bot's topic mode on, as its operator does in
// @BotFather: its private chats may hold topics.
func topicMode(s *tgtest.Server) { s.Bot.HasTopicsEnabled = true }

// topicOf is the topic of chat named for game id ("#id …"), failing the
// test when there is none.
func topicOf(t *testing.T, srv *tgtest.Server, chat int64, id uint64) tgtest.TopicInfo {
	t.Helper()
	for _, tp := range srv.Topics(chat) {
		if strings.HasPrefix(tp.Name, fmt.Sprintf("#%d ", id)) {
			return tp
		}
	}
	t.Fatalf("chat %d has no topic of game %d: %+v", chat, id, srv.Topics(chat))
	return tgtest.TopicInfo{}
}

// TestTopicsInPrivateChats: with the bot in topic mode, Ann and Bob, who
// play three games together, get each game in a topic of its own in their
// private chats, named for the game and the other player ("#2 Kriegspiel
// vs Ann", in each reader's language); every message of a game goes to its
// topic, and nothing of a game to the main chat. Ann plays a move of game
// 2 by writing it in its topic, without #2 (in the main chat, with three
// games going on, the umpire would ask which); when game 2 ends its
// topics are renamed with the result and closed, and the others go on.
func TestTopicsInPrivateChats(t *testing.T) {
	t.Parallel()
	g := newGame(t, topicMode)
	var ids []uint64
	for range 3 {
		ids = append(ids, g.newInGroup("kriegspiel"))
	}
	for i, id := range ids {
		if a, b := topicOf(t, g.srv, ann, id), topicOf(t, g.srv, bob, id); a.Name != fmt.Sprintf("#%d Кригшпиль против Bob", id) ||
			b.Name != fmt.Sprintf("#%d Kriegspiel vs Ann", id) || a.Closed || b.Closed {
			t.Errorf("game %d (#%d): topics %+v and %+v", id, i+1, a, b)
		}
	}
	two := topicOf(t, g.srv, ann, ids[1])
	g.step(g.srv.InTopic(ann, two.ID, ann, "e4"))
	if sg := g.stored(ids[1]); len(sg.Log) != 1 || sg.Log[0].Text != "e4" {
		t.Fatalf("game %d after e4 in its topic: %v", ids[1], sg.Log)
	}
	for _, id := range []uint64{ids[0], ids[2]} {
		if sg := g.stored(id); len(sg.Log) != 0 {
			t.Errorf("game %d moved: %v", id, sg.Log)
		}
	}
	bobs := topicOf(t, g.srv, bob, ids[1])
	if last, _ := g.srv.Last(bob); last.Thread != bobs.ID || !strings.Contains(last.Text, fmt.Sprintf("#%d ", ids[1])) {
		t.Errorf("Bob's news of e4 went to topic %d: %q; want topic %d", last.Thread, last.Text, bobs.ID)
	}
	g.step(g.srv.InTopic(bob, bobs.ID, bob, "resign"))
	if sg := g.stored(ids[1]); sg.State != store.StateOver || sg.Result != "1-0" {
		t.Fatalf("game %d: %s %s", ids[1], sg.State, sg.Result)
	}
	for _, chat := range []int64{ann, bob} {
		tp := topicOf(t, g.srv, chat, ids[1])
		if !tp.Closed || !strings.HasSuffix(tp.Name, " · 1-0") {
			t.Errorf("chat %d: game %d's topic at its end: %+v", chat, ids[1], tp)
		}
		if tp := topicOf(t, g.srv, chat, ids[0]); tp.Closed {
			t.Errorf("chat %d: game %d's topic closed: %+v", chat, ids[0], tp)
		}
		checkTopics(t, g.srv, chat)
	}
}

// checkTopics checks that every message to chat that names a game ("#N")
// went to that game's topic, and that a topic got nothing that names
// another game.
func checkTopics(t *testing.T, srv *tgtest.Server, chat int64) {
	t.Helper()
	games := map[int]string{} // topic → the game it is named for
	for _, tp := range srv.Topics(chat) {
		games[tp.ID] = gameWords.FindString(tp.Name)
	}
	for _, m := range srv.To(chat) {
		game, inTopic := games[m.Thread]
		for _, named := range gameWords.FindAllString(m.Text, -1) {
			if !inTopic || named != game {
				t.Errorf("chat %d: a message that names %s went to topic %d (%s): %q", chat, named, m.Thread, game, m.Text)
			}
		}
		if m.Thread != 0 && !inTopic {
			t.Errorf("chat %d: a message went to topic %d, which the bot did not open: %q", chat, m.Thread, m.Text)
		}
	}
}

// gameWords are the games a text names.
var gameWords = regexp.MustCompile(`#[0-9]+\b`)

// topicRefusals are the ways Telegram refuses topics, each as a test sets
// it up: before the bot starts (setup) and once the games are made
// (after, given the fake and the games).
var topicRefusals = []struct {
	name    string
	setup   func(*tgtest.Server)
	after   func(t *testing.T, srv *tgtest.Server, games []uint64)
	opens   int  // createForumTopic calls
	some    bool // some messages went to topics before the refusal
	refused int  // sends refused, then sent to the main chat
}{
	{name: "topic mode off", setup: func(*tgtest.Server) {}},
	{name: "BOT_FORUM_CREATE_FORBIDDEN", setup: func(s *tgtest.Server) {
		topicMode(s)
		s.Fail(tgtest.Fault{Method: "createForumTopic", Code: 400, Description: "Bad Request: BOT_FORUM_CREATE_FORBIDDEN", Times: 100})
	}, opens: 2}, // once in each chat, which is then left alone
	{name: "message thread not found", setup: topicMode, after: func(t *testing.T, s *tgtest.Server, _ []uint64) {
		s.LoseTopics(ann)
		s.LoseTopics(bob)
	}, opens: 4, some: true, refused: 2}, // once in each chat, which is then left alone
	{name: "TOPIC_CLOSED", setup: topicMode, after: func(t *testing.T, s *tgtest.Server, games []uint64) {
		for _, chat := range []int64{ann, bob} {
			s.CloseTopic(chat, topicOf(t, s, chat, games[0]).ID)
		}
	}, opens: 4, some: true, refused: 2},
}

// TestTopicsRefused: whatever way Telegram refuses topics — topic mode
// off, createForumTopic refused (BOT_FORUM_CREATE_FORBIDDEN), the topics
// lost ("message thread not found", tdlib/telegram-bot-api #847), a topic
// closed (TOPIC_CLOSED) — Ann and Bob get every message of their two games
// exactly once, the same messages in the same order as a bot without
// topics sends them: what a topic refused goes to the main chat. (The
// cases run in turn: the first, without topics, is what the others are
// held to.)
func TestTopicsRefused(t *testing.T) {
	t.Parallel()
	want := map[int64][]string{}
	for i, c := range topicRefusals {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, c.setup)
			games := []uint64{g.newInGroup("kriegspiel"), g.newInGroup("kriegspiel")}
			if c.after != nil {
				c.after(t, g.srv, games)
			}
			for _, m := range []struct {
				who  int64
				text string
			}{{ann, "#1 e4"}, {bob, "#1 e5"}, {ann, "#2 d4"}, {bob, "#1 resign"}} {
				g.step(g.srv.Private(m.who, m.text))
			}
			if n := g.srv.Calls("createForumTopic"); n != c.opens {
				t.Errorf("createForumTopic called %d times; want %d", n, c.opens)
			}
			if n := sends(g.srv) - newMessages(g.srv); n != c.refused {
				t.Errorf("%d sends refused; want %d", n, c.refused)
			}
			for _, chat := range []int64{ann, bob} {
				if inTopics, last := where(g.srv, chat); inTopics > 0 != c.some || last != 0 {
					t.Errorf("chat %d: %d messages in topics (want some: %v), the last in topic %d", chat, inTopics, c.some, last)
				}
				got := delivered(g.srv, chat)
				if i == 0 {
					want[chat] = got
					continue
				}
				if strings.Join(got, "\n\n") != strings.Join(want[chat], "\n\n") {
					t.Errorf("chat %d got\n%s\n\nwithout topics it gets\n%s", chat, strings.Join(got, "\n"), strings.Join(want[chat], "\n"))
				}
			}
		})
	}
}

// sends counts the calls that send a message (not those that edit one),
// refused ones too.
func sends(srv *tgtest.Server) int {
	n := 0
	for _, m := range []string{"sendMessage", "sendPhoto", "sendDocument", "sendAnimation"} {
		n += srv.Calls(m)
	}
	return n
}

// newMessages counts the messages sent, edits left out.
func newMessages(srv *tgtest.Server) int {
	n := 0
	for _, m := range srv.Sent() {
		if !m.Edited {
			n++
		}
	}
	return n
}

// where counts the messages chat got in topics, and names the topic of
// the last one.
func where(srv *tgtest.Server, chat int64) (inTopics, last int) {
	for _, m := range srv.To(chat) {
		if m.Thread != 0 {
			inTopics++
		}
		last = m.Thread
	}
	return inTopics, last
}

// delivered are the messages chat got, each as its method and text, in
// order, wherever they went in it.
func delivered(srv *tgtest.Server, chat int64) []string {
	var out []string
	for _, m := range srv.To(chat) {
		out = append(out, fmt.Sprintf("%s edited=%v %q", m.Method, m.Edited, m.Text))
	}
	return out
}

// forum is a supergroup that is a forum, with the bot an administrator
// that may manage its topics.
const forum int64 = -1009001

// addForum adds the forum to the fake.
func addForum(s *tgtest.Server) { s.AddForum(forum, "Chess forum") }

// TestTopicsInForum: in a forum group, a three-player game made there
// gets a topic of its own, where everything of it goes (its invitation,
// the seats taken, its board, its end) and where moves are written
// without #N; at its end the topic is renamed with the result and closed.
// A tournament made there gets a topic for its sign-up (joined by the
// button there), its start, its standings and its final table, and is
// closed with the final table; its games are played in private.
func TestTopicsInForum(t *testing.T) {
	t.Parallel()
	g := newGame(t, addForum)
	for _, u := range []int64{ann, bob, carol} {
		g.step(g.srv.Start(u))
	}
	g.step(g.srv.Group(forum, ann, "/new@umpire_test_bot triad"))
	inv, _ := g.srv.Last(forum)
	for i, u := range []int64{ann, bob, carol} {
		g.step(g.srv.FollowLink(u, inv.Buttons[0][i].URL))
	}
	triad := topicOf(t, g.srv, forum, 1)
	if triad.Name != "#1 Триада" || inv.Thread != triad.ID { // the forum reads Russian, as Ann does
		t.Errorf("the game's topic %+v; its invitation went to topic %d", triad, inv.Thread)
	}
	for _, st := range []struct {
		who  int64
		text string
	}{{ann, "/m d2d4"}, {bob, "/resign"}, {ann, "/resign"}} {
		g.step(g.srv.InTopic(forum, triad.ID, st.who, st.text))
	}
	if sg := g.stored(1); sg.State != store.StateOver || sg.Result != "1-0-2" {
		t.Fatalf("the game: %s %s", sg.State, sg.Result)
	}
	if tp := topicOf(t, g.srv, forum, 1); !tp.Closed || tp.Name != "#1 Триада · 1-0-2" {
		t.Errorf("the game's topic at its end: %+v", tp)
	}
	tourney := playTourneyIn(t, g, forum)
	if tp := g.srv.Topics(forum)[1]; tp.ID != tourney || !tp.Closed || tp.Name != "Турнир 1: шахматы · завершён" {
		t.Errorf("the tournament's topic at its end: %+v", tp)
	}
	want := triad.ID // the game's, until the tournament, made once the game was over
	for _, m := range g.srv.To(forum) {
		if strings.HasPrefix(m.Text, "Турнир 1:") && !m.Edited {
			want = tourney
		}
		if m.Thread != want && !m.Edited {
			t.Errorf("a message went to topic %d; want %d: %q", m.Thread, want, m.Text)
		}
	}
}

// playTourneyIn opens a round robin of chess for Ann, Bob and Carol in
// group chat, in its topic there, and plays its games in private to their
// ends (by resignation); it returns the tournament's topic.
func playTourneyIn(t *testing.T, g *game, chat int64) int {
	t.Helper()
	g.step(g.srv.Group(chat, ann, "/tournament@umpire_test_bot chess 3d"))
	signup, _ := g.srv.Last(chat)
	if signup.Thread == 0 {
		t.Fatalf("the sign-up went to the main chat: %q", signup.Text)
	}
	for _, u := range []int64{bob, carol} {
		g.step(g.srv.Press(u, chat, signup.MessageID, signup.Buttons[0][0].Data))
	}
	g.step(g.srv.InTopic(chat, signup.Thread, ann, "/tournament@umpire_test_bot begin"))
	users := g.users(ann, bob, carol)
	for id := uint64(2); id <= 4; id++ {
		sg := g.stored(id)
		white, black := users[sg.Seats["white"].PlayerID], users[sg.Seats["black"].PlayerID]
		g.step(g.srv.Private(white, fmt.Sprintf("#%d e2e4", id)))
		g.step(g.srv.Private(black, fmt.Sprintf("#%d resign", id)))
	}
	return signup.Thread
}

// TestTopicsOnceAcrossRestarts: a topic is asked for once. One claimed
// before a crash whose answer was lost (the store holds it "opening") is
// never asked for again: that game stays in Ann's main chat, while Bob's
// chat gets its topic. After a restart on the same database, the games go
// on in the topics they have, none is opened twice, and a forum is known
// as one before anyone writes there again.
func TestTopicsOnceAcrossRestarts(t *testing.T) {
	t.Parallel()
	g := newGame(t, topicMode, addForum)
	annChat := store.Address{Transport: Name, ID: fmt.Sprint(ann)}
	if err := g.db.PutTopic(annChat, "game 1", store.Topic{State: store.TopicOpening}); err != nil {
		t.Fatal(err)
	}
	g.newInGroup("kriegspiel")
	g.step(g.srv.Group(forum, carol, "/help"))
	if n := g.srv.Calls("createForumTopic"); n != 1 || len(g.srv.Topics(ann)) != 0 {
		t.Fatalf("%d topics asked for, Ann's chat has %+v; want Bob's alone", n, g.srv.Topics(ann))
	}
	if _, last := where(g.srv, ann); last != 0 {
		t.Errorf("Ann's game went to topic %d", last)
	}
	if err := g.stop(); err != nil {
		t.Fatal(err)
	}
	g.tr = g.transport(t)
	if !g.tr.HasTopics(wire.Address{Transport: Name, ID: fmt.Sprint(forum)}) {
		t.Error("after the restart the forum is not known as one")
	}
	b := newBot(t, g.db)
	g2 := &game{fixture: g.fixture, t: t, bot: b, send: b.Sender(g.tr)}
	g2.receive(t, g.tr, b)
	g2.step(g.srv.Private(ann, "e4"))
	bobs := topicOf(t, g.srv, bob, 1)
	if last, _ := g.srv.Last(bob); last.Thread != bobs.ID || g.srv.Calls("createForumTopic") != 1 {
		t.Errorf("after the restart Bob's news went to topic %d (want %d); %d topics asked for", last.Thread, bobs.ID, g.srv.Calls("createForumTopic"))
	}
}
