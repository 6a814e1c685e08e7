package webapp

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/store"
)

// GameItem is one line of the player's list of games.
type GameItem struct {
	Game  uint64 `json:"game"`
	Title string `json:"title"` // "#12 Kriegspiel"
	Mine  bool   `json:"mine"`  // the player's move
}

// Games is the list the menu button opens.
type Games struct {
	Games  []GameItem        `json:"games"`
	Labels map[string]string `json:"labels"`
}

// appLabels are the page's own words, by the catalog's "app." ids.
var appLabels = []string{"games", "none", "your-move", "waiting", "hint", "hint-list", "send", "clear",
	"promote", "grow", "stones", "stones-hint", "line", "confirm", "answered", "nothing", "offline",
	"fullscreen", "exit-fullscreen"}

// labels are the page's words in lang.
func (s *Server) labels(lang string) map[string]string {
	cat := s.cfg.Office.Catalog()
	out := map[string]string{}
	for _, id := range appLabels {
		out[id] = cat.Text(lang, "app."+id, nil)
	}
	return out
}

// games serves GET /api/games: the player's games in play, in the order
// of their numbers. Refused init data gets an empty list, as a user with
// no games: the list says nothing of anyone else.
func (s *Server) games(w http.ResponseWriter, r *http.Request) {
	p, u, ok := s.who(r)
	lang := u.LanguageCode
	if ok {
		lang = s.lang(p)
	}
	if !slices.Contains(s.cfg.Office.Langs(), lang) {
		lang = s.cfg.Office.Langs()[0]
	}
	out := Games{Games: []GameItem{}, Labels: s.labels(lang)}
	if ok {
		games, err := s.cfg.DB.Games(p.ID)
		if err != nil {
			http.Error(w, "try again", http.StatusInternalServerError)
			return
		}
		desk := s.cfg.Office.Desk(wire.Features{})
		for _, g := range games {
			if item, ok := s.item(desk, g, p, lang); ok {
				out.Games = append(out.Games, item)
			}
		}
		slices.SortFunc(out.Games, func(a, b GameItem) int { return cmp.Compare(a.Game, b.Game) })
	}
	reply(w, out)
}

// item is a game in play where the player holds a seat, as a line.
func (s *Server) item(desk *post.Desk, g *store.Game, p *store.Player, lang string) (GameItem, bool) {
	seat, ok := g.SeatOf(p.ID)
	if !ok || g.State != store.StatePlaying {
		return GameItem{}, false
	}
	v, err := desk.View(g, len(g.Log), seat)
	if err != nil {
		return GameItem{}, false
	}
	cat := s.cfg.Office.Catalog()
	title := cat.Text(lang, "app.item", texts.Args{"game": strconv.FormatUint(g.ID, 10), "variant": cat.Arg(lang, "variant", g.Variant)})
	return GameItem{Game: g.ID, Title: title, Mine: v.Turn == seat}, true
}
