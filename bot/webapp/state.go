package webapp

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/referee/board"
	"umpire/referee/tri"
	"umpire/store"
)

// State is what the page shows of a game to one seat: its view, the words
// the chat would say, and the controls it may use now. It is made from
// the seat's referee.View and the composer's words for the seat, and from
// nothing else: the length of the game's log, which counts the others'
// hidden tries, is not in it.
type State struct {
	Game     uint64   `json:"game"`
	Variant  string   `json:"variant"` // its key
	Geometry string   `json:"geometry"`
	Seat     string   `json:"seat"`
	Turn     string   `json:"turn"` // "" once over
	Over     bool     `json:"over"`
	Words    []string `json:"words"` // the chat's words: header, news, whose turn, guidance
	// Names are the cells' names, Cells what is on each ("" empty, "?"
	// unseen, else the army's letter w, r, b and the piece's English
	// letter: "wP"), Shown how the page draws it in the reader's letters,
	// Rows the cells in the rows the seat sees them, top first.
	Names []string `json:"names"`
	Cells []string `json:"cells"`
	Shown []string `json:"shown"`
	Rows  [][]int  `json:"rows"`
	// Shape draws the board as the picture does where its cells are not
	// squares in rows (three-player chess); nil on the 8×8 board.
	Shape *Shape `json:"shape,omitempty"`
	// Marks are the view's marks by kind (last, seen, checks, incheck,
	// mated, lost), as cell names.
	Marks map[string][]string `json:"marks"`
	// Buttons are the chat's buttons under the view (the guide's choices,
	// resign, draw, the variant's questions), as commands.
	Buttons []Button `json:"buttons"`
	// Armies are the armies whose men the seat moves now, by letter, each
	// with the words a move of theirs begins with ("", or "order red " for
	// a Servant's army its Lord orders).
	Armies map[string]string `json:"armies"`
	// Promotions are what a pawn may become; Grow the pieces a pawn may
	// grow into while the seat owes that choice (progressive chess).
	Promotions []Piece `json:"promotions"`
	Grow       []Piece `json:"grow,omitempty"`
	// Stones is the seat's right to place stones (Korona-2), if any.
	Stones *referee.Stones `json:"stones,omitempty"`
	// Lists: several tries may go in one message (attempt lists).
	Lists  bool              `json:"lists"`
	Labels map[string]string `json:"labels"` // the page's own words
	// Version changes whenever anything above does: the long poll's key.
	Version string `json:"version"`
}

// Button is one of the chat's buttons: what it says and what it sends.
type Button struct {
	Label   string `json:"label"`
	Command string `json:"command"`
	Confirm bool   `json:"confirm,omitempty"` // ask first (resign)
}

// Piece is a piece to choose: the letter sent and the letter shown.
type Piece struct {
	Send string `json:"send"`
	Show string `json:"show"`
}

// glyphs draw the chess pieces; the variants' own men are drawn with the
// reader's letters.
var glyphs = map[byte]string{'K': "♚", 'Q': "♛", 'R': "♜", 'B': "♝", 'N': "♞", 'P': "♟"}

// state serves GET /api/state?game=N.
func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	p, _, ok := s.who(r)
	g, seat, seated := s.seated(p, gameOf(r))
	if !ok || !seated {
		nothing(w)
		return
	}
	st, err := s.stateOf(s.cfg.Office.Desk(wire.Features{Acts: true}), g, p, seat)
	if err != nil {
		s.cfg.Log.Error("app: state", "game", g.ID, "err", err)
		http.Error(w, "try again", http.StatusInternalServerError)
		return
	}
	reply(w, st)
}

// stateOf makes the State of game g for the player's seat, with desk's
// view and words.
func (s *Server) stateOf(desk *post.Desk, g *store.Game, p *store.Player, seat string) (*State, error) {
	vt, ok := referee.Lookup(g.Variant)
	if !ok {
		return nil, errInit
	}
	v, err := desk.View(g, len(g.Log), referee.Seat(seat))
	if err != nil {
		return nil, err
	}
	lang := s.lang(p)
	from := post.LastOwn(g, v.Seat)
	m, err := desk.Compose(store.Outgoing{Game: g.ID, Ply: len(g.Log), Kind: post.KindView,
		Seat: v.Seat, To: p.Addresses[0], Lang: lang,
		Text: post.Note{From: from, Start: from == 0, NoPicture: true, Bonds: true}.Encode()})
	if err != nil {
		return nil, err
	}
	st := &State{Game: g.ID, Variant: g.Variant, Geometry: v.Geometry, Seat: seat, Turn: string(v.Turn),
		Over: v.Over(), Words: strings.Split(m.Text, "\n"), Rows: post.BoardRows(v), Shape: shapeOf(v),
		Marks: marks(v), Armies: armies(v), Stones: v.Stones, Lists: vt.HiddenMoves,
		Labels: s.labels(lang)}
	s.cells(st, v, lang)
	for _, b := range m.Buttons {
		if b.Command == "" || strings.HasPrefix(b.Command, "board") {
			continue // a link, or the board again: the page is the board
		}
		cmd, confirm := strings.CutPrefix(b.Command, post.ConfirmPrefix)
		st.Buttons = append(st.Buttons, Button{Label: b.Label, Command: cmd, Confirm: confirm})
	}
	st.Buttons = append(st.Buttons, s.offers(v, lang)...)
	for _, k := range referee.Promotions(vt, g.Options.Rules) {
		st.Promotions = append(st.Promotions, Piece{string(k.Letter()), post.BoardLetter(lang, k.Letter())})
	}
	if v.Turn == v.Seat {
		for _, k := range v.Grow {
			st.Grow = append(st.Grow, Piece{string(k.Letter()), post.BoardLetter(lang, k.Letter())})
		}
	}
	js, _ := json.Marshal(st)
	sum := sha256.Sum256(js)
	st.Version = hex.EncodeToString(sum[:8])
	return st, nil
}

// lang is the player's language, where the office speaks it.
func (s *Server) lang(p *store.Player) string {
	if slices.Contains(s.cfg.Office.Langs(), p.Lang) {
		return p.Lang
	}
	return s.cfg.Office.Langs()[0]
}

// cells fills in the names, men and letters of the view's cells.
func (s *Server) cells(st *State, v referee.View, lang string) {
	triad := v.Geometry == tri.Geometry.Name
	n := len(v.Cells)
	if triad {
		n /= 2
	}
	for c := range n {
		var man string
		switch {
		case triad:
			man = string(v.Cells[2*c : 2*c+2])
			st.Names = append(st.Names, tri.Geometry.CellName(board.Cell(c)))
		default:
			man = string(v.Cells[c : c+1])
			st.Names = append(st.Names, board.Standard.CellName(board.Cell(c)))
			if l := man[0]; l >= 'A' && l <= 'Z' {
				man = "w" + man
			} else if l >= 'a' && l <= 'z' {
				man = "b" + strings.ToUpper(man)
			}
		}
		switch man {
		case ".", "..":
			man = ""
		}
		shown := man
		if len(man) == 2 {
			shown = glyphs[man[1]]
			if shown == "" {
				shown = post.BoardLetter(lang, man[1])
			}
		}
		st.Cells, st.Shown = append(st.Cells, man), append(st.Shown, shown)
	}
}

// marks are the view's marks by kind.
func marks(v referee.View) map[string][]string {
	out := map[string][]string{}
	for k, cells := range map[string][]string{"last": v.LastMove, "seen": v.Seen, "checks": v.Checks,
		"incheck": v.InCheck, "mated": v.Mated, "lost": v.Marks} {
		if len(cells) > 0 {
			out[k] = cells
		}
	}
	return out
}

// armies are the armies the seat moves now, each with the words a move of
// its men begins with: its own on its turn, with those whose throne it
// holds (triad), and on a Servant's turn that Servant's army, by order.
func armies(v referee.View) map[string]string {
	out := map[string]string{}
	if v.Over() || v.Seat == "" {
		return out
	}
	letter := func(s referee.Seat) string { return string(s)[:1] }
	if v.Turn == v.Seat {
		out[letter(v.Seat)] = ""
	}
	d := v.Diplomacy
	if d == nil {
		return out
	}
	for _, t := range d.Thrones {
		if t.Holder == v.Seat && v.Turn == v.Seat {
			out[letter(t.Army)] = ""
		}
	}
	for _, b := range d.Bonds {
		if b.Lord == v.Seat && b.Servant == v.Turn {
			out[letter(b.Servant)] = "order " + string(b.Servant) + " "
		}
	}
	return out
}

// offers are three-player chess's offers the seat may make now (triad.md
// 3.9: to be served by, or to serve, a seat whose man its last move
// took), as the referee lists them in the seat's view, as buttons.
func (s *Server) offers(v referee.View, lang string) []Button {
	cat := s.cfg.Office.Catalog()
	var out []Button
	for _, o := range v.Offers {
		args := texts.Args{}
		cat.PutSeat(lang, args, "seat", o.To)
		out = append(out, Button{Label: cat.Text(lang, "app."+o.Kind+"-offer", args), Command: o.Text()})
	}
	return out
}
