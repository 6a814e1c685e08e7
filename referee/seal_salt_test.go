package referee

import (
	"reflect"
	"testing"
)

// TestIsSecretMatchesSalt: an action whose ruling depends on the salt that
// comes with it is a secret by IsSecret, so that a caller who draws salts
// only for secrets (the bot) never leaves one unsealed.
func TestIsSecretMatchesSalt(t *testing.T) {
	texts := []string{
		"crown king", "Crown Dame", "корона король", "КОРОНА дама", "krono reĝo", "kronu damo", "krono d",
		"grow b2 N", "GROW e2 Q", "S@c3", "X@e5", "e4", "Nf3", "any?", "draw", "kronado", "grower",
	}
	for _, v := range Variants() {
		for _, text := range texts {
			var rulings [2]Ruling
			for i, salt := range []string{"", "5e"} {
				g, err := v.New(Options{})
				if err != nil {
					t.Fatal(err)
				}
				rulings[i] = g.Play(Action{Seat: v.Seats[0], Text: text, Salt: salt})
			}
			depends := !reflect.DeepEqual(rulings[0], rulings[1])
			if depends && !IsSecret(text) {
				t.Errorf("%s: the ruling on %q depends on its salt, but IsSecret(%q) = false", v.Key, text, text)
			}
		}
	}
	for text, want := range map[string]bool{"e4": false, "kronado king": false, "grower b2 N": false, " crown king ": true, "S@c3,X@e5": true} {
		if got := IsSecret(text); got != want {
			t.Errorf("IsSecret(%q) = %v; want %v", text, got, want)
		}
	}
}
