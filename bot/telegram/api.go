package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"umpire/bot/wire"
)

// The client library's calls take no context and its errors may carry the
// request URL, which holds the token. Every call here goes through a
// shallow copy of the library's BotAPI whose HTTP client binds the call's
// context, remembers the HTTP status (the library loses the error code of
// uploads) and masks the token in every error.

// api is the library's client with the token and the HTTP client.
type api struct {
	lib   *tgbotapi.BotAPI
	http  *http.Client
	token string
}

// call is one request's HTTP client.
type call struct {
	ctx    context.Context
	http   *http.Client
	token  string
	status int // the HTTP status of the answer, 0 before one
}

// Do sends req with the call's context.
func (c *call) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.http.Do(req.WithContext(c.ctx))
	if err != nil {
		return nil, maskError(err, c.token)
	}
	c.status = resp.StatusCode
	return resp, nil
}

// with returns a copy of the library's client whose requests run under
// ctx, and the call that records their status.
func (a *api) with(ctx context.Context) (*tgbotapi.BotAPI, *call) {
	c := &call{ctx: ctx, http: a.http, token: a.token}
	lib := *a.lib
	lib.Client = c
	return &lib, c
}

// do runs one method with parameters (and files, for an upload) and
// decodes its result into out (unless nil). Its errors are classified for
// the bot (see classify) and never hold the token.
func (a *api) do(ctx context.Context, timeout time.Duration, method string, p tgbotapi.Params, files []tgbotapi.RequestFile, out any) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	lib, c := a.with(ctx)
	var resp *tgbotapi.APIResponse
	var err error
	if files != nil {
		resp, err = lib.UploadFiles(method, p, files)
	} else {
		resp, err = lib.MakeRequest(method, p)
	}
	if err != nil {
		return classify(method, err, c.status)
	}
	if out != nil {
		if err := json.Unmarshal(resp.Result, out); err != nil {
			return fmt.Errorf("telegram: %s: decode the result: %w", method, err)
		}
	}
	return nil
}

// apiError is an answer of the API that is not ok, with its HTTP status
// when the library lost the error code.
type apiError struct {
	Method     string
	Code       int
	Message    string
	RetryAfter time.Duration
	MigrateTo  int64 // a group's new id, once it became a supergroup
}

func (e *apiError) Error() string {
	return fmt.Sprintf("telegram: %s: %d %s", e.Method, e.Code, e.Message)
}

// classify makes an error of the library into one the bot understands:
//   - a flood wait (429, or any answer with retry_after: the library
//     reports uploads' errors with Code 0) is a *wire.TemporaryError with
//     RetryAfter;
//   - 403 (the user blocked the bot or never started it, the bot left the
//     group) and 400 (chat not found, a request that will never do) are
//     permanent: errors.Is(err, wire.ErrPermanent);
//   - anything else (5xx, 401, 409, the network) is worth retrying later.
func classify(method string, err error, status int) error {
	var le *tgbotapi.Error
	if !errors.As(err, &le) {
		return fmt.Errorf("telegram: %s: %w", method, err)
	}
	e := &apiError{Method: method, Code: le.Code, Message: le.Message, RetryAfter: time.Duration(le.RetryAfter) * time.Second,
		MigrateTo: le.MigrateToChatID}
	if e.Code == 0 {
		e.Code = status
	}
	switch {
	case e.RetryAfter > 0 || e.Code == http.StatusTooManyRequests:
		return &wire.TemporaryError{Err: e, RetryAfter: e.RetryAfter}
	case e.Code == http.StatusForbidden || e.Code == http.StatusBadRequest:
		return wire.Permanent(e)
	}
	return e
}

// migratedTo returns the new id of a group that became a supergroup, 0
// when err does not say so.
func migratedTo(err error) int64 {
	var e *apiError
	if errors.As(err, &e) {
		return e.MigrateTo
	}
	return 0
}

// statusOf returns the API's error code of an error, 0 when it is none.
func statusOf(err error) int {
	var e *apiError
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// maskError hides the token in an error of the HTTP client, which names
// the URL.
func maskError(err error, token string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		masked := *ue
		masked.URL = wire.ShownURL(ue.URL)
		masked.Err = maskedError{ue.Err, token}
		return &masked
	}
	return maskedError{err, token}
}

// maskedError is an error whose text never holds the token.
type maskedError struct {
	err   error
	token string
}

func (e maskedError) Error() string { return mask(e.err.Error(), e.token) }
func (e maskedError) Unwrap() error { return e.err }

// mask replaces the token, and its escaped forms, in s.
func mask(s, token string) string {
	if token == "" {
		return s
	}
	for _, t := range []string{token, url.PathEscape(token), url.QueryEscape(token)} {
		s = strings.ReplaceAll(s, t, Masked)
	}
	return s
}

// Masked stands for the token wherever it would be shown.
const Masked = "<TELEGRAM_TOKEN>"
