package texts

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"umpire/referee"
)

var placeholder = regexp.MustCompile(`\{[A-Za-z-]+(@[a-z]+)?\}`)

// argNames are the argument names of the placeholders of a text, without
// their forms and capitals: {Seat@gen} is an argument seat.
func argNames(text string) []string {
	var out []string
	for _, p := range placeholder.FindAllString(text, -1) {
		name, _, _ := strings.Cut(strings.Trim(p, "{}"), "@")
		out = append(out, strings.ToLower(name))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCatalogComplete: every text exists in every language, with the same
// arguments.
func TestCatalogComplete(t *testing.T) {
	t.Parallel()
	en := DefaultCatalog.texts["en"]
	for _, lang := range Languages {
		texts := DefaultCatalog.texts[lang]
		for id, text := range en {
			got, ok := texts[id]
			if !ok {
				t.Errorf("%s: no text for %q", lang, id)
				continue
			}
			want, have := argNames(text), argNames(got)
			if !slices.Equal(want, have) {
				t.Errorf("%s %q: arguments %v; English has %v", lang, id, have, want)
			}
		}
		for id := range texts {
			if _, ok := en[id]; !ok && !strings.Contains(id, "@") { // forms are a language's own
				t.Errorf("%s: %q has no English text", lang, id)
			}
		}
	}
}

// TestCatalogCodes: every announcement code of rules/README.md, every
// refusal reason and every variant has words.
func TestCatalogCodes(t *testing.T) {
	t.Parallel()
	codes := []string{"illegal", "impossible", "capture", "check", "pawn-tries", "pawn-capture", "try-squares",
		"any", "promotion", "en-passant", "vanished", "monarch-captured", "crown-revealed", "stones", "explosion",
		"converted", "exposed", "pass", "neutral", "throne", "vassal", "commitment", "reveal", "order-held", "turn", "end"}
	for _, c := range codes {
		if !DefaultCatalog.Has("en", "ann."+c) {
			t.Errorf("no text for announcement %q", c)
		}
	}
	reasons := []string{referee.ReasonNotYourTurn, referee.ReasonGameOver, referee.ReasonUnreadable, referee.ReasonAmbiguous,
		referee.ReasonNotHere, referee.ReasonNotInList, referee.ReasonNotSeated, referee.ReasonBadSecret,
		referee.ReasonBadReveal, referee.ReasonSecretFirst, referee.ReasonSecretAwaited}
	for _, r := range reasons {
		if !DefaultCatalog.Has("en", "refused."+r) {
			t.Errorf("no text for refusal %q", r)
		}
	}
	// Impossible diplomacy in triad says why, in every language.
	for _, r := range []string{referee.ReasonOfferCapture, referee.ReasonOfferOut, referee.ReasonOfferBound,
		referee.ReasonOfferMade, referee.ReasonNoOffer, referee.ReasonNotLord, referee.ReasonOrderWindow,
		referee.ReasonOrderSoon, referee.ReasonOrderGiven, referee.ReasonOrderDeclare, referee.ReasonNothingHeld,
		referee.ReasonOrderHeld} {
		for _, lang := range Languages {
			if !DefaultCatalog.Has(lang, "why."+r) {
				t.Errorf("%s: no words for why %q is impossible", lang, r)
			}
		}
	}
	for _, v := range referee.Variants() {
		ids := []string{"variant." + v.Key, "rules." + v.Key}
		for _, r := range v.RuleSets {
			ids = append(ids, "rules-set."+v.Key+"."+r, "ruleset."+v.Key+"."+r) // how each rule set differs; its name
		}
		for _, id := range ids {
			if !DefaultCatalog.Has("en", id) {
				t.Errorf("no text %q", id)
			}
		}
	}
}

func TestAnnouncementWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang string
		a    referee.Announcement
		want string
	}{
		{"en", referee.Say("capture", nil, "square", "e5", "what", "pawn"), "A pawn was captured on e5."},
		{"en", referee.Say("capture", nil, "square", "e5"), "Capture on e5."},
		{"ru", referee.Say("check", nil, "direction", "long-diagonal"), "Шах по длинной диагонали."},
		{"eo", referee.Say("end", nil, "result", "1-0", "reason", "checkmate"), "La ludo finiĝis: 1-0, ŝakmato."},
		{"en", referee.Say("no-such-code", nil, "square", "a1"), "no-such-code square=a1."},
	}
	for _, tt := range tests {
		if got := DefaultCatalog.Announcement(tt.lang, tt.a, referee.White); got != tt.want {
			t.Errorf("Announcement(%s, %s) = %q; want %q", tt.lang, tt.a.Code, got, tt.want)
		}
	}
}

// TestNoPlaceholderLeft: every placeholder names an argument and a form
// the catalog gives (a mistyped {seat@gne} would be shown as written).
func TestNoPlaceholderLeft(t *testing.T) {
	t.Parallel()
	for _, lang := range Languages {
		for id, text := range DefaultCatalog.texts[lang] {
			args := Args{}
			for _, p := range placeholder.FindAllString(text, -1) {
				name, _, _ := strings.Cut(strings.Trim(p, "{}"), "@")
				DefaultCatalog.PutSeat(lang, args, strings.ToLower(name), referee.White)
			}
			if got := DefaultCatalog.Text(lang, id, args); placeholder.MatchString(got) {
				t.Errorf("%s %q: %q", lang, id, got)
			}
		}
	}
}

// An opened crown is said in the reader's words; a note that is no word
// of the catalog (a stone placement) is said as written.
func TestRevealSaidInReadersWords(t *testing.T) {
	t.Parallel()
	reveal := func(secret string) referee.Announcement {
		return referee.Announcement{Code: "reveal", Fields: []referee.Field{
			{Key: "seat", Value: "white"}, {Key: "note", Value: 1}, {Key: "secret", Value: secret}}}
	}
	for _, tt := range []struct{ lang, secret, want string }{
		{"ru", "dame", "Тайный выбор белых (1) открыт: дама."},
		{"en", "king", "White's sealed choice 1 is opened: king."},
		{"ru", "S@d4,X@e5", "Тайный выбор белых (1) открыт: S@d4,X@e5."},
	} {
		if got := DefaultCatalog.Announcement(tt.lang, reveal(tt.secret), "white"); got != tt.want {
			t.Errorf("%s %s: %q; want %q", tt.lang, tt.secret, got, tt.want)
		}
	}
}

// A stop's confirmation says how to lift it: by mail, writing alone no
// longer does (a new mail brings a resume token to answer); and the
// digest's count of more games reads right for one.
func TestStopAndDigestTexts(t *testing.T) {
	t.Parallel()
	answer := map[string]string{"en": "answer the mail that comes back", "ru": "ответьте на письмо", "eo": "respondu al la letero"}
	for _, lang := range Languages {
		if got := DefaultCatalog.Text(lang, "stop-quiet", nil); !strings.Contains(got, answer[lang]) {
			t.Errorf("%s stop-quiet %q does not say to answer the mail that comes back", lang, got)
		}
	}
	for _, lang := range []string{"en", "eo"} {
		if got := DefaultCatalog.Text(lang, "digest-more", Args{"n": "1"}); regexp.MustCompile(`\b1 (\w+ )?(games|ludoj)\b`).MatchString(got) {
			t.Errorf("%s digest-more for 1: %q", lang, got)
		}
	}
}
