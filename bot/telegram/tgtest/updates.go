package tgtest

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// queueLocked adds an update for the bot and returns its id.
func (s *Server) queueLocked(u Update) int {
	u.UpdateID = s.nextID
	s.nextID++
	s.updates = append(s.updates, u)
	s.changedLocked()
	return u.UpdateID
}

// Press is the user pressing the inline button with callback data `data`
// under message messageID of chat, and returns the update id. It panics
// when the message has no such button: a Telegram client sends only the
// data of a button it shows.
func (s *Server) Press(userID, chat int64, messageID int, data string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.userLocked(userID)
	m := s.messageLocked(chat, messageID)
	if m == nil || !hasData(m.ReplyMarkup, data) {
		panic(fmt.Sprintf("tgtest: message %d of chat %d has no button with data %q", messageID, chat, data))
	}
	s.seq++
	id := strconv.Itoa(1000000 + s.seq)
	s.answers[id] = nil
	q := &CallbackQuery{ID: id, From: u.User, Message: m, ChatInstance: strconv.FormatInt(chat, 10), Data: data}
	up := s.queueLocked(Update{CallbackQuery: q})
	s.queries[up] = id
	return up
}

func hasData(k *InlineKeyboardMarkup, data string) bool {
	if k == nil {
		return false
	}
	for _, row := range k.InlineKeyboard {
		for _, b := range row {
			if b.CallbackData != nil && *b.CallbackData == data {
				return true
			}
		}
	}
	return false
}

// Confirmed is the lowest update id the bot has not confirmed: every
// update before it was confirmed by a getUpdates with a greater offset
// (or delivered to the webhook) and is forgotten.
func (s *Server) Confirmed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.confirmedLocked()
}

func (s *Server) confirmedLocked() int {
	if len(s.updates) > 0 {
		return s.updates[0].UpdateID
	}
	return s.nextID
}

// WaitConfirmed waits until every update before id is confirmed, or ctx is
// done.
func (s *Server) WaitConfirmed(ctx context.Context, id int) error {
	for {
		s.mu.Lock()
		ok, ch := s.confirmedLocked() >= id, s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("tgtest: update %d not confirmed", id-1)
		}
	}
}

// getUpdates answers a long poll. An offset confirms every update before
// it (a negative one keeps only the last -offset updates); the answer
// holds the updates from the offset on, up to limit (1-100, default 100),
// and when there are none it waits up to timeout seconds for one. A
// second poll ends the first with 409, as Telegram does.
func (s *Server) getUpdates(r *http.Request, p params) (any, *apiError) {
	offset, limit, timeout, aerr := pollParams(p)
	if aerr == nil {
		aerr = s.readAllowed(p)
	}
	if aerr != nil {
		return nil, aerr
	}
	s.mu.Lock()
	if s.webhook.url != "" {
		s.mu.Unlock()
		return nil, &apiError{code: 409, desc: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"}
	}
	s.confirmLocked(offset)
	mine := s.takePollLocked()
	s.mu.Unlock()
	deadline := s.after(time.Duration(timeout) * time.Second)
	waiting := false
	defer func() {
		if waiting {
			s.mu.Lock()
			s.waiting--
			s.mu.Unlock()
		}
	}()
	for {
		s.mu.Lock()
		ups, ch := s.availableLocked(offset, limit), s.changed
		if len(ups) == 0 && timeout > 0 && !waiting {
			waiting = true
			s.waiting++
			s.changedLocked()
			ch = s.changed
		}
		s.mu.Unlock()
		if len(ups) > 0 || timeout == 0 {
			return ups, nil
		}
		select {
		case <-ch:
		case <-deadline:
			return []Update{}, nil
		case <-mine:
			return nil, &apiError{code: 409, desc: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"}
		case <-r.Context().Done():
			return nil, &apiError{code: 499, desc: "client went away"}
		}
	}
}

func pollParams(p params) (offset, limit, timeout int, aerr *apiError) {
	var err error
	num := func(k string, def int) int {
		v := p.get(k)
		if v == "" || err != nil {
			return def
		}
		var n int
		n, err = strconv.Atoi(v)
		return n
	}
	offset, limit, timeout = num("offset", 0), num("limit", 100), num("timeout", 0)
	if err != nil {
		return 0, 0, 0, badRequest("wrong parameter: %v", err)
	}
	limit = min(max(limit, 1), 100)
	return offset, limit, max(timeout, 0), nil
}

// confirmLocked forgets the updates an offset confirms.
func (s *Server) confirmLocked(offset int) {
	if offset < 0 {
		if keep := -offset; keep < len(s.updates) {
			s.updates = s.updates[len(s.updates)-keep:]
		}
		s.changedLocked()
		return
	}
	n := 0
	for n < len(s.updates) && s.updates[n].UpdateID < offset {
		n++
	}
	if n > 0 {
		s.updates = s.updates[n:]
		s.changedLocked()
	}
}

// takePollLocked ends the poll in progress and makes this one current.
func (s *Server) takePollLocked() <-chan struct{} {
	if s.polling != nil {
		close(s.polling)
	}
	s.polling = make(chan struct{})
	return s.polling
}

// availableLocked lists the updates a poll from offset gets.
func (s *Server) availableLocked(offset, limit int) []Update {
	var out []Update
	for _, u := range s.updates {
		if u.UpdateID >= offset && len(out) < limit {
			out = append(out, u)
		}
	}
	return out
}

// WaitPolling waits until a long poll is waiting for updates, that is
// until the bot has handled what it was given and asks for more.
func (s *Server) WaitPolling(ctx context.Context) error {
	for {
		s.mu.Lock()
		ok, ch := s.waiting > 0, s.changed
		s.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("tgtest: no long poll came: %w", context.Cause(ctx))
		}
	}
}
