package bot

import (
	"fmt"
	"strings"
	"time"

	"umpire/referee"
	"umpire/store"
)

// PGN writes game id of db as PGN: the seven tag roster with the players'
// names, the variant and its rule set in tags, the moves as played in
// coordinates (e2e4; the referee speaks coordinates, and a hidden-
// information game has no SAN its players saw), and everything hidden as
// comments: every try with its verdict, every announcement, and every
// secret choice with its salt. It is for a finished game (`umpire export`);
// for a game in play it gives away the hidden information.
func PGN(db *store.DB, id uint64) (string, error) {
	g, err := db.Game(id)
	if err != nil {
		return "", err
	}
	return writePGN(db, g, len(g.Log))
}

// pgn writes a game's PGN up to ply log entries.
func (b *Bot) pgn(g *store.Game, ply int) (string, error) { return writePGN(b.db, g, ply) }

func writePGN(db *store.DB, g *store.Game, ply int) (string, error) {
	v, ok := referee.Lookup(g.Variant)
	if !ok {
		return "", fmt.Errorf("bot: pgn of game %d: unknown variant %q", g.ID, g.Variant)
	}
	rg, err := v.New(g.Options)
	if err != nil {
		return "", fmt.Errorf("bot: pgn of game %d: %w", g.ID, err)
	}
	var sb strings.Builder
	writeTags(&sb, db, g, v)
	w := &movetext{seats: v.Seats, no: 1}
	w.comment(announcements(referee.For(rg.Start(), referee.God), ""))
	for _, a := range g.Log[:ply] {
		w.entry(a, rg.Play(a))
	}
	result, _ := rg.Result()
	w.word(pgnResult(result))
	sb.WriteString(w.String())
	return sb.String(), nil
}

// writeTags writes the tag pairs.
func writeTags(sb *strings.Builder, db *store.DB, g *store.Game, v *referee.Variant) {
	tag := func(k, v string) {
		fmt.Fprintf(sb, "[%s %q]\n", k, strings.ReplaceAll(v, `"`, `'`))
	}
	tag("Event", fmt.Sprintf("umpire game #%d", g.ID))
	tag("Site", "umpire")
	tag("Date", g.Created.Format("2006.01.02"))
	tag("Round", "-")
	for _, s := range v.Seats {
		name := "?"
		if pid := g.Seats[s].PlayerID; pid != 0 {
			if p, err := db.Player(pid); err == nil {
				name = p.Name
			}
		}
		tag(strings.ToUpper(string(s[:1]))+string(s[1:]), name)
	}
	tag("Result", pgnResult(g.Result))
	tag("Variant", g.Variant)
	if rs, err := v.RuleSet(g.Options); err == nil && rs != "" {
		tag("RuleSet", rs)
	}
	if g.Options.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", g.Options.FEN)
	}
	if g.Result != "" && pgnResult(g.Result) == "*" {
		tag("Points", g.Result)
	}
	if g.Clock != 0 { // one move per so many seconds
		tag("TimeControl", fmt.Sprintf("1/%d", int64(g.Clock/time.Second)))
	}
	if g.Reason != "" {
		tag("Termination", g.Reason)
	}
	sb.WriteString("\n")
}

// pgnResult is a result as PGN allows it: three-player points become "*".
func pgnResult(r string) string {
	switch r {
	case "1-0", "0-1", "1/2-1/2":
		return r
	}
	return "*"
}

// movetext writes moves with their numbers, and comments between them.
type movetext struct {
	seats  []referee.Seat
	no     int
	turn   int  // index of the seat whose move is next
	broken bool // a comment came since the last number
	words  []string
}

func (w *movetext) word(s string) { w.words = append(w.words, s) }

func (w *movetext) comment(s string) {
	if s == "" {
		return
	}
	w.word("{" + strings.ReplaceAll(s, "}", ")") + "}")
	w.broken = true
}

// entry writes one log entry: a move, or a comment for everything else.
func (w *movetext) entry(a referee.Action, ru referee.Ruling) {
	text := a.Text
	if a.Salt != "" {
		text += " salt=" + a.Salt
	}
	if ru.Move == "" || ru.Verdict != referee.Accepted {
		w.comment(fmt.Sprintf("%s: %s (%s)", a.Seat, text, ru.Verdict) + sep(announcements(ru.Said, a.Seat)))
		return
	}
	for i, s := range w.seats {
		if s == a.Seat && i != w.turn {
			w.turn = i // a pass: keep the numbering in step
		}
	}
	switch {
	case w.turn == 0:
		w.word(fmt.Sprintf("%d.", w.no))
	case w.broken:
		w.word(fmt.Sprintf("%d...", w.no))
	}
	w.broken = false
	w.word(ru.Move)
	if text != ru.Move {
		w.comment(text + sep(announcements(ru.Said, a.Seat)))
	} else {
		w.comment(announcements(ru.Said, a.Seat))
	}
	if w.turn++; w.turn == len(w.seats) {
		w.turn, w.no = 0, w.no+1
	}
}

func sep(s string) string {
	if s == "" {
		return ""
	}
	return "; " + s
}

// announcements words announcements in English for a comment.
func announcements(said []referee.Announcement, actor referee.Seat) string {
	var parts []string
	for _, a := range said {
		parts = append(parts, strings.TrimSuffix(DefaultCatalog.Announcement("en", a, actor), "."))
	}
	return strings.Join(parts, "; ")
}

// String wraps the movetext at 79 columns.
func (w *movetext) String() string {
	var sb strings.Builder
	col := 0
	for _, word := range w.words {
		if col > 0 && col+1+len(word) > 79 {
			sb.WriteByte('\n')
			col = 0
		} else if col > 0 {
			sb.WriteByte(' ')
			col++
		}
		sb.WriteString(word)
		col += len(word)
	}
	sb.WriteByte('\n')
	return sb.String()
}
