package bot_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
	"umpire/bot/post"
	"umpire/bot/wire"

	"umpire/store"
)

// chats is a transport that records what each chat was sent, and how many
// sends were under way at once: in all, and to one chat. Its sends may be
// made to fail or to wait for each other.
type chats struct {
	limits wire.Limits

	mu      sync.Mutex
	got     map[string][]string // texts by chat, in the order sent
	order   []string            // every text, in the order sent
	out     map[string]int      // sends under way, by chat
	inAll   int                 // sends under way
	most    int                 // the most sends under way at once
	overlap []string            // chats sent two messages at once
	fail    func(m wire.Message) error
	meet    *meeting // the first sends wait for each other here
}

func newChats(limits wire.Limits) *chats {
	return &chats{limits: limits, got: map[string][]string{}, out: map[string]int{}}
}

func (c *chats) Name() string                                      { return "chats" }
func (c *chats) Limits() wire.Limits                               { return c.limits }
func (c *chats) Receive(ctx context.Context, h wire.Handler) error { return nil }

func (c *chats) Send(ctx context.Context, m wire.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	to := m.To.ID
	c.mu.Lock()
	c.out[to]++
	c.inAll++
	c.most = max(c.most, c.inAll)
	if c.out[to] > 1 {
		c.overlap = append(c.overlap, to)
	}
	fail, meet := c.fail, c.meet
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.out[to]--
		c.inAll--
		c.mu.Unlock()
	}()
	if err := meet.arrive(); err != nil {
		return err
	}
	if fail != nil {
		if err := fail(m); err != nil {
			return err
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.got[to] = append(c.got[to], m.Text)
	c.order = append(c.order, m.Text)
	return nil
}

// meeting holds the first n sends until all n are under way. A sender
// that never has n sends under way at once fails them.
type meeting struct {
	mu  sync.Mutex
	n   int
	all chan struct{}
}

func newMeeting(n int) *meeting { return &meeting{n: n, all: make(chan struct{})} }

func (m *meeting) arrive() error {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	if m.n == 0 {
		m.mu.Unlock()
		return nil
	}
	if m.n--; m.n == 0 {
		close(m.all)
	}
	m.mu.Unlock()
	select {
	case <-m.all:
		return nil
	case <-time.After(10 * time.Second): // a deadline for a broken sender, not a pause
		return errors.New("the sends were not under way at once")
	}
}

// queueRows queues rounds rows to each of the chats named, round by round:
// the text of a row is its chat and round, "b2".
func (w *world) queueRows(names []string, rounds int) []string {
	w.t.Helper()
	var order []string
	for range rounds {
		order = append(order, names...)
	}
	return w.queueIn(order)
}

// queueIn queues a row to each chat named, in order; the text of a row
// is its chat and the number of rows queued to it before, "b2".
func (w *world) queueIn(order []string) []string {
	w.t.Helper()
	var rows []store.Outgoing
	var texts []string
	n := map[string]int{}
	for _, name := range order {
		text := fmt.Sprint(name, n[name])
		n[name]++
		rows = append(rows, store.Outgoing{To: store.Address{Transport: "chats", ID: name}, Kind: "notice", Text: text})
		texts = append(texts, text)
	}
	err := w.db.Update(func(tx *store.Tx) error {
		_, err := tx.Queue(rows...)
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return texts
}

// left lists the texts of the rows left in the outbox.
func (w *world) left() []string {
	w.t.Helper()
	rows, err := w.db.Pending(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), 0)
	if err != nil {
		w.t.Fatal(err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r.Text)
	}
	return out
}

// inOrder is the rounds of one chat's rows: "a0", "a1", …
func inOrder(name string, rounds int) []string {
	var out []string
	for i := range rounds {
		out = append(out, fmt.Sprint(name, i))
	}
	return out
}

// TestSenderPool sends the rows of six chats, queued in a random order,
// with pools of several sizes:
// as many sends are under way at once as there are workers, never two to
// one chat, each chat gets its rows in order, and every row sent is
// deleted. One worker sends the rows oldest first.
func TestSenderPool(t *testing.T) {
	t.Parallel()
	names := []string{"a", "b", "c", "d", "e", "f"}
	const rounds = 5
	for _, workers := range []int{1, 2, 4, 6, 16} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			w := newWorld(t)
			var order []string
			for range rounds {
				order = append(order, names...)
			}
			rand.New(rand.NewPCG(1, 2)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			all := w.queueIn(order)
			tr := newChats(post.NoLimits)
			tr.meet = newMeeting(min(workers, len(names)))
			s := w.bot.Sender(tr)
			s.Workers = workers
			if next, err := s.Flush(context.Background()); err != nil || !next.IsZero() {
				t.Fatalf("Flush = %v, %v; want nothing held back", next, err)
			}
			for _, name := range names {
				if got, want := tr.got[name], inOrder(name, rounds); !slices.Equal(got, want) {
					t.Errorf("chat %s got %v; want %v", name, got, want)
				}
			}
			if want := min(workers, len(names)); tr.most != want {
				t.Errorf("%d sends under way at once; want %d", tr.most, want)
			}
			if len(tr.overlap) > 0 {
				t.Errorf("two messages under way at once to %v", tr.overlap)
			}
			if workers == 1 && !slices.Equal(tr.order, all) {
				t.Errorf("one worker sent %v; want the rows in order %v", tr.order, all)
			}
			if left := w.left(); len(left) > 0 {
				t.Errorf("rows left in the outbox: %v", left)
			}
		})
	}
}

// TestSenderPoolRetryHoldsOneChat: a chat whose message fails for now
// keeps its rows, in order, until retry_after; the other chats get theirs
// meanwhile.
func TestSenderPoolRetryHoldsOneChat(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.queueRows([]string{"a", "b", "c"}, 3)
	tr := newChats(post.NoLimits)
	busy := true
	tr.fail = func(m wire.Message) error {
		if m.To.ID == "b" && busy {
			return &wire.TemporaryError{Err: errors.New("busy"), RetryAfter: 10 * time.Second}
		}
		return nil
	}
	s := w.bot.Sender(tr)
	s.Workers = 4
	next, err := s.Flush(context.Background())
	if want := w.now.Add(10 * time.Second); err != nil || !next.Equal(want) {
		t.Fatalf("Flush = %v, %v; want the retry at %v", next, err, want)
	}
	if len(tr.got["b"]) != 0 || len(tr.got["a"]) != 3 || len(tr.got["c"]) != 3 {
		t.Fatalf("sent %v; want chats a and c's rows, none of b's", tr.got)
	}
	if left := w.left(); !slices.Equal(left, inOrder("b", 3)) {
		t.Fatalf("left in the outbox: %v; want b's rows", left)
	}
	busy = false
	w.now = w.now.Add(9 * time.Second)
	if _, err := s.Flush(context.Background()); err != nil || len(tr.got["b"]) != 0 {
		t.Fatalf("before retry_after: Flush = %v; sent %v to b", err, tr.got["b"])
	}
	w.now = w.now.Add(time.Second)
	if next, err := s.Flush(context.Background()); err != nil || !next.IsZero() {
		t.Fatalf("Flush = %v, %v; want nothing held back", next, err)
	}
	if got := tr.got["b"]; !slices.Equal(got, inOrder("b", 3)) {
		t.Errorf("b got %v after the retry; want %v", got, inOrder("b", 3))
	}
}

// TestSenderPoolLimitsOldestFirst: under a limit over all chats, the
// oldest rows take the turns, however many workers send.
func TestSenderPoolLimitsOldestFirst(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.queueRows([]string{"a", "b", "c", "d", "e"}, 2)
	tr := newChats(wire.Limits{
		Global: []wire.Rate{{N: 3, Per: time.Second}},
		Chat:   func(wire.Address) []wire.Rate { return []wire.Rate{{N: 1, Per: time.Second}} },
	})
	s := w.bot.Sender(tr)
	s.Workers = 8
	seconds := [][]string{ // what each second sends, in any order
		{"a0", "b0", "c0"},
		{"d0", "e0", "a1"},
		{"b1", "c1", "d1"},
		{"e1"},
	}
	for i, want := range seconds {
		before := len(tr.order)
		next, err := s.Flush(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Sorted(slices.Values(tr.order[before:])); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
			t.Errorf("second %d: sent %v; want %v", i, got, want)
		}
		wantNext := w.now.Add(time.Second)
		if i == len(seconds)-1 {
			wantNext = time.Time{}
		}
		if !next.Equal(wantNext) {
			t.Errorf("second %d: next = %v; want %v", i, next, wantNext)
		}
		w.now = w.now.Add(time.Second)
	}
}

// TestSenderPoolStopped: when ctx is done in the middle of a flush, the
// rows sent are deleted and the others are left for later.
func TestSenderPoolStopped(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	all := w.queueRows([]string{"a", "b", "c", "d"}, 5)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tr := newChats(post.NoLimits)
	n := 0
	tr.fail = func(m wire.Message) error {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		if n++; n == 7 {
			cancel()
		}
		return nil
	}
	s := w.bot.Sender(tr)
	s.Workers = 3
	if _, err := s.Flush(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Flush = %v; want context.Canceled", err)
	}
	sent, left := tr.order, w.left()
	if len(sent) < 7 || len(left) == 0 {
		t.Fatalf("sent %v, left %v; want at least 7 sent and some left", sent, left)
	}
	both := append(slices.Clone(sent), left...)
	slices.Sort(both)
	want := slices.Sorted(slices.Values(all))
	if !slices.Equal(both, want) {
		t.Errorf("sent %v and left %v; want each row in one of them", sent, left)
	}
	if _, err := s.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b", "c", "d"} {
		if got, want := tr.got[name], inOrder(name, 5); !slices.Equal(got, want) {
			t.Errorf("chat %s got %v; want %v", name, got, want)
		}
	}
}

// TestSenderPoolDeletesAsItGoes: a long flush deletes the rows it sent
// in batches as it goes, not only at its end, so that a crash sends few
// of them again.
func TestSenderPoolDeletesAsItGoes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var names []string
	for i := range 20 {
		names = append(names, fmt.Sprint("c", i))
	}
	all := w.queueRows(names, 10)
	tr := newChats(post.NoLimits)
	n, left := 0, -1
	tr.fail = func(m wire.Message) error {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		if n++; n == len(all) {
			left = len(w.left())
		}
		return nil
	}
	s := w.bot.Sender(tr)
	s.Workers = 4
	if _, err := s.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if left < 0 || left > len(all)/2 {
		t.Errorf("at the last of %d sends, %d rows were left in the outbox; want fewer than half", len(all), left)
	}
	if rest := w.left(); len(rest) > 0 {
		t.Errorf("after the flush, rows left: %v", rest)
	}
}
