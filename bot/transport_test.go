package bot

import (
	"strings"
	"testing"
)

// TestAddressTooLong: an address whose "transport:id" passes maxKey bytes,
// the sender's or its chat's, is too long to keep; one of maxKey is not.
func TestAddressTooLong(t *testing.T) {
	id := func(n int) string { return strings.Repeat("9", n) }
	fit := maxKey - len("telegram:")
	for _, tc := range []struct {
		in   Inbound
		long bool
	}{
		{Inbound{Transport: "telegram", From: id(fit)}, false},
		{Inbound{Transport: "telegram", From: id(fit + 1)}, true},
		{Inbound{Transport: "telegram", From: "1", Chat: "-" + id(fit-1)}, false},
		{Inbound{Transport: "telegram", From: "1", Chat: "-" + id(fit)}, true},
		{Inbound{Transport: "telegram", From: id(fit + 1), Chat: "-1", Private: true}, true},
	} {
		if got := addressTooLong(tc.in); got != tc.long {
			t.Errorf("addressTooLong(from %d bytes, chat %d bytes) = %v; want %v", len(tc.in.From), len(tc.in.Chat), got, tc.long)
		}
	}
}
