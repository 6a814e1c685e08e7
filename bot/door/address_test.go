package door

import (
	"strings"
	"testing"
	"umpire/bot/wire"
)

// TestAddressTooLong: an address whose "transport:id" passes MaxKey bytes,
// the sender's or its chat's, is too long to keep; one of MaxKey is not.
func TestAddressTooLong(t *testing.T) {
	t.Parallel()
	id := func(n int) string { return strings.Repeat("9", n) }
	fit := MaxKey - len("telegram:")
	for _, tc := range []struct {
		in   wire.Inbound
		long bool
	}{
		{wire.Inbound{Transport: "telegram", From: id(fit)}, false},
		{wire.Inbound{Transport: "telegram", From: id(fit + 1)}, true},
		{wire.Inbound{Transport: "telegram", From: "1", Chat: "-" + id(fit-1)}, false},
		{wire.Inbound{Transport: "telegram", From: "1", Chat: "-" + id(fit)}, true},
		{wire.Inbound{Transport: "telegram", From: id(fit + 1), Chat: "-1", Private: true}, true},
	} {
		if got := addressTooLong(tc.in); got != tc.long {
			t.Errorf("addressTooLong(from %d bytes, chat %d bytes) = %v; want %v", len(tc.in.From), len(tc.in.Chat), got, tc.long)
		}
	}
}
