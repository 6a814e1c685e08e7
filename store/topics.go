package store

import (
	"bytes"
	"fmt"
)

// Topics. In a chat that holds topics (a Telegram forum group, a bot's
// private chat in topic mode; see wire.Topics) a conversation — a game, a
// tournament, named by a slot such as "game 12" — lives in a topic of its
// own. The store keeps where each conversation of each chat lives, so that
// a topic is opened once, survives restarts, and a message written in a
// topic is read as meant for its conversation:
//
//   - 's' ‖ chat ‖ 0 ‖ slot → JSON Topic, where the conversation lives;
//   - 't' ‖ chat ‖ 0 ‖ topic id → slot, the conversation of a topic.
//
// chat is the address as "transport:id". Only post writes here, when it
// sends; the door reads the second index.
var bucketTopics = []byte("topics")

// TopicState is where a conversation of a chat stands.
type TopicState string

// The states of a conversation's topic.
const (
	// TopicOpening is written before a topic is asked for: found after a
	// crash, it means that a topic may have been made and its id lost, so
	// none is asked for again (no duplicate topics), and the conversation
	// stays in the main chat.
	TopicOpening TopicState = "opening"
	TopicOpen    TopicState = "open"   // ID is where the conversation lives
	TopicMain    TopicState = "main"   // no topic: the main chat
	TopicClosed  TopicState = "closed" // ID was closed at the end: the main chat from then on
)

// Topic is where a conversation lives in a chat.
type Topic struct {
	State TopicState `json:"state"`
	ID    string     `json:"id,omitempty"`   // the transport's id of the topic
	Name  string     `json:"name,omitempty"` // the name it was given last
}

// Live reports whether messages go to the topic: it is open.
func (t Topic) Live() bool { return t.State == TopicOpen && t.ID != "" }

func topicKey(kind byte, chat Address, name string) []byte {
	k := append([]byte{kind}, chat.String()...)
	k = append(k, 0)
	return append(k, name...)
}

// Topic is where conversation slot of chat lives, and whether the store
// knows (false: nothing was decided for it yet).
func (tx *Tx) Topic(chat Address, slot string) (Topic, bool) {
	var t Topic
	err := getJSON(tx.bucket(bucketTopics), topicKey('s', chat, slot), &t)
	return t, err == nil
}

// PutTopic records where conversation slot of chat lives; a topic with an
// id is indexed, so that TopicSlot finds its conversation.
func (tx *Tx) PutTopic(chat Address, slot string, t Topic) error {
	b := tx.bucket(bucketTopics)
	if err := putJSON(b, topicKey('s', chat, slot), t); err != nil {
		return fmt.Errorf("store: topic of %s in %s: %w", slot, chat, err)
	}
	if t.ID == "" {
		return nil
	}
	if err := b.Put(topicKey('t', chat, t.ID), []byte(slot)); err != nil {
		return fmt.Errorf("store: topic %s of %s: %w", t.ID, chat, err)
	}
	return nil
}

// TopicSlot is the conversation whose topic id is in chat, and whether
// there is one (a topic the bot did not open is none).
func (tx *Tx) TopicSlot(chat Address, id string) (string, bool) {
	if id == "" {
		return "", false
	}
	v := tx.bucket(bucketTopics).Get(topicKey('t', chat, id))
	return string(bytes.Clone(v)), v != nil
}

// ClaimTopic is where conversation slot of chat lives, when the store
// knows; else it records TopicOpening and reports claimed: the caller
// asks for the topic, once (a second claim finds it opening), and records
// how that went with PutTopic.
func (db *DB) ClaimTopic(chat Address, slot string) (t Topic, claimed bool, err error) {
	err = db.Update(func(tx *Tx) error {
		var known bool
		if t, known = tx.Topic(chat, slot); known {
			return nil
		}
		t, claimed = Topic{State: TopicOpening}, true
		return tx.PutTopic(chat, slot, t)
	})
	return t, claimed, err
}

// Topic is Tx.Topic in a transaction of its own.
func (db *DB) Topic(chat Address, slot string) (t Topic, known bool, err error) {
	err = db.View(func(tx *Tx) error {
		t, known = tx.Topic(chat, slot)
		return nil
	})
	return t, known, err
}

// PutTopic is Tx.PutTopic in a transaction of its own.
func (db *DB) PutTopic(chat Address, slot string, t Topic) error {
	return db.Update(func(tx *Tx) error { return tx.PutTopic(chat, slot, t) })
}

// TopicSlot is Tx.TopicSlot in a transaction of its own.
func (db *DB) TopicSlot(chat Address, id string) (slot string, ok bool, err error) {
	err = db.View(func(tx *Tx) error {
		slot, ok = tx.TopicSlot(chat, id)
		return nil
	})
	return slot, ok, err
}
