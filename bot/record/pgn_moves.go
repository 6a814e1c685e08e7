package record

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"umpire/bot/texts"
	"umpire/referee"
)

// record is a game's movetext as it is built: a comment before the first
// move (what was said and done before it), then each move with the one
// comment that follows it.
type record struct {
	cat   *texts.Catalog
	lang  string
	seats []referee.Seat
	open  bool // every seat sees the whole board: SAN tells captures and checks
	first int  // the number of the first round (a FEN's full move number)
	// housed reports whether log entry i was the house's, for a seat in
	// civil disorder: its comment says so.
	housed  func(i int) bool
	prelude []string
	plies   []recordPly
}

// recordPly is one move of the record.
type recordPly struct {
	seat    referee.Seat
	san     string
	comment []string
}

// build replays log, whose moves are sans, gathering each move's comment:
// the entries since the move before (failed tries, secret choices, game
// commands) and the move's own announcements. What comes after the last
// move (a resignation, the opened notes) joins the last move's comment.
func (r *record) build(v *referee.Variant, o referee.Options, log []referee.Action, sans []string) error {
	g, err := v.New(o)
	if err != nil {
		return err
	}
	r.open = boardOpen(g, v.Seats)
	r.first = fullMove(referee.StartFEN(v, o))
	pending := r.words(g.Start(), "", "")
	for i, a := range log {
		ru := g.Play(a)
		if r.housed != nil && r.housed(i) {
			args := texts.Args{}
			r.cat.PutSeat(r.lang, args, "seat", a.Seat)
			pending = append(pending, r.cat.Text(r.lang, "record.housed", args))
		}
		if sans[i] == "" {
			pending = append(pending, r.action(a, ru)...)
			continue
		}
		if len(r.plies) == 0 {
			r.prelude, pending = pending, nil
		}
		mover := a.Seat
		if o := ru.Order; o.Lord != "" { // a Lord's order, whoever wrote what played it: the Servant's move
			args := texts.Args{}
			r.cat.PutSeat(r.lang, args, "seat", o.Lord)
			r.cat.PutSeat(r.lang, args, "servant", o.Servant)
			pending = append(pending, r.cat.Text(r.lang, "record.ordered", args))
			mover = o.Servant
		}
		r.plies = append(r.plies, recordPly{seat: mover, san: sans[i], comment: append(pending, r.words(ru.Said, a.Seat, ru.Verdict)...)})
		pending = nil
	}
	if n := len(r.plies); n > 0 {
		r.plies[n-1].comment = append(r.plies[n-1].comment, pending...)
	} else {
		r.prelude = append(r.prelude, pending...)
	}
	return nil
}

// boardOpen reports whether every seat of a game not begun sees the god's
// board: then the umpire's words of captures and checks only repeat what
// SAN says, and plain chess gets no Kriegspiel comments.
func boardOpen(g referee.Game, seats []referee.Seat) bool {
	god := g.View(referee.God).Board
	for _, s := range seats {
		if g.View(s).Board != god {
			return false
		}
	}
	return true
}

// fullMove is the full move number of a FEN, 1 when there is none.
func fullMove(fen string) int {
	f := strings.Fields(fen)
	if len(f) == 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 && n < 10000 {
			return n
		}
	}
	return 1
}

// action words a log entry that is not a move as sentences of the
// record's language: a failed try as "White tried f2f5: impossible.", an
// action the umpire's words name its seat in ("White made a sealed
// choice.", "Black offers a draw.") by those words alone, a resignation or
// an accepted draw by a sentence of its own, anything else by the umpire's
// words after the seat ("White: Any pawn captures? No."). A secret's
// content stays out: its announcement tells only that it was made.
func (r *record) action(a referee.Action, ru referee.Ruling) []string {
	words := r.words(ru.Said, a.Seat, ru.Verdict)
	args := texts.Args{"text": r.cat.Act(r.lang, a.Text)} // an act of diplomacy in the record's words
	r.cat.PutSeat(r.lang, args, "seat", a.Seat)
	word, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(a.Text)), " ")
	var id string
	switch {
	case ru.Verdict != referee.Accepted:
		id = "record." + string(ru.Verdict)
	case referee.UmpireOnly(a.Text): // the clock's word, not the seat's
		id = "record.timeout"
	case word == referee.WordResign:
		id = "record.resign"
	case word == referee.WordDraw && !slices.ContainsFunc(ru.Said, saidBySeat):
		id = "record.draw-accept"
	case slices.ContainsFunc(ru.Said, saidBySeat):
		return words
	case len(words) > 0:
		args["said"] = strings.Join(words, " ")
		return []string{r.cat.Text(r.lang, "record.said", args)}
	}
	if !r.cat.Has("en", id) {
		id = "record.action"
	}
	return append([]string{r.cat.Text(r.lang, id, args)}, words...)
}

// saidBySeat reports whether an announcement names the seat whose action
// it tells of, so that the record needs no other sentence for the action.
func saidBySeat(a referee.Announcement) bool {
	switch a.Code {
	case "commitment", "stones", "draw-offer", "draw-declined", "vassal", "order-held":
		return true
	}
	return false
}

// words says announcements in the record's language, leaving out whose
// turn it is, the verdict already said, and on an open board the captures
// and checks SAN shows.
func (r *record) words(said []referee.Announcement, actor referee.Seat, verdict referee.Verdict) []string {
	var out []string
	for _, a := range said {
		switch {
		case a.Code == "turn",
			string(verdict) == a.Code,
			r.open && (a.Code == "capture" || a.Code == "check"):
			continue
		}
		out = append(out, r.cat.Announcement(r.lang, a, actor))
	}
	return out
}

// movetext writes the moves, numbered by rounds, wrapped at 79 columns,
// and the result.
func (r *record) movetext(result string) string {
	var w []string
	if len(r.prelude) > 0 {
		w = append(w, comment(r.prelude))
	}
	round, prev, commented := r.first, -1, len(r.prelude) > 0
	for _, p := range r.plies {
		i := slices.Index(r.seats, p.seat)
		if prev >= 0 && i < prev {
			round++
		}
		switch {
		case len(r.seats) > 2:
			if prev < 0 || i < prev {
				w = append(w, fmt.Sprintf("%d.", round))
			}
			w = append(w, strings.ToUpper(string(p.seat[:1]))+":")
		case i == 0:
			w = append(w, fmt.Sprintf("%d.", round))
		case prev < 0 || commented || prev == i:
			w = append(w, fmt.Sprintf("%d...", round))
		}
		w = append(w, p.san)
		commented = len(p.comment) > 0
		if commented {
			w = append(w, comment(p.comment))
		}
		prev = i
	}
	return wrap(append(w, result))
}

// comment makes one PGN comment of sentences; a brace in them would end
// it early and becomes a parenthesis.
func comment(parts []string) string {
	s := strings.Join(parts, " ")
	s = strings.NewReplacer("{", "(", "}", ")", "\n", " ", "\r", " ").Replace(s)
	return "{" + s + "}"
}

// wrap joins tokens with spaces into lines of at most 79 columns (one a
// character, so that Cyrillic lines are as long as Latin ones), breaking
// comments between their words.
func wrap(tokens []string) string {
	var sb strings.Builder
	col := 0
	for _, t := range tokens {
		for _, word := range strings.Fields(t) {
			n := utf8.RuneCountInString(word)
			if col > 0 && col+1+n > 79 {
				sb.WriteByte('\n')
				col = 0
			} else if col > 0 {
				sb.WriteByte(' ')
				col++
			}
			sb.WriteString(word)
			col += n
		}
	}
	sb.WriteByte('\n')
	return sb.String()
}
