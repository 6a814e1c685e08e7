package tgtest

import "strconv"

// Fault is a failure the Server answers instead of running a method.
type Fault struct {
	Method      string // the method it hits, as "sendPhoto"; "" for any
	Chat        int64  // the chat_id it hits; 0 for any
	Code        int    // the HTTP status and error_code, as 429
	Description string // the API's description; a default for 429, 403, 5xx
	RetryAfter  int    // parameters.retry_after in seconds, for a 429
	Raw         string // a body that is not JSON, as a proxy's 502 page
	Times       int    // how many calls it hits; 0 means 1
}

// Fail makes the next calls that match f fail as f says. Faults are
// tried in the order they were added.
func (s *Server) Fail(f Fault) {
	if f.Times <= 0 {
		f.Times = 1
	}
	if f.Description == "" {
		f.Description = defaultDescription(f)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &f)
}

// FloodWait makes the next call of method to chat (0: any) fail with 429
// and retry_after seconds.
func (s *Server) FloodWait(method string, chat int64, seconds int) {
	s.Fail(Fault{Method: method, Chat: chat, Code: 429, RetryAfter: seconds})
}

func defaultDescription(f Fault) string {
	switch {
	case f.Code == 429:
		return "Too Many Requests: retry after " + strconv.Itoa(f.RetryAfter)
	case f.Code == 403:
		return "Forbidden: bot was blocked by the user"
	case f.Code >= 500:
		return "Internal Server Error"
	}
	return "Bad Request"
}

// fault counts the call and returns the first fault that hits it.
func (s *Server) fault(method string, p params) *apiError {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls[method]++
	for i, f := range s.faults {
		if !f.hits(method, p) {
			continue
		}
		if f.Times--; f.Times == 0 {
			s.faults = append(s.faults[:i], s.faults[i+1:]...)
		}
		return &apiError{code: f.Code, desc: f.Description, retryAfter: f.RetryAfter, raw: f.Raw}
	}
	return nil
}

func (f *Fault) hits(method string, p params) bool {
	if f.Method != "" && !equalFold(f.Method, method) {
		return false
	}
	return f.Chat == 0 || p.get("chat_id") == strconv.FormatInt(f.Chat, 10)
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i]|0x20, b[i]|0x20
		if x != y {
			return false
		}
	}
	return true
}

// Calls counts the calls of a method (as "sendPhoto"), failed ones too.
func (s *Server) Calls(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for m, c := range s.calls {
		if equalFold(m, method) {
			n += c
		}
	}
	return n
}
