package telegram

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
)

// Receiving by long polling. The loop asks getUpdates for the updates from
// its offset on, hands them to the bot, stores the new offset, and only
// then asks again with it: Telegram forgets the updates before the offset
// it is given, so an update is confirmed only once the bot has committed
// it and the store holds the offset past it. A crash in between delivers
// the update again after the restart, and the bot, which takes the
// update_id as the message's id, finds it seen and changes nothing.
//
// The updates of one batch are handled concurrently, one goroutine per
// chat, each chat's in order, so that the store can commit many moves in
// one transaction. An update whose handling fails stops its chat, and the
// offset stays at it: it and what follows come again, until SkipAfter
// failures in a row skip it.

// cursorName names the offset's cursor in the store; it is the bot's own,
// since update ids are counted per bot.
func (t *Transport) cursorName() string {
	return "telegram/" + strconv.FormatInt(t.self.ID, 10) + "/offset"
}

// Receive receives updates until ctx is done (then it returns nil) or the
// API refuses the token; it hands the bot the messages and presses of
// buttons addressed to it, and sets the command menu first.
func (t *Transport) Receive(ctx context.Context, h wire.Handler) error {
	t.setCommands(ctx)
	t.setMenuButton(ctx)
	go t.answering(ctx)
	if t.webhook.URL != "" {
		return t.serveWebhook(ctx, h)
	}
	return t.poll(ctx, h)
}

// poll is the long-polling loop.
func (t *Transport) poll(ctx context.Context, h wire.Handler) error {
	if err := t.api.do(ctx, 30*time.Second, "deleteWebhook", nil, nil, nil); err != nil && ctx.Err() == nil {
		t.log.Warn("deleteWebhook failed; polling anyway", "err", err)
	}
	offset, err := t.offset()
	if err != nil {
		return err
	}
	failures := 0
	var stuck stuck
	for ctx.Err() == nil {
		next, err := t.pollOnce(ctx, h, offset)
		if skip, ok := stuck.skip(err); ok {
			t.log.Error("update skipped: the bot failed it every time", "update", skip.id, "tries", SkipAfter, "err", skip.err)
			next, err = skip.id+1, nil
		}
		if next > offset {
			if serr := t.setOffset(next); serr != nil {
				return serr
			}
			offset = next
		}
		if err == nil || ctx.Err() != nil {
			failures = 0
			continue
		}
		if fatal(err) {
			return fmt.Errorf("the Bot API refused TELEGRAM_TOKEN (%w): check the token, or TELEGRAM_API_URL", err)
		}
		failures++
		d := backoff(failures, err)
		t.log.Warn("receive failed; will retry", "err", err, "in", d)
		if t.sleep(ctx, d) != nil {
			break
		}
	}
	return nil
}

// pollOnce gets one batch of updates and handles it; it returns the offset
// past the updates handled.
func (t *Transport) pollOnce(ctx context.Context, h wire.Handler, offset int) (int, error) {
	ups, err := t.getUpdates(ctx, offset)
	if ctx.Err() == nil {
		t.Reached(err)
	}
	if err != nil {
		return offset, err
	}
	next, err := t.handleBatch(ctx, h, ups, offset)
	if err == nil && len(ups) < updatesLimit {
		t.MarkCaughtUp() // the updates that waited are handled
	}
	return next, err
}

// updatesLimit is the most updates one poll asks for.
const updatesLimit = 100

// getUpdates is one long poll; after a failure, one that does not wait,
// so that the transport knows at once that it reaches the Bot API again
// (its readiness).
func (t *Transport) getUpdates(ctx context.Context, offset int) ([]update, error) {
	wait := t.pollTimeout
	if t.Ready() != nil {
		wait = 0
	}
	p := tgbotapi.Params{"timeout": strconv.Itoa(int(wait / time.Second)), "limit": strconv.Itoa(updatesLimit),
		"allowed_updates": `["message","callback_query"]`}
	if offset != 0 {
		p["offset"] = strconv.Itoa(offset)
	}
	var ups []update
	err := t.api.do(ctx, t.pollTimeout+15*time.Second, "getUpdates", p, nil, &ups)
	return ups, err
}

// offset loads the stored offset; 0 when none was stored.
func (t *Transport) offset() (int, error) {
	v, err := t.cursor.Load(t.cursorName())
	if err != nil || v == nil {
		return 0, err
	}
	n, err := strconv.Atoi(string(v))
	if err != nil {
		return 0, fmt.Errorf("telegram: stored offset %q: %w", v, err)
	}
	return n, nil
}

func (t *Transport) setOffset(n int) error {
	return t.cursor.Save(t.cursorName(), []byte(strconv.Itoa(n)))
}

// fatal reports an error that retrying cannot mend: the token refused,
// the API's address wrong.
func fatal(err error) bool {
	s := statusOf(err)
	return s == 401 || s == 404
}

// backoff is the wait after the n-th failure in a row: the flood wait the
// API asked for, else from one second doubling up to a minute, with jitter.
func backoff(n int, err error) time.Duration {
	var te *wire.TemporaryError
	if errors.As(err, &te) && te.RetryAfter > 0 {
		return te.RetryAfter
	}
	return receiveBackoff.Delay(n)
}

// receiveBackoff is the wait after failures to reach the Bot API.
var receiveBackoff = wire.Backoff{Base: time.Second, Max: time.Minute}

// handleBatch hands a batch to the bot, a goroutine per chat, and returns
// the offset past the updates handled: the first one that failed, or past
// the last. Its error is the first failure's.
func (t *Transport) handleBatch(ctx context.Context, h wire.Handler, ups []update, offset int) (int, error) {
	if len(ups) == 0 {
		return offset, nil
	}
	byChat := map[int64][]update{}
	var order []int64
	for _, u := range ups {
		k := chatKey(u)
		if byChat[k] == nil {
			order = append(order, k)
		}
		byChat[k] = append(byChat[k], u)
	}
	failed := make([]failure, len(order))
	var wg sync.WaitGroup
	for i, k := range order {
		wg.Go(func() { failed[i] = t.handleChat(ctx, h, byChat[k]) })
	}
	wg.Wait()
	return firstFailure(failed, ups[len(ups)-1].UpdateID+1)
}

// failure is the update a chat stopped at, with its error; a zero id when
// every update of the chat was handled.
type failure struct {
	id  int
	err error
}

// handleChat handles one chat's updates in order, stopping at the first
// that fails.
func (t *Transport) handleChat(ctx context.Context, h wire.Handler, ups []update) failure {
	for _, u := range ups {
		if err := t.handleUpdate(ctx, h, u); err != nil {
			return failure{u.UpdateID, err}
		}
	}
	return failure{}
}

func firstFailure(fs []failure, next int) (int, error) {
	var err error
	for _, f := range fs {
		if f.err != nil && f.id < next {
			next, err = f.id, &handleError{f.id, f.err}
		}
	}
	return next, err
}

// handleError is an update the bot failed to handle.
type handleError struct {
	id  int
	err error
}

func (e *handleError) Error() string { return fmt.Sprintf("telegram: update %d: %v", e.id, e.err) }
func (e *handleError) Unwrap() error { return e.err }

// stuck counts the failures in a row of one update.
type stuck struct {
	id, tries int
}

// skip counts a poll's failure and reports whether its update has failed
// SkipAfter times in a row.
func (s *stuck) skip(err error) (*handleError, bool) {
	var he *handleError
	if !errors.As(err, &he) {
		return nil, false
	}
	if he.id != s.id {
		s.id, s.tries = he.id, 0
	}
	s.tries++
	return he, s.tries >= SkipAfter
}

// SkipAfter is how many times in a row the bot may fail an update before
// it is skipped, so that one update it can never handle does not hold up
// every chat behind it (about a quarter of an hour, with the backoff).
const SkipAfter = 20

// chatKey is the chat an update belongs to, which orders its handling.
func chatKey(u update) int64 {
	switch {
	case u.Message != nil && u.Message.Chat != nil:
		return u.Message.Chat.ID
	case u.CallbackQuery != nil && u.CallbackQuery.Message != nil && u.CallbackQuery.Message.Chat != nil:
		return u.CallbackQuery.Message.Chat.ID
	case u.CallbackQuery != nil && u.CallbackQuery.From != nil:
		return u.CallbackQuery.From.ID
	}
	return 0
}
