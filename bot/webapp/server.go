package webapp

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Config are the settings of a Server. DB, Office, Handler and Token are
// required; the zero value of every other field is a working default.
type Config struct {
	DB      *store.DB
	Office  *post.Office // words the page's texts as the chat's
	Handler Handler      // the bot: every action goes through it
	// Token is the bot's token, which signs the init data.
	Token string
	// Transport is the transport of the users' addresses; "" means
	// "telegram".
	Transport string
	Now       func() time.Time // nil: time.Now
	Log       *slog.Logger     // nil: slog.Default()
	Limits    wire.HTTPLimits  // the server's timeouts and caps
	// Wait is how long a long poll waits for news; 0 means 25 seconds.
	Wait time.Duration
}

// Handler plays a line as if its player had written it in the private
// chat, and tells ans what became of it (post.Answer): the bot's Serve.
type Handler interface {
	Serve(ctx context.Context, in wire.Inbound, ans post.Answer) error
}

// Server serves the page and its endpoints.
type Server struct {
	cfg    Config
	mux    *http.ServeMux
	shares shares // each user's requests in flight (share.go)
}

// Request bounds: a body, a line of text, a request's id.
const (
	maxBody = 2048
	maxText = 300
	maxID   = 40
)

// New makes a Server.
func New(cfg Config) *Server {
	if cfg.Transport == "" {
		cfg.Transport = "telegram"
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Wait <= 0 {
		cfg.Wait = 25 * time.Second
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /{$}", servePage)
	s.mux.HandleFunc("GET /app.js", servePage)
	s.mux.HandleFunc("GET /app.css", servePage)
	s.mux.HandleFunc("GET /chrome.js", servePage)
	s.mux.HandleFunc("GET /api/games", s.shared(s.games))
	s.mux.HandleFunc("GET /api/state", s.shared(s.state))
	s.mux.HandleFunc("GET /api/wait", s.wait)
	s.mux.HandleFunc("POST /api/act", s.shared(s.act))
	return s
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// Serve serves on ln until ctx is done, with the server's timeouts and
// connection cap.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := wire.HTTPServer(ctx, s, s.cfg.Limits)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(wire.LimitListener(ln, s.cfg.Limits)) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}

// InitHeader is the header that carries the init data.
const InitHeader = "X-Telegram-Init-Data"

// who is the player a request's init data names, and the user; ok is
// false when the data is refused or the user never wrote to the bot.
func (s *Server) who(r *http.Request) (*store.Player, User, bool) {
	u, err := Verify(r.Header.Get(InitHeader), s.cfg.Token, s.cfg.Now())
	if err != nil {
		return nil, User{}, false
	}
	p, err := s.cfg.DB.PlayerAt(s.address(u))
	if err != nil {
		return nil, u, false
	}
	return p, u, true
}

// address is a user's address on the transport: its private chat.
func (s *Server) address(u User) store.Address {
	return store.Address{Transport: s.cfg.Transport, ID: strconv.FormatInt(u.ID, 10)}
}

// seated finds game id and the player's seat there; ok is false when
// there is no such game or the player holds no seat in it.
func (s *Server) seated(p *store.Player, id uint64) (*store.Game, string, bool) {
	if p == nil || id == 0 {
		return nil, "", false
	}
	g, err := s.cfg.DB.Game(id)
	if err != nil || g.State == store.StateOpen {
		return nil, "", false
	}
	seat, ok := g.SeatOf(p.ID)
	return g, string(seat), ok
}

// nothing is the one answer to every request the app will not serve: no
// such game, no seat there, init data refused.
func nothing(w http.ResponseWriter) {
	http.Error(w, "no such game", http.StatusNotFound)
}

// reply writes v as JSON.
func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	js, _ := json.Marshal(v)
	w.Write(js)
}

// gameOf reads the game number of a request's query.
func gameOf(r *http.Request) uint64 {
	id, _ := strconv.ParseUint(r.URL.Query().Get("game"), 10, 64)
	return id
}
