package record

import (
	"fmt"
	"strings"
	"time"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// PGN writes game id of db as PGN, its comments in English: the seven tag
// roster, then Variant, RuleSet, SetUp and FEN (for a start other than
// chess's), TimeControl and Termination; the moves in SAN with the
// variants' own letters; after each move one comment that gathers what
// happened since the move before: the failed tries, the secret choices,
// and the umpire's words to every seat. It is for a finished game
// (`umpire export`): for a game in play it gives away the hidden
// information.
//
// Three-player triad has no standard PGN. Its record keeps the tags and
// writes one number per round, each move after its seat's letter and a
// colon ("1. W: wd4 R: rd5 B: bd5 2. W: …"), and ends with the points
// ("2-1-0"); docs/pgn.md describes it, and ReadPGN reads it.
func PGN(db *store.DB, id uint64) (string, error) {
	g, err := db.Game(id)
	if err != nil {
		return "", err
	}
	return WritePGN(db, texts.DefaultCatalog, "en", g, len(g.Log))
}

// WritePGN writes a game's PGN up to ply log entries, its comments in
// lang.
func WritePGN(db *store.DB, cat *texts.Catalog, lang string, g *store.Game, ply int) (string, error) {
	v, ok := referee.Lookup(g.Variant)
	if !ok {
		return "", fmt.Errorf("record: pgn of game %d: unknown variant %q", g.ID, g.Variant)
	}
	log := g.Log[:ply]
	rg, err := referee.Replay(v, g.Options, log)
	if err != nil {
		return "", fmt.Errorf("record: pgn of game %d: %w", g.ID, err)
	}
	sans, err := referee.SAN(v, g.Options, log)
	if err != nil {
		return "", fmt.Errorf("record: pgn of game %d: %w", g.ID, err)
	}
	rec := record{cat: cat, lang: lang, seats: v.Seats, housed: func(i int) bool { return Housed(g, i) }}
	if err := rec.build(v, g.Options, log, sans); err != nil {
		return "", fmt.Errorf("record: pgn of game %d: %w", g.ID, err)
	}
	result, reason := rg.Result()
	if result == "" && g.State == store.StateOver {
		result, reason = g.Result, g.Reason // ended by the bot (aborted)
	}
	var sb strings.Builder
	writeTags(&sb, db, g, v, rg, resultToken(result), reason)
	sb.WriteString(rec.movetext(resultToken(result)))
	return sb.String(), nil
}

// resultToken is the game termination marker: the result, or "*" for a
// game that goes on.
func resultToken(r string) string {
	if r == "" {
		return "*"
	}
	return r
}

// writeTags writes the tag pairs.
func writeTags(sb *strings.Builder, db *store.DB, g *store.Game, v *referee.Variant, rg referee.Game, result, reason string) {
	tag := func(k, v string) {
		v = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(v)
		fmt.Fprintf(sb, "[%s \"%s\"]\n", k, v)
	}
	tag("Event", fmt.Sprintf("umpire game #%d", g.ID))
	tag("Site", "umpire")
	tag("Date", g.Created.UTC().Format("2006.01.02"))
	tag("Round", "-")
	for _, s := range v.Seats {
		tag(strings.ToUpper(string(s[:1]))+string(s[1:]), playerName(db, g, s))
	}
	tag("Result", result)
	tag("Variant", g.Variant)
	if rs, err := v.RuleSet(g.Options); err == nil && rs != "" {
		tag("RuleSet", rs)
	}
	if fen := referee.StartFEN(v, g.Options); fen != "" {
		tag("SetUp", "1")
		tag("FEN", fen)
	}
	tag("TimeControl", timeControl(g))
	if pace := paceWords(g); pace != "" {
		tag("UmpirePace", pace)
	}
	tag("Termination", termination(result, reason))
	sb.WriteString("\n")
}

// playerName is the name of the player in seat s, "?" when unknown.
func playerName(db *store.DB, g *store.Game, s referee.Seat) string {
	if pid := g.Seats[s].PlayerID; pid != 0 {
		if p, err := db.Player(pid); err == nil {
			return texts.Name(p.Name, p.ID)
		}
	}
	return "?"
}

// timeControl is the PGN TimeControl of a correspondence clock: one move
// in so many seconds ("1/259200" for three days), with an increment the
// bank and the increment in seconds ("259200+86400", PGN's incremental
// form), "-" without a clock.
func timeControl(g *store.Game) string {
	if g.Clock <= 0 {
		return "-"
	}
	if g.Increment > 0 {
		return fmt.Sprintf("%d+%d", int64(g.Clock.Seconds()), int64(g.Increment.Seconds()))
	}
	return fmt.Sprintf("1/%d", int64(g.Clock.Seconds()))
}

// termination is the PGN Termination of a game: "time forfeit" for a loss
// on time, "abandoned" for an aborted game, "unterminated" for one that
// goes on, and "normal" for every other end (the umpire's reason is in the
// last comment).
func termination(result, reason string) string {
	switch {
	case reason == "abandoned":
		return "abandoned"
	case result == "*":
		return "unterminated"
	case reason == "timeout":
		return "time forfeit"
	case reason == "aborted":
		return "abandoned"
	}
	return "normal"
}

// paceWords says g's pace beyond its clock as `new` reads it, for the
// record's UmpirePace tag: "1d@21:00 Europe/Moscow ext2 cd" (the fixed
// hour's time zone after it); "" for a game paced by its clock alone.
func paceWords(g *store.Game) string {
	p := g.Pace
	if g.Clock <= 0 || !p.Paced() {
		return ""
	}
	clock := fmt.Sprintf("%dh", int64(g.Clock/time.Hour))
	if g.Clock%(24*time.Hour) == 0 {
		clock = fmt.Sprintf("%dd", int64(g.Clock/(24*time.Hour)))
	}
	words := []string{clock}
	if p.At != "" {
		zone := p.Zone
		if zone == "" {
			zone = "UTC"
		}
		words = []string{clock + "@" + p.At, zone}
	}
	if p.Ext > 0 {
		words = append(words, fmt.Sprintf("ext%d", p.Ext))
	}
	if p.Disorder {
		words = append(words, "cd")
	}
	return strings.Join(words, " ")
}

// Housed reports whether log entry i of g was the house's, made for a
// seat in civil disorder (the umpire's own timeout is never).
func Housed(g *store.Game, i int) bool {
	a := g.Log[i]
	return g.Pace.Housed(i, a.Seat) && !referee.UmpireOnly(a.Text)
}
