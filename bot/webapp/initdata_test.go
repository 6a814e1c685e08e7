package webapp

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strings"
	"testing"
	"time"
)

const token = "123456:ABC-def_ghi"

var now = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)

// TestVerify: init data signed as Telegram documents is read; anything
// changed, old, doubled or signed for another bot is refused.
func TestVerify(t *testing.T) {
	t.Parallel()
	good := SignedInitData(User{ID: 42, FirstName: "Ann", LanguageCode: "ru"}, token, now.Add(-time.Hour))
	u, err := Verify(good, token, now)
	if err != nil || u.ID != 42 || u.LanguageCode != "ru" {
		t.Fatalf("Verify(good) = %+v, %v", u, err)
	}
	vals, _ := url.ParseQuery(good)
	tampered := url.Values{}
	for k, v := range vals {
		tampered[k] = v
	}
	tampered.Set("user", `{"id":43,"first_name":"Ann"}`)
	doubled := good + "&user=" + url.QueryEscape(`{"id":43}`)
	for name, raw := range map[string]string{
		"tampered":    tampered.Encode(),
		"doubled":     doubled,
		"no hash":     strings.Replace(good, "hash=", "hush=", 1),
		"old":         SignedInitData(User{ID: 42}, token, now.Add(-25*time.Hour)),
		"future":      SignedInitData(User{ID: 42}, token, now.Add(time.Hour)),
		"another bot": SignedInitData(User{ID: 42}, "999:other", now),
		"empty":       "",
		"huge":        good + "&x=" + strings.Repeat("a", maxInitData),
	} {
		if _, err := Verify(raw, token, now); err == nil {
			t.Errorf("%s init data accepted", name)
		}
	}
}

// TestSignAsDocumented computes the hash of a data-check string step by
// step as Telegram's documentation writes it, apart from Sign.
func TestSignAsDocumented(t *testing.T) {
	t.Parallel()
	raw := "auth_date=1764676800&query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%7D"
	check := "auth_date=1764676800\nquery_id=AAHdF6IQAAAAAN0XohDhrOrc\nuser={\"id\":279058397,\"first_name\":\"Vladislav\"}"
	secret := hmac.New(sha256.New, []byte("WebAppData"))
	secret.Write([]byte(token))
	mac := hmac.New(sha256.New, secret.Sum(nil))
	mac.Write([]byte(check))
	want := hex.EncodeToString(mac.Sum(nil))
	vals, _ := url.ParseQuery(raw)
	if got := hex.EncodeToString(Sign(vals, token)); got != want {
		t.Fatalf("Sign = %s; want %s", got, want)
	}
	if _, err := Verify(raw+"&hash="+want, token, time.Unix(1764676800, 0).Add(time.Minute)); err != nil {
		t.Fatalf("Verify of documented data: %v", err)
	}
}
