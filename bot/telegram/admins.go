package telegram

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
)

// A group's administrators. The bot asks Telegram (getChatMember) whether
// a user administers a group, when that user asks for what only a group's
// keepers may do (end a tournament of the group): its status is "creator"
// or "administrator". Telegram answers 400 for a chat it does not know, or
// a user it cannot find there: no administrator either. An answer is
// remembered for adminTTL, so that a command written again and again asks
// Telegram once a minute at most; an administrator demoted is one no more
// within that minute.

var _ wire.Administered = (*Transport)(nil)

// adminTTL is how long an answer of getChatMember is remembered;
// adminMax bounds the answers remembered at once.
const (
	adminTTL = time.Minute
	adminMax = 4096
)

// admins remembers the answers of getChatMember. Safe for concurrent use.
type admins struct {
	now func() time.Time // nil: time.Now

	mu    sync.Mutex
	known map[[2]string]adminAnswer // by chat and user
}

// adminAnswer is one answer and when it was given.
type adminAnswer struct {
	admin bool
	at    time.Time
}

// Administers reports whether user administers chat, a group: its status
// there is "creator" or "administrator". A private chat has none; a chat
// or user Telegram does not know is no administrator (false, nil). An
// error is a failure to ask (the network, 5xx, a flood wait).
func (t *Transport) Administers(ctx context.Context, chat, user string) (bool, error) {
	if _, err := strconv.ParseInt(user, 10, 64); err != nil || !isGroup(chat) {
		return false, nil
	}
	if admin, ok := t.admins.get(chat, user); ok {
		return admin, nil
	}
	var m tgbotapi.ChatMember
	err := t.api.do(ctx, 15*time.Second, "getChatMember", tgbotapi.Params{"chat_id": chat, "user_id": user}, nil, &m)
	if err != nil && !errors.Is(err, wire.ErrPermanent) {
		return false, err
	}
	admin := err == nil && (m.IsCreator() || m.IsAdministrator())
	t.admins.put(chat, user, admin)
	return admin, nil
}

// get is the answer remembered for chat and user, if it is fresh.
func (a *admins) get(chat, user string) (admin, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	ans, ok := a.known[[2]string{chat, user}]
	if !ok || a.clock().Sub(ans.at) >= adminTTL {
		return false, false
	}
	return ans.admin, true
}

// put remembers an answer, forgetting the stale ones when adminMax are
// kept (all of them, should none be stale).
func (a *admins) put(chat, user string, admin bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.clock()
	if len(a.known) >= adminMax {
		for k, ans := range a.known {
			if now.Sub(ans.at) >= adminTTL {
				delete(a.known, k)
			}
		}
	}
	if a.known == nil || len(a.known) >= adminMax {
		a.known = map[[2]string]adminAnswer{}
	}
	a.known[[2]string{chat, user}] = adminAnswer{admin: admin, at: now}
}

func (a *admins) clock() time.Time {
	if a.now != nil {
		return a.now()
	}
	return time.Now()
}
