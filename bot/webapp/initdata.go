package webapp

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Init data. Telegram opens the page with the data of the user who opened
// it, signed with the bot's token, in the address's fragment
// (#tgWebAppData=…), as Telegram documents for Mini Apps: the data is a
// query string; its hash field is the hex HMAC-SHA256 of the data-check
// string (every other field, sorted by name, "name=value" joined by
// newlines) under a secret key, the HMAC-SHA256 of the bot's token under
// the key "WebAppData". The page sends the data with every request; the
// server trusts nothing else about who is asking.

// MaxAge is how old init data may be: a day, as Telegram suggests.
const MaxAge = 24 * time.Hour

// maxInitData bounds the init data a request may carry.
const maxInitData = 4096

// errInit is every reason init data is refused; the answer never says
// which.
var errInit = errors.New("webapp: init data refused")

// User is the Telegram user init data names.
type User struct {
	ID           int64  `json:"id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	Username     string `json:"username"`
	LanguageCode string `json:"language_code"`
}

// Verify checks init data signed for the bot whose token is token, and
// not older than MaxAge at now, and returns its user.
func Verify(raw, token string, now time.Time) (User, error) {
	if raw == "" || len(raw) > maxInitData || token == "" {
		return User{}, errInit
	}
	vals, err := url.ParseQuery(raw)
	if err != nil {
		return User{}, errInit
	}
	for _, vs := range vals {
		if len(vs) != 1 { // a field twice: which one was signed?
			return User{}, errInit
		}
	}
	got, err := hex.DecodeString(vals.Get("hash"))
	if err != nil || len(got) != sha256.Size {
		return User{}, errInit
	}
	if !hmac.Equal(got, Sign(vals, token)) {
		return User{}, errInit
	}
	auth, err := strconv.ParseInt(vals.Get("auth_date"), 10, 64)
	if err != nil || now.Sub(time.Unix(auth, 0)) > MaxAge || time.Unix(auth, 0).Sub(now) > time.Minute {
		return User{}, errInit
	}
	var u User
	if err := json.Unmarshal([]byte(vals.Get("user")), &u); err != nil || u.ID <= 0 {
		return User{}, errInit
	}
	return u, nil
}

// Sign is the hash of init data under a bot's token: what Telegram puts in
// the hash field. Every field but hash is signed (Verify refuses a field
// given twice).
func Sign(vals url.Values, token string) []byte {
	var pairs []string
	for k, vs := range vals {
		if k != "hash" && len(vs) > 0 {
			pairs = append(pairs, k+"="+vs[0])
		}
	}
	sort.Strings(pairs)
	secret := hmac.New(sha256.New, []byte("WebAppData"))
	secret.Write([]byte(token))
	mac := hmac.New(sha256.New, secret.Sum(nil))
	mac.Write([]byte(strings.Join(pairs, "\n")))
	return mac.Sum(nil)
}

// SignedInitData makes init data for a user as Telegram would sign it for
// the bot with token, made at authDate: for tests and for trying the page
// without Telegram.
func SignedInitData(u User, token string, authDate time.Time) string {
	js, _ := json.Marshal(u)
	vals := url.Values{"user": {string(js)}, "auth_date": {strconv.FormatInt(authDate.Unix(), 10)},
		"query_id": {"AAH" + strconv.FormatInt(u.ID, 36)}}
	vals.Set("hash", hex.EncodeToString(Sign(vals, token)))
	return vals.Encode()
}
