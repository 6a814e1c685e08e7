package post

import (
	"context"
	"strconv"
	"strings"

	"umpire/bot/wire"
	"umpire/store"
)

// Topics. Where the transport has topics (wire.Topics: Telegram's forum
// topics, in a forum group and in a bot's private chats in topic mode),
// each conversation of a chat — a game, a tournament — gets a topic of its
// own: its messages, buttons, boards and end go there, and a move written
// there needs no #N (the door reads the topic's game). The sender decides
// which topic each message goes to; the transport only carries it there.
//
//   - A conversation is named by a slot: a game's rows by the game
//     (GameSlot), a tournament's by their note's Topic (TourneySlot).
//   - The first message of a conversation still going on, to a chat where
//     the transport says a topic may be opened now, opens one, named for
//     the game and, in a player's own chat, the others at its table
//     ("#12 Kriegspiel vs Ann"). The store claims the conversation before
//     the topic is asked for, so that a crash never makes two: a claim
//     found after a crash, like a topic refused, keeps the conversation in
//     the main chat.
//   - The start of a game renames the topic when the table's names came
//     since it was opened.
//   - Once the last message of a conversation (Note.End) is sent, its
//     topic is renamed with the outcome ("#12 Kriegspiel vs Ann · 1-0") and
//     closed; what comes after goes to the main chat.
//
// An invitation, or news of a game watched, never opens a topic: its
// reader did not ask for the conversation. Any topic error of the
// transport (a topic refused, gone or closed) sends the message to the
// main chat, once.

// GameSlot names the conversation of game id in a chat.
func GameSlot(id uint64) string { return "game " + itoa(id) }

// TourneySlot names the conversation of tournament id in its group; the
// same name fills its status slot (Note.Slot).
func TourneySlot(id uint64) string { return "tournament " + itoa(id) }

// SlotGame reads the game a slot names, and whether it names one.
func SlotGame(slot string) (uint64, bool) {
	n, ok := strings.CutPrefix(slot, "game ")
	id, err := strconv.ParseUint(n, 10, 64)
	return id, ok && err == nil && id > 0
}

// slotOf is the conversation a row belongs to, "" for none.
func slotOf(row store.Outgoing, n Note) string {
	if row.Game != 0 {
		return GameSlot(row.Game)
	}
	return n.Topic
}

// topic puts m in the topic of its row's conversation in its chat, opening
// one where it should (see above). Its error is the store's.
func (s *Sender) topic(ctx context.Context, m *wire.Message, row store.Outgoing, n Note) error {
	slot := slotOf(row, n)
	if s.topics == nil || slot == "" {
		return nil
	}
	t, known, err := s.o.db.Topic(row.To, slot)
	if err != nil {
		return err
	}
	if !known {
		if n.Unsolicited || !s.topics.HasTopics(m.To) || !s.goingOn(row, n) {
			return nil
		}
		if t, err = s.openTopic(ctx, row, slot, n); err != nil {
			return err
		}
	}
	if !t.Live() {
		return nil
	}
	m.Topic = t.ID
	if row.Kind == KindView && n.Start {
		s.renameTopic(ctx, row, slot, t, n)
	}
	return nil
}

// goingOn reports whether a row's conversation is still going on, so
// that a topic may be opened for it: a game not over, a tournament
// before its end.
func (s *Sender) goingOn(row store.Outgoing, n Note) bool {
	if row.Game == 0 {
		return !n.End
	}
	g, err := s.o.db.Game(row.Game)
	return err == nil && g.State != store.StateOver
}

// openTopic opens the topic of conversation slot in the row's chat, once:
// what became of it is recorded, a topic or the main chat.
func (s *Sender) openTopic(ctx context.Context, row store.Outgoing, slot string, n Note) (store.Topic, error) {
	t, claimed, err := s.o.db.ClaimTopic(row.To, slot)
	if err != nil || !claimed {
		return t, err
	}
	name := s.topicName(row, n)
	t = store.Topic{State: store.TopicMain}
	if id, err := s.topics.OpenTopic(ctx, wire.Address(row.To), name); err != nil {
		s.o.log.Warn("topic: not opened; the conversation stays in the main chat", "to", row.To.String(), "slot", slot, "err", err)
	} else {
		t = store.Topic{State: store.TopicOpen, ID: id, Name: name}
	}
	return t, s.o.db.PutTopic(row.To, slot, t)
}

// renameTopic gives a live topic the name its conversation has now (a
// game's table, once its seats are taken), when that changed. A failure
// is logged: the name is only a name.
func (s *Sender) renameTopic(ctx context.Context, row store.Outgoing, slot string, t store.Topic, n Note) {
	name := s.topicName(row, n)
	if name == t.Name {
		return
	}
	if err := s.topics.EditTopic(ctx, wire.Address(row.To), t.ID, name, false); err != nil {
		s.o.log.Info("topic: not renamed", "to", row.To.String(), "slot", slot, "err", err)
		return
	}
	t.Name = name
	if err := s.o.db.PutTopic(row.To, slot, t); err != nil {
		s.o.log.Warn("topic: its new name not kept", "to", row.To.String(), "slot", slot, "err", err)
	}
}

// closeTopic closes the topic m went to, once the last message of its
// conversation (Note.End) is sent there: renamed with the outcome, and
// recorded closed, so that what comes after goes to the main chat.
func (s *Sender) closeTopic(ctx context.Context, m wire.Message, row store.Outgoing, n Note) {
	slot := slotOf(row, n)
	if !n.End || m.Topic == "" || slot == "" {
		return
	}
	t, known, err := s.o.db.Topic(row.To, slot)
	if err != nil || !known || !t.Live() {
		return
	}
	name := s.overName(row, t.Name, n)
	if err := s.topics.EditTopic(ctx, m.To, t.ID, name, true); err != nil {
		s.o.log.Info("topic: not closed", "to", row.To.String(), "slot", slot, "err", err)
	}
	t.State, t.Name = store.TopicClosed, name
	if err := s.o.db.PutTopic(row.To, slot, t); err != nil {
		s.o.log.Warn("topic: its close not kept", "to", row.To.String(), "slot", slot, "err", err)
	}
}
