package tgtest

import (
	"context"
	"fmt"
)

// Sent returns every message the bot sent or edited so far, in order.
func (s *Server) Sent() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sent(nil), s.sent...)
}

// To returns what the bot sent to a chat.
func (s *Server) To(chat int64) []Sent {
	var out []Sent
	for _, m := range s.Sent() {
		if m.Chat == chat {
			out = append(out, m)
		}
	}
	return out
}

// Photos returns the pictures the bot sent to a chat, in order; a picture
// an edit put in the place of another (editMessageMedia) counts as one
// sent, after the picture it replaced.
func (s *Server) Photos(chat int64) [][]byte {
	var out [][]byte
	for _, m := range s.To(chat) {
		if m.Photo != nil {
			out = append(out, m.Photo)
		}
	}
	return out
}

// Last returns the last message sent to a chat, and whether there is one.
func (s *Server) Last(chat int64) (Sent, bool) {
	ms := s.To(chat)
	if len(ms) == 0 {
		return Sent{}, false
	}
	return ms[len(ms)-1], true
}

// Forget drops the record of what was sent (the messages stay, so that
// buttons can still be pressed).
func (s *Server) Forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = nil
}

// WaitFor waits until cond holds of everything sent so far, and returns
// that; it is checked again after every change of the Server. It fails
// when ctx is done first.
func (s *Server) WaitFor(ctx context.Context, cond func(sent []Sent) bool) ([]Sent, error) {
	for {
		s.mu.Lock()
		sent, ch := append([]Sent(nil), s.sent...), s.changed
		s.mu.Unlock()
		if cond(sent) {
			return sent, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return sent, fmt.Errorf("tgtest: waiting for a message: %w", context.Cause(ctx))
		}
	}
}

// WaitSent waits until n messages in all have been sent to chat.
func (s *Server) WaitSent(ctx context.Context, chat int64, n int) ([]Sent, error) {
	var got []Sent
	_, err := s.WaitFor(ctx, func(sent []Sent) bool {
		got = got[:0]
		for _, m := range sent {
			if m.Chat == chat {
				got = append(got, m)
			}
		}
		return len(got) >= n
	})
	return got, err
}

// Pending counts the updates the bot has not confirmed.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.updates)
}
