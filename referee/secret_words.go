package referee

import "strings"

// Secret choices in the words a player would write. The referee reads a
// crown as `crown king` (корона король, kronu reĝo) and a growing pawn as
// `grow b2 N`; people write the monarch in the case their sentence needs
// ("kronu reĝon", "короновать даму"), call the dame a queen, and grow
// pawns in their own language ("вырастить b2 К", "kreskigu b2 Ĉ").
// SecretWords brings such a choice to the referee's words, keeping the
// writer's verb where the referee reads it, so that the acknowledgement
// speaks the writer's language. Which words name a secret is a fact of
// the rules: the umpire's command parser asks here, never a list of its
// own.

// crownVerbForms are the verbs of a crown, each with the verb the referee
// reads.
var crownVerbForms = map[string]string{
	"crown": "crown", "корона": "корона", "короновать": "корона", "коронуй": "корона", "короную": "корона",
	"венчать": "корона", "krono": "krono", "kronu": "kronu", "kroni": "kronu",
}

// crownHolderForms are the monarchs a crown may go to, in any case, each with
// the word the referee reads.
var crownHolderForms = map[string]string{
	"king": "king", "dame": "dame", "queen": "dame",
	"король": "король", "короля": "король", "дама": "дама", "даму": "дама", "ферзь": "дама", "ферзя": "дама",
	"королева": "дама", "королеву": "дама",
	"reĝo": "reĝo", "reĝon": "reĝo", "rego": "reĝo", "regon": "reĝo", "damo": "damo", "damon": "damo",
	"reĝino": "damo", "reĝinon": "damo",
}

// growVerbForms are the verbs of a growing pawn in every language.
var growVerbForms = map[string]bool{"grow": true, "расти": true, "растить": true, "вырастить": true, "выращу": true,
	"kresku": true, "kreskigu": true, "kreskigi": true}

// SecretWords returns an item of an attempt list with a crown or a growing
// pawn in the referee's words; any other item as it is.
func SecretWords(item string) string {
	f := strings.Fields(item)
	if len(f) == 0 {
		return item
	}
	verb := strings.ToLower(f[0])
	if v, ok := crownVerbForms[verb]; ok && len(f) == 2 {
		if h, ok := crownHolderForms[strings.ToLower(f[1])]; ok {
			return v + " " + h
		}
	}
	if growVerbForms[verb] && len(f) == 3 {
		return "grow " + f[1] + " " + f[2]
	}
	return item
}

// CrownOf is the monarch a crown action crowns, "king" or "dame"; "" for
// any other text.
func CrownOf(text string) string {
	f := strings.Fields(SecretWords(text))
	if len(f) != 2 || crownVerbForms[strings.ToLower(f[0])] == "" {
		return ""
	}
	switch crownHolderForms[strings.ToLower(f[1])] {
	case "king", "король", "reĝo":
		return "king"
	case "dame", "дама", "damo":
		return "dame"
	}
	return ""
}
