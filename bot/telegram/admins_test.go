package telegram

import (
	"context"
	"fmt"
	"testing"
	"time"

	"umpire/bot/telegram/tgtest"
)

// Administers asks getChatMember: the creator and administrators are,
// members and those who left are not, nor anyone in a private chat or a
// chat Telegram does not know; a failure to ask is an error, and is not
// remembered.
func TestAdministers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	f.tr.admins.now = func() time.Time { return now }
	f.srv.SetMember(club, ann, tgtest.StatusCreator)
	f.srv.SetMember(club, bob, tgtest.StatusMember)
	f.srv.SetMember(club, carol, tgtest.StatusLeft)
	ctx := context.Background()
	for _, c := range []struct {
		chat, user int64
		want       bool
	}{{club, ann, true}, {club, bob, false}, {club, carol, false}, {-4999, ann, false}, {club, 777, false}, {ann, ann, false}} {
		if got, err := f.tr.Administers(ctx, fmt.Sprint(c.chat), fmt.Sprint(c.user)); got != c.want || err != nil {
			t.Errorf("Administers(%d, %d) = %v, %v; want %v", c.chat, c.user, got, err, c.want)
		}
	}
	f.srv.SetMember(club, bob, tgtest.StatusAdministrator)
	if got, _ := f.tr.Administers(ctx, fmt.Sprint(club), fmt.Sprint(bob)); got {
		t.Error("an answer was not remembered")
	}
	now = now.Add(adminTTL)
	f.srv.Fail(tgtest.Fault{Method: "getChatMember", Code: 502})
	if _, err := f.tr.Administers(ctx, fmt.Sprint(club), fmt.Sprint(bob)); err == nil {
		t.Error("a failure to ask is no error")
	}
	if got, err := f.tr.Administers(ctx, fmt.Sprint(club), fmt.Sprint(bob)); !got || err != nil {
		t.Errorf("a minute later, after a failure: %v, %v", got, err)
	}
}
