package telegram

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"umpire/bot/telegram/tgtest"
	"umpire/bot/wire"
)

// news is the news of game 1 in the club's slot for it: a picture with
// text as its caption, or a text alone when pic is nil.
func news(text string, pic []byte) wire.Message {
	return wire.Message{To: addr("-4001"), Text: text, Image: pic, Status: "game 1", Seat: "spectator", Game: 1,
		Buttons: []wire.Button{{Label: "Board", Command: "board #1"}}}
}

// sendNews sends news and fails the test on an error.
func (f *fixture) sendNews(t *testing.T, text string, pic []byte) tgtest.Sent {
	t.Helper()
	if err := f.tr.Send(context.Background(), news(text, pic)); err != nil {
		t.Fatalf("Send %q: %v", text, err)
	}
	m, _ := f.srv.Last(club)
	return m
}

// TestStatusPhotoEditedInPlace: the news of a game with its picture is one
// photo in the group, its picture, caption and buttons replaced by each
// later one (editMessageMedia); the same news again changes nothing.
func TestStatusPhotoEditedInPlace(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for i := range 3 {
		f.sendNews(t, fmt.Sprintf("Game #1, move %d.", i+1), pngOf(t, 8+i))
	}
	sent := f.srv.To(club)
	if len(sent) != 3 || sent[0].Method != "sendPhoto" || sent[0].Edited {
		t.Fatalf("the group got %d messages, the first %s; want a photo and two edits", len(sent), sent[0].Method)
	}
	for _, m := range sent[1:] {
		if m.Method != "editMessageMedia" || !m.Edited || m.MessageID != sent[0].MessageID {
			t.Errorf("%s of message %d; want an edit of the photo, %d", m.Method, m.MessageID, sent[0].MessageID)
		}
	}
	last := sent[2]
	if !bytes.Equal(last.Photo, pngOf(t, 10)) || last.Text != "Game #1, move 3." || len(last.Buttons) != 1 {
		t.Errorf("the photo shows %q with %d rows of buttons; want the last picture and caption, and the button",
			last.Text, len(last.Buttons))
	}
	// Not modified is done.
	f.sendNews(t, "Game #1, move 3.", pngOf(t, 10))
	if n := len(f.srv.To(club)); n != 3 || f.srv.Calls("sendPhoto") != 1 {
		t.Errorf("the same news again: %d messages, %d photos sent; want no change", n, f.srv.Calls("sendPhoto"))
	}
}

// TestStatusPhotoDeletedIsSentAnew: a slot's photo deleted in the group
// cannot be edited; the next news is a new photo, which later ones edit.
func TestStatusPhotoDeletedIsSentAnew(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	first := f.sendNews(t, "Game #1, move 1.", pngOf(t, 8))
	f.srv.Delete(club, first.MessageID)
	second := f.sendNews(t, "Game #1, move 2.", pngOf(t, 9))
	if second.Method != "sendPhoto" || second.MessageID == first.MessageID {
		t.Fatalf("after the deletion: %s of message %d; want a new photo", second.Method, second.MessageID)
	}
	if third := f.sendNews(t, "Game #1, move 3.", pngOf(t, 10)); third.Method != "editMessageMedia" || third.MessageID != second.MessageID {
		t.Errorf("then: %s of message %d; want an edit of the new photo, %d", third.Method, third.MessageID, second.MessageID)
	}
}

// TestStatusKindSwitch: Telegram edits no text into a photo nor a photo
// into a text, so a slot's news that changes kind is a new message, which
// later news of its kind edits; the cursor tells the kinds apart.
func TestStatusKindSwitch(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	steps := []struct {
		pic    []byte
		method string
		anew   bool // a new message, not an edit of the slot's
	}{
		{nil, "sendMessage", true},
		{pngOf(t, 8), "sendPhoto", true},
		{pngOf(t, 9), "editMessageMedia", false},
		{nil, "sendMessage", true},
		{nil, "editMessageText", false},
	}
	var held int
	for i, st := range steps {
		m := f.sendNews(t, fmt.Sprintf("Game #1, news %d.", i+1), st.pic)
		if m.Method != st.method || (m.MessageID != held) != st.anew {
			t.Errorf("news %d: %s of message %d (the slot's: %d); want %s", i+1, m.Method, m.MessageID, held, st.method)
		}
		held = m.MessageID
		if i == 2 {
			v, _ := f.tr.cursor.Load(f.tr.statusName(club, "game 1"))
			if want := fmt.Sprintf("p:%d", held); string(v) != want {
				t.Errorf("the slot's cursor value is %q; want %q", v, want)
			}
		}
	}
	if n := f.srv.Calls("editMessageText") + f.srv.Calls("editMessageMedia"); n != 2 {
		t.Errorf("%d edits tried; want 2: a message of the other kind is not tried", n)
	}
}

// TestStatusPhotoEditFailures: a flood wait on the edit is a temporary
// error and a 403 a permanent one, as for any call; neither sends a new
// photo.
func TestStatusPhotoEditFailures(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	first := f.sendNews(t, "Game #1, move 1.", pngOf(t, 8))
	f.srv.FloodWait("editMessageMedia", club, 5)
	err := f.tr.Send(context.Background(), news("Game #1, move 2.", pngOf(t, 9)))
	var te *wire.TemporaryError
	if !errors.As(err, &te) || te.RetryAfter != 5*time.Second {
		t.Errorf("Send under flood wait = %v; want a temporary error, retry after 5s", err)
	}
	if m := f.sendNews(t, "Game #1, move 2.", pngOf(t, 9)); m.Method != "editMessageMedia" || m.MessageID != first.MessageID {
		t.Errorf("the retry: %s of message %d; want an edit of %d", m.Method, m.MessageID, first.MessageID)
	}
	f.srv.Fail(tgtest.Fault{Method: "editMessageMedia", Chat: club, Code: 403, Description: "Forbidden: bot was kicked from the group chat"})
	if err := f.tr.Send(context.Background(), news("Game #1, move 3.", pngOf(t, 10))); !errors.Is(err, wire.ErrPermanent) {
		t.Errorf("Send after the bot was kicked = %v; want a permanent error", err)
	}
	if n := f.srv.Calls("sendPhoto"); n != 1 {
		t.Errorf("%d photos sent; want the first only", n)
	}
}
