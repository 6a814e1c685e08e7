package bot

import (
	"strings"
	"testing"

	"umpire/bot/texts"
	"umpire/store"
)

func TestCleanName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Ann":                          "Ann",
		"  Ann \t\n Lee ":              "Ann Lee",
		"Ann\u202Egnp.exe":             "Anngnp.exe", // a right-to-left override
		"A\u200Bn\u200Dn\uFEFF":        "Ann",        // zero-width characters
		"An\x00n\x1b[31m":              "Ann[31m",    // controls
		"eve@evil.example":             "",           // an address is no name
		"Bank <security@bank.example>": "",
		"\u3164":                       "", // a blank Hangul filler
		strings.Repeat("Ж", 40):        strings.Repeat("Ж", 32),
		"Дмитрий Иванович Менделеев-Ландау": "Дмитрий Иванович Менделеев-Ланда",
	} {
		if got := texts.Clean(in); got != want {
			t.Errorf("texts.Clean(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestShownName(t *testing.T) {
	t.Parallel()
	en := func(name string) string { return texts.DefaultCatalog.Value("en", "name", name) }
	if got := en(shownName(&store.Player{ID: 7, Name: "bob@example.com"})); got != "Player 7" {
		t.Errorf("a player named by an address is shown %q; want Player 7", got)
	}
	if got := en(shownName(&store.Player{ID: 8})); got != "Player 8" {
		t.Errorf("a player with no name is shown %q; want Player 8", got)
	}
	if got := texts.DefaultCatalog.Value("ru", "name", shownName(&store.Player{ID: 8})); got != "Игрок 8" {
		t.Errorf("a player with no name is shown %q to a Russian reader; want Игрок 8", got)
	}
	house := &store.Player{ID: 9, Name: "House (a program)", Addresses: []store.Address{{Transport: "house", ID: "house"}}}
	if got := texts.DefaultCatalog.Value("eo", "name", shownName(house)); got != "Roboto (programo)" {
		t.Errorf("the house is shown %q to an Esperanto reader; want Roboto (programo)", got)
	}
}

// Two seats whose players share a name are told apart; others are not.
func TestSeatNames(t *testing.T) {
	t.Parallel()
	got := seatNames([]*store.Player{{ID: 1, Name: "Ann"}, {ID: 2, Name: "ann\u200B"}, {ID: 3, Name: "Bob"}, nil})
	for i := range got {
		got[i] = texts.DefaultCatalog.Value("en", "name", got[i])
	}
	want := []string{"Ann (Player 1)", "ann (Player 2)", "Bob", ""}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("seatNames = %q; want %q", got, want)
	}
}
