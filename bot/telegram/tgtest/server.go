package tgtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// DefaultToken is the token of a Server made with an empty token.
const DefaultToken = "123456789:TEST-token_for-the-fake-Bot-API"

// Server is a fake Bot API on loopback. Point the client at URL (as
// TELEGRAM_API_URL) with Token. Its fields Now and After may be replaced
// before the first request; OnSend may be set before the first send, and
// WebhookTarget before the first delivery.
type Server struct {
	URL   string // the API's base URL: methods are at URL/bot<Token>/<method>
	Token string
	Bot   User // the bot itself, as getMe answers

	// Now is the clock for message dates and the times of Sent; After
	// times the long polls. Nil means the time package's.
	Now   func() time.Time
	After func(time.Duration) <-chan time.Time
	// OnSend, when set, is called with each message the bot sends or
	// edits, after it is recorded and outside the Server's lock.
	OnSend func(Sent)
	// WebhookTarget, when set, is where DeliverWebhook posts instead of
	// the webhook's URL.
	WebhookTarget string

	http *httptest.Server

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every change
	users    map[int64]*user
	chats    map[int64]*Chat
	migrated map[int64]int64            // groups that became supergroups: old id → new
	members  map[int64]map[int64]string // by group, users' statuses (members.go)
	messages map[int64][]*Message       // by chat: every message, the users' too
	updates  []Update                   // not yet confirmed by the bot
	nextID   int                        // the next update_id
	polling  chan struct{}              // closed to end the long poll in progress
	waiting  int                        // long polls waiting for an update
	sent     []Sent
	answers  map[string]*Answer // callback queries by id; nil answer while open
	queries  map[int]string     // callback query ids by update id
	commands map[string][]BotCommand
	menu     *MenuButton // the default menu button, as setChatMenuButton set it
	faults   []*Fault
	calls    map[string]int
	files    map[string][]byte // photos by file_id
	webhook  webhook
	seq      int
	topics   map[int64]map[int]*topic // by chat, by message_thread_id
	lost     map[int64]bool           // chats whose topics are not found (LoseTopics)
	admins   map[int64]bool           // groups where the bot is an administrator
	allowed  []string                 // the last allowed_updates, nil before any
}

// user is a user and what the bot may do with it.
type user struct {
	User
	started bool // opened a private chat with the bot (/start)
	blocked bool // blocked the bot
}

// New starts a Server with the token (DefaultToken when empty) and a bot
// named @umpire_test_bot. Close it when done.
func New(token string) *Server {
	if token == "" {
		token = DefaultToken
	}
	s := &Server{
		Token:    token,
		Bot:      User{ID: botID(token), IsBot: true, FirstName: "Umpire", Username: "umpire_test_bot", CanJoinGroups: true},
		changed:  make(chan struct{}),
		users:    map[int64]*user{},
		chats:    map[int64]*Chat{},
		migrated: map[int64]int64{},
		members:  map[int64]map[int64]string{},
		messages: map[int64][]*Message{},
		nextID:   100000,
		answers:  map[string]*Answer{},
		queries:  map[int]string{},
		commands: map[string][]BotCommand{},
		calls:    map[string]int{},
		files:    map[string][]byte{},
		topics:   map[int64]map[int]*topic{},
		lost:     map[int64]bool{},
		admins:   map[int64]bool{},
	}
	s.http = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.http.URL
	return s
}

// botID is the number before the colon of a token.
func botID(token string) int64 {
	var id int64
	fmt.Sscan(strings.SplitN(token, ":", 2)[0], &id)
	return id
}

// Close shuts the server down, ending the long poll in progress.
func (s *Server) Close() {
	s.mu.Lock()
	if s.polling != nil {
		close(s.polling)
		s.polling = nil
	}
	s.mu.Unlock()
	s.http.CloseClientConnections()
	s.http.Close()
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Server) after(d time.Duration) <-chan time.Time {
	if s.After != nil {
		return s.After(d)
	}
	return time.After(d)
}

// changedLocked wakes everyone waiting for a change. s.mu is held.
func (s *Server) changedLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// apiError is an unsuccessful answer of the API.
type apiError struct {
	code       int
	desc       string
	retryAfter int
	migrateTo  int64
	raw        string // a body that is not the API's JSON (a proxy's 502)
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s", e.code, e.desc) }

func badRequest(format string, a ...any) *apiError {
	return &apiError{code: 400, desc: "Bad Request: " + fmt.Sprintf(format, a...)}
}

// params are a request's parameters, from a query string, a URL-encoded or
// multipart form, or a JSON object.
type params struct {
	values map[string]string
	files  map[string][]byte
	names  map[string]string // the file name of each file uploaded
}

func (p params) get(k string) string { return p.values[k] }

// serve routes /bot<token>/<method>.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	token, method, ok := splitPath(r.URL.Path)
	if !ok {
		writeError(w, &apiError{code: 404, desc: "Not Found"})
		return
	}
	if token != s.Token {
		writeError(w, &apiError{code: 401, desc: "Unauthorized"})
		return
	}
	p, err := readParams(r)
	if err != nil {
		writeError(w, badRequest("%v", err))
		return
	}
	result, aerr := s.call(r, strings.ToLower(method), p)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	writeJSON(w, http.StatusOK, response{OK: true, Result: result})
}

// splitPath reads "/bot<token>/<method>".
func splitPath(path string) (token, method string, ok bool) {
	rest, ok := strings.CutPrefix(path, "/bot")
	if !ok {
		return "", "", false
	}
	token, method, ok = strings.Cut(rest, "/")
	return token, method, ok && method != "" && !strings.Contains(method, "/")
}

// call runs one method, after the faults injected for it.
func (s *Server) call(r *http.Request, method string, p params) (any, *apiError) {
	if f := s.fault(method, p); f != nil {
		return nil, f
	}
	switch method {
	case "getme":
		return s.Bot, nil
	case "getchatmember":
		return s.getChatMember(p)
	case "getupdates":
		return s.getUpdates(r, p)
	case "sendmessage":
		return s.sendMessage(p)
	case "sendphoto":
		return s.sendPhoto(p)
	case "senddocument":
		return s.sendFile(p, "sendDocument", "document")
	case "sendanimation":
		return s.sendFile(p, "sendAnimation", "animation")
	case "editmessagetext":
		return s.editMessageText(p)
	case "editmessagemedia":
		return s.editMessageMedia(p)
	case "answercallbackquery":
		return s.answerCallbackQuery(p)
	case "setmycommands":
		return s.setMyCommands(p)
	case "getmycommands":
		return s.getMyCommands(p)
	case "setchatmenubutton":
		return s.setChatMenuButton(p)
	case "getchatmenubutton":
		return s.getChatMenuButton(p)
	case "setwebhook":
		return s.setWebhook(p)
	case "createforumtopic":
		return s.createForumTopic(p)
	case "editforumtopic":
		return s.editForumTopic(p)
	case "closeforumtopic":
		return s.closeForumTopic(p)
	case "getwebhookinfo":
		return s.getWebhookInfo(p)
	case "deletewebhook":
		return s.deleteWebhook(p)
	}
	return nil, &apiError{code: 404, desc: "Not Found"}
}

// readParams reads a request's parameters as the Bot API accepts them.
func readParams(r *http.Request) (params, error) {
	p := params{values: map[string]string{}, files: map[string][]byte{}, names: map[string]string{}}
	ct := r.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(ct, "multipart/form-data"):
		return p, readMultipart(r, p)
	case strings.HasPrefix(ct, "application/json"):
		return p, readJSON(r, p)
	}
	if err := r.ParseForm(); err != nil {
		return p, err
	}
	for k, v := range r.Form {
		p.values[k] = v[0]
	}
	return p, nil
}

// readMultipart reads a multipart form part by part, keeping files' bytes.
func readMultipart(r *http.Request, p params) error {
	if err := r.ParseMultipartForm(50 << 20); err != nil {
		return fmt.Errorf("can't parse multipart form: %w", err)
	}
	for k, v := range r.MultipartForm.Value {
		p.values[k] = v[0]
	}
	for k, fhs := range r.MultipartForm.File {
		data, err := readFile(fhs[0])
		if err != nil {
			return err
		}
		p.files[k], p.names[k] = data, fhs[0].Filename
	}
	return nil
}

func readFile(fh *multipart.FileHeader) ([]byte, error) {
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// readJSON reads a JSON object of parameters; values that are not strings
// are kept as their JSON.
func readJSON(r *http.Request, p params) error {
	var m map[string]json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		return errors.New("can't parse JSON object")
	}
	for k, raw := range m {
		var str string
		if json.Unmarshal(raw, &str) == nil {
			p.values[k] = str
		} else {
			p.values[k] = string(raw)
		}
	}
	return nil
}

func writeError(w http.ResponseWriter, e *apiError) {
	if e.raw != "" {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(e.code)
		fmt.Fprint(w, e.raw)
		return
	}
	resp := response{ErrorCode: e.code, Description: e.desc}
	if e.retryAfter > 0 || e.migrateTo != 0 {
		resp.Parameters = &responseParameters{RetryAfter: e.retryAfter, MigrateToChatID: e.migrateTo}
	}
	writeJSON(w, e.code, resp)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
