package webapp

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// Act is what the page sends: a line for a game, as a player would type
// it, and an id the page made for it, so that a request sent twice is
// played once.
type Act struct {
	Game uint64 `json:"game"`
	Text string `json:"text"`
	ID   string `json:"id"`
}

// Acted is the answer to an Act: the game's state after it, and what the
// umpire said of the line when it did not go into the game.
type Acted struct {
	State *State `json:"state"`
	Said  string `json:"said,omitempty"`
}

// act serves POST /api/act. The line goes through the bot's Handler as if
// the player had sent it in the private chat: the same rulings, the same
// log, the same words in the chat. The answer is the state the page shows
// next; when the line changed nothing there (refused, or a command such
// as draw), Said gives the referee's reason for a refused move, as the
// call that played it told it, or points to the chat, where the bot
// answered.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	var a Act
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	p, u, ok := s.who(r)
	if err != nil || len(body) > maxBody || json.Unmarshal(body, &a) != nil {
		ok = false
	}
	g, seat, seated := s.seated(p, a.Game)
	if !ok || !seated {
		nothing(w)
		return
	}
	// the chat's buttons name their game; the line gets it once, in front
	num := strconv.FormatUint(g.ID, 10)
	text := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(a.Text), "#"+num+" "), " #"+num)
	if text == "" || len(text) > maxText || !validID(a.ID) || strings.ContainsAny(text, "\r\n") {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	uid := strconv.FormatInt(u.ID, 10)
	in := wire.Inbound{Transport: s.cfg.Transport, From: uid, Chat: uid, Private: true,
		Text: "#" + num + " " + text, ID: "app-" + uid + "-" + a.ID,
		Lang: u.LanguageCode, Name: name(u)}
	var ruled *post.Ruling
	answer := post.AnswerFunc(func(r post.Ruling) { ruled = &r })
	if err := s.cfg.Handler.Serve(r.Context(), in, answer); err != nil {
		s.cfg.Log.Warn("app: act not handled", "game", g.ID, "err", err)
		http.Error(w, "try again", http.StatusInternalServerError)
		return
	}
	if g, err = s.cfg.DB.Game(g.ID); err != nil {
		http.Error(w, "try again", http.StatusInternalServerError)
		return
	}
	desk := s.cfg.Office.Desk(wire.Features{Acts: true})
	out := Acted{}
	if out.State, err = s.stateOf(desk, g, p, seat); err != nil {
		http.Error(w, "try again", http.StatusInternalServerError)
		return
	}
	if ruled == nil || !ruled.Played {
		out.Said = s.said(desk, g, p, seat, ruled)
	}
	reply(w, out)
}

// said is what the chat said of a line that went nowhere, as its call
// ruled it: the referee's reason for a refused move, worded as the chat
// words it; else (a command, a mistake, an unreadable line) the pointer to
// the chat, where the bot answered.
func (s *Server) said(desk *post.Desk, g *store.Game, p *store.Player, seat string, ruled *post.Ruling) string {
	lang := s.lang(p)
	answered := s.cfg.Office.Catalog().Text(lang, "app.answered", nil)
	if ruled == nil || ruled.Refused == nil || ruled.Refused.Reason == "" || ruled.Refused.Reason == referee.ReasonUnreadable {
		return answered
	}
	m, err := desk.Compose(store.Outgoing{Game: g.ID, Ply: len(g.Log), Kind: post.KindView,
		Seat: referee.Seat(seat), To: p.Addresses[0], Lang: lang,
		Text: post.Note{From: len(g.Log), NoPicture: true, Refused: ruled.Refused}.Encode()})
	if err != nil {
		return answered
	}
	return m.Text
}

// validID reports whether a request id is short and plain.
func validID(id string) bool {
	if id == "" || len(id) > maxID {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// name is how a user is named to the other players, as the chat names it.
func name(u User) string {
	n := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if n == "" && u.Username != "" {
		n = "@" + u.Username
	}
	return n
}
