package post

import (
	"slices"
	"strconv"
	"strings"

	"umpire/bot/record"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/internal/tourney"
	"umpire/referee"
	"umpire/render"
	"umpire/store"
)

// KindStandings is a tournament's standings (bot/club), made at send time
// from its games: a text table, and a crosstable as a picture. The note's
// tourney names the tournament; "tourney.final" is its final table, which
// also carries one PGN file of all its games.
const KindStandings = "standings"

// standing is what the standings say of one tournament.
type standing struct {
	t     *store.Tournament
	names []string
	games []*store.Game // by pairing; nil for one not made
	rows  []tourney.Row
}

// loadStanding reads tournament id, its players' names and its games.
func (c *composer) loadStanding(id uint64) (*standing, error) {
	s := &standing{}
	err := c.o.db.View(func(tx *store.Tx) error {
		t, err := tx.Tournament(id)
		if err != nil {
			return err
		}
		s.t = t
		for _, pid := range t.Players {
			p, err := tx.Player(pid)
			if err != nil {
				return err
			}
			s.names = append(s.names, Name(p))
		}
		made, err := tx.TourneyGames(id)
		if err != nil {
			return err
		}
		s.games = make([]*store.Game, len(t.Pairings))
		for i := range t.Pairings {
			if made[i] != 0 {
				if s.games[i], err = tx.GameHead(made[i]); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	v, _ := referee.Lookup(s.t.Variant)
	var games []tourney.Game
	for i, pr := range s.t.Pairings {
		tg := tourney.Game{Players: pr.Seats}
		if g := s.games[i]; g != nil && g.State == store.StateOver && v != nil {
			tg.Points, _ = referee.Points(g.Result, len(v.Seats))
			tg.Void = tg.Points == nil // ended without a result: nobody scores

		}
		games = append(games, tg)
	}
	s.rows = tourney.Standings(len(s.t.Players), games)
	return s, nil
}

// standings words a tournament's standings: the text, the crosstable
// picture, and for the final table the PGN of every game. What SB is,
// the tiebreak, is said in words the first time a reader sees it: in the
// first standings, in every answer to `tournament` and in the final
// table, and always in the one message a transport edits in place.
func (c *composer) standings(m *wire.Message, n Note, lang string) error {
	id, _ := strconv.ParseUint(n.Args["tourney"], 10, 64)
	s, err := c.loadStanding(id)
	if err != nil {
		return err
	}
	cat := c.o.cat
	for i, name := range s.names { // the house's, a nameless player's, in the reader's words
		s.names[i] = cat.Value(lang, "name", name)
	}
	played, all := 0, len(s.t.Pairings)
	for _, g := range s.games {
		if g != nil && g.State == store.StateOver {
			played++
		}
	}
	args := texts.Args{"tourney": n.Args["tourney"], "played": strconv.Itoa(played), "games": strconv.Itoa(all)}
	args["variant"] = cat.Arg(lang, "variant", VariantOf(&store.Game{Variant: s.t.Variant, Options: s.t.Options}))
	lines := []string{cat.Text(lang, n.ID, args)}
	for _, r := range s.rows {
		id := "tourney.row"
		if left(s.t, r.Player) {
			id = "tourney.row-left"
		}
		lines = append(lines, cat.Text(lang, id, texts.Args{"place": strconv.Itoa(r.Place), "name": s.names[r.Player],
			"points": points(r.Points), "sb": points(r.SB), "played": strconv.Itoa(r.Played), "games": strconv.Itoa(r.Games)}))
	}
	if n.Slot == "" || played <= 1 || c.feat.Edits { // the tiebreak in words, the first time a reader sees it
		lines = append(lines, cat.Text(lang, "tourney.sb", nil))
	}
	m.Text = strings.Join(lines, "\n")
	if m.Image, err = render.TablePNG(c.crosstable(s, lang, lines[0])); err != nil {
		return err
	}
	if n.ID == "tourney.final" {
		return c.allGames(m, s, lang)
	}
	return nil
}

// crosstable is the standings as a grid: a row per player in the order of
// the standings, a column per opponent in the same order, each cell the
// scores of their games (pending ones as "·"), then points and SB.
func (c *composer) crosstable(s *standing, lang, title string) render.Table {
	cat := c.o.cat
	t := render.Table{Title: title, Header: []string{"#", cat.Text(lang, "tourney.col-player", nil)}, Left: []int{1}}
	for i := range s.rows {
		t.Header = append(t.Header, strconv.Itoa(i+1))
	}
	t.Header = append(t.Header, cat.Text(lang, "tourney.col-points", nil), cat.Text(lang, "tourney.col-sb", nil))
	for i, r := range s.rows {
		row := []string{strconv.Itoa(r.Place), s.names[r.Player]}
		for j, o := range s.rows {
			if i == j {
				row = append(row, "")
				t.Shade = append(t.Shade, [2]int{i, j + 2})
				continue
			}
			var cell []string
			for _, x := range r.Against[o.Player] {
				cell = append(cell, points(x))
			}
			for range r.Pending[o.Player] {
				cell = append(cell, "·")
			}
			row = append(row, strings.Join(cell, " "))
		}
		t.Rows = append(t.Rows, append(row, points(r.Points), points(r.SB)))
	}
	return t
}

// allGames adds to the final table one PGN file of every game, in the
// order of the pairings.
func (c *composer) allGames(m *wire.Message, s *standing, lang string) error {
	var pgn []string
	for _, head := range s.games {
		if head == nil {
			continue
		}
		g, err := c.o.db.Game(head.ID)
		if err != nil {
			return err
		}
		one, err := record.WritePGN(c.o.db, c.o.cat, lang, g, len(g.Log))
		if err != nil {
			return err
		}
		pgn = append(pgn, strings.TrimSpace(one))
	}
	m.Files = append(m.Files, wire.File{Name: "tournament-" + strconv.FormatUint(s.t.ID, 10) + ".pgn",
		Type: "application/x-chess-pgn", Data: []byte(strings.Join(pgn, "\n\n") + "\n")})
	return nil
}

// left reports whether player i of t left it.
func left(t *store.Tournament, i int) bool { return slices.Contains(t.Left, t.Players[i]) }

// points writes a score as players do, with the fractions a tiebreak
// of half points makes written as such in every language (no decimal
// point, which Russian and Esperanto write as a comma): 2½, ½, 0, 1¼, ¾.
func points(x float64) string {
	whole := int(x)
	glyph, ok := map[float64]string{0: "", 0.25: "¼", 0.5: "½", 0.75: "¾"}[x-float64(whole)]
	switch {
	case !ok:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case whole == 0 && glyph != "":
		return glyph
	}
	return strconv.Itoa(whole) + glyph
}
