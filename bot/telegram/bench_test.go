package telegram

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
	"umpire/bot/post"
	"umpire/internal/cputime"

	"umpire/bot"
	"umpire/bot/telegram/tgtest"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/store"
)

// The benchmarks drive the whole path over loopback: an update injected
// into the fake Bot API, the long poll, the bot (parse, referee, store
// with fsync and group commit, outbox), the outbox sender (replay, view,
// render.PNG), and sendPhoto's multipart upload to the fake, for 100
// games in 100 groups at once. The pipeline plays plain chess (with moves
// found in Kriegspiel, which are chess moves): a Kriegspiel group sees no
// picture before the end, and a Kriegspiel player's board does not change
// with the opponent's move, so neither would send the pictures it waits
// for. A move's latency runs from the
// update's injection to the arrival of its last picture: the mover's
// view, the opponent's and the group's. Telegram's rate limits are lifted
// (with them a group takes one picture a second), so the figures are the
// umpire's own.
//
//	go test -run XXX -bench Pipeline -benchtime 3000x ./bot/telegram

const benchGames = 100

// BenchmarkPipeline/closed: every game sends its next move as soon as
// the pictures of its last one arrived: the most moves a second.
// BenchmarkPipeline/paced30: moves go in at 30 a second in all. The
// private variants play games made in private chats, whose moves have no
// picture for a group: two pictures a move instead of three.
func BenchmarkPipeline(b *testing.B) {
	b.Run("closed", func(b *testing.B) { benchPipeline(b, 0, true) })
	b.Run("paced30", func(b *testing.B) { benchPipeline(b, 30, true) })
	b.Run("closed-private", func(b *testing.B) { benchPipeline(b, 0, false) })
	b.Run("paced30-private", func(b *testing.B) { benchPipeline(b, 30, false) })
}

func benchPipeline(b *testing.B, rate int, group bool) {
	p := newPipeline(b, group)
	lat := make([]time.Duration, 0, b.N)
	var mu sync.Mutex
	record := func(d time.Duration) {
		mu.Lock()
		lat = append(lat, d)
		mu.Unlock()
	}
	b.ResetTimer()
	start := time.Now()
	cpu0, _ := cputime.Used()
	if rate == 0 {
		p.closedLoop(b, record)
	} else {
		p.paced(b, rate, record)
	}
	cpu1, _ := cputime.Used()
	elapsed, cpu := time.Since(start), cpu1-cpu0
	b.StopTimer()
	slices.Sort(lat)
	// The processor time of the whole process (the fake server's share
	// included) a move: what a busy shared machine disturbs least.
	b.ReportMetric(ms(cpu)/float64(len(lat)), "cpu-ms/move")
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(ms(percentile(lat, 50)), "p50-ms")
	b.ReportMetric(ms(percentile(lat, 99)), "p99-ms")
	b.ReportMetric(ms(lat[len(lat)-1]), "max-ms")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, len(sorted)*p/100)]
}

// pipeline is the running umpire and its games.
type pipeline struct {
	srv   *tgtest.Server
	games []*benchGame
	moves []string
	pics  int // pictures a move: the seats', and the group's
}

// benchGame is one game: its players, its group, and the pictures that
// arrive for it.
type benchGame struct {
	white, black, group int64
	ply                 int
	pics                chan time.Time // the arrival of each picture to one of the game's chats
}

func newPipeline(b *testing.B, group bool) *pipeline {
	b.Helper()
	p := &pipeline{srv: tgtest.New(""), moves: longGame(b, 200), pics: 2}
	if group {
		p.pics = 3
	}
	b.Cleanup(p.srv.Close)
	byChat := map[int64]*benchGame{}
	for i := range benchGames {
		g := &benchGame{white: int64(10000 + 2*i), black: int64(10001 + 2*i), group: int64(-20000 - i), pics: make(chan time.Time, 64)}
		p.srv.AddUser(tgtest.User{ID: g.white, FirstName: fmt.Sprint("W", i)})
		p.srv.AddUser(tgtest.User{ID: g.black, FirstName: fmt.Sprint("B", i)})
		p.srv.AddGroup(g.group, fmt.Sprint("Club ", i))
		byChat[g.white], byChat[g.black], byChat[g.group] = g, g, g
		p.games = append(p.games, g)
	}
	p.srv.OnSend = func(s tgtest.Sent) {
		if g := byChat[s.Chat]; g != nil && s.Photo != nil {
			g.pics <- s.At
		}
	}
	db, err := store.Open(filepath.Join(b.TempDir(), "bench.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	quiet := slog.New(slog.DiscardHandler)
	tr, err := New(context.Background(), Config{Token: p.srv.Token, APIURL: p.srv.URL, Cursor: bot.Cursors(db), Words: words, Limits: &wire.NoLimits, Log: quiet})
	if err != nil {
		b.Fatal(err)
	}
	bt, err := bot.New(bot.Config{DB: db, Picture: post.Picture, Log: quiet})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- bt.Run(ctx, tr) }()
	b.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			b.Error(err)
		}
		db.Close()
	})
	p.seat(b, group)
	return p
}

// seat makes every game: White starts the bot and writes /new in the
// group (or in private), Black follows the invitation's link. It waits
// for the start's pictures.
func (p *pipeline) seat(b *testing.B, group bool) {
	var wg sync.WaitGroup
	for _, g := range p.games {
		wg.Go(func() {
			p.srv.Start(g.white)
			where := g.white
			if group {
				where = g.group
			}
			p.srv.Reply(where, g.white, 0, "/new chess white")
			inv, err := p.srv.WaitFor(timeout(b), func(sent []tgtest.Sent) bool { return lastButtons(sent, where) != "" })
			if err != nil {
				b.Error(err)
				return
			}
			p.srv.FollowLink(g.black, lastButtons(inv, where))
			for range p.pics { // the start: both seats and the group
				<-g.pics
			}
		})
	}
	wg.Wait()
}

// lastButtons is the link of the last button sent to chat, "" if none.
func lastButtons(sent []tgtest.Sent, chat int64) string {
	for i := len(sent) - 1; i >= 0; i-- {
		if m := sent[i]; m.Chat == chat && len(m.Buttons) > 0 && m.Buttons[0][0].URL != "" {
			return m.Buttons[0][0].URL
		}
	}
	return ""
}

func timeout(b *testing.B) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	b.Cleanup(cancel)
	return ctx
}

// move sends game g's next move and returns when its three pictures have
// arrived, with the latency.
func (p *pipeline) move(g *benchGame) time.Duration {
	who := g.white
	if g.ply%2 == 1 {
		who = g.black
	}
	t0 := time.Now()
	p.srv.Private(who, p.moves[g.ply%len(p.moves)])
	g.ply++
	var last time.Time
	for range p.pics {
		last = <-g.pics
	}
	return last.Sub(t0)
}

// closedLoop plays b.N moves, spread over the games, each game's moves one
// after the other.
func (p *pipeline) closedLoop(b *testing.B, record func(time.Duration)) {
	var wg sync.WaitGroup
	for i, g := range p.games {
		n := b.N / benchGames
		if i < b.N%benchGames {
			n++
		}
		n = min(n, len(p.moves))
		wg.Go(func() {
			for range n {
				record(p.move(g))
			}
		})
	}
	wg.Wait()
}

// paced plays b.N moves at rate a second, round the games.
func (p *pipeline) paced(b *testing.B, rate int, record func(time.Duration)) {
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	var wg sync.WaitGroup
	busy := make([]sync.Mutex, len(p.games))
	for i := range min(b.N, benchGames*len(p.moves)) {
		<-tick.C
		k := i % len(p.games)
		wg.Go(func() {
			busy[k].Lock() // a game whose last move is not through waits
			defer busy[k].Unlock()
			record(p.move(p.games[k]))
		})
	}
	wg.Wait()
}

// longGame finds n plies of Kriegspiel that do not end the game, by
// random legal moves from a fixed seed.
func longGame(b *testing.B, n int) []string {
	v, _ := referee.Lookup("kriegspiel")
	for seed := uint64(1); ; seed++ {
		if moves := randomGame(v, seed, n); moves != nil {
			return moves
		}
		if seed > 100 {
			b.Fatal("no long game found")
		}
	}
}

// randomGame plays n random legal plies, or returns nil when the game
// ends first.
func randomGame(v *referee.Variant, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 99))
	g, _ := v.New(referee.Options{})
	var moves []string
	for len(moves) < n {
		turn := g.Turn()
		if turn == "" {
			return nil
		}
		played := false
		for _, m := range candidates(g.View(referee.God).Cells, turn, rng) {
			if r := g.Play(referee.Action{Seat: turn, Text: m}); r.Verdict == referee.Accepted && r.Move != "" {
				moves, played = append(moves, m), true
				break
			}
		}
		if !played {
			return nil
		}
	}
	return moves
}

// candidates lists coordinate moves of seat s's men, in random order.
func candidates(cells []byte, s referee.Seat, rng *rand.Rand) []string {
	var out []string
	for from, c := range cells {
		if (s == referee.White) != (c >= 'A' && c <= 'Z') || c == '.' || c == '?' {
			continue
		}
		for to := range 64 {
			m := square(from) + square(to)
			if (c == 'P' && to >= 56) || (c == 'p' && to < 8) {
				m += "q"
			}
			out = append(out, m)
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func square(i int) string { return string(rune('a'+i%8)) + string(rune('1'+i/8)) }

// BenchmarkReceive measures the inbound half alone: updates through the
// long poll into the bot and the store (fsync, group commit), 100 games
// moving at once, a round of one move per game at a time; the outbox is
// not drained.
func BenchmarkReceive(b *testing.B) {
	srv := tgtest.New("")
	b.Cleanup(srv.Close)
	db, err := store.Open(filepath.Join(b.TempDir(), "bench.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	quiet := slog.New(slog.DiscardHandler)
	tr, err := New(context.Background(), Config{Token: srv.Token, APIURL: srv.URL, Cursor: bot.Cursors(db), Words: words, Limits: &wire.NoLimits, Log: quiet})
	if err != nil {
		b.Fatal(err)
	}
	bt, err := bot.New(bot.Config{DB: db, Picture: post.NoPictures, Log: quiet})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tr.Receive(ctx, bt) }()
	b.Cleanup(func() { cancel(); <-done })
	moves := longGame(b, 200)
	var last int
	for i := range benchGames {
		w, k := int64(10000+2*i), int64(10001+2*i)
		srv.AddUser(tgtest.User{ID: w, FirstName: "W"})
		srv.AddUser(tgtest.User{ID: k, FirstName: "B"})
		srv.Start(w)
		srv.Start(k)
		srv.Private(w, "/new kriegspiel white")
		last = srv.Private(k, fmt.Sprintf("/start %d", i+1)) // not a token: a help text
	}
	waitHandled(b, srv, last)
	ids := seatAll(b, db, benchGames)
	b.ResetTimer()
	start := time.Now()
	for n := 0; n < b.N; {
		ply := n / benchGames
		for i := range min(benchGames, b.N-n) {
			who := int64(10000 + 2*i + ply%2)
			last = srv.Private(who, fmt.Sprintf("#%d %s", ids[i], moves[ply%len(moves)]))
			n++
		}
		waitHandled(b, srv, last)
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "moves/s")
	b.StopTimer()
	if g, err := db.Game(ids[0]); err != nil || len(g.Log) != (b.N+benchGames-1)/benchGames {
		b.Errorf("game %d has %d log entries after %d moves in all", ids[0], len(g.Log), b.N)
	}
}

func waitHandled(b *testing.B, srv *tgtest.Server, id int) {
	if err := srv.WaitConfirmed(timeout(b), id+1); err != nil {
		b.Fatal(err)
	}
}

// seatAll gives the black seat of the game of user 10000+2i to user
// 10001+2i and starts the game, straight in the store; it returns the
// games' ids.
func seatAll(b *testing.B, db *store.DB, games int) []uint64 {
	var ids []uint64
	for i := range games {
		white := playerAt(b, db, 10000+2*i)
		black := playerAt(b, db, 10001+2*i)
		gs, err := db.Games(white.ID)
		if err != nil || len(gs) != 1 {
			b.Fatalf("games of %d: %v, %v", 10000+2*i, gs, err)
		}
		_, err = db.Apply(gs[0].ID, "", func(g *store.Game) ([]store.Outgoing, error) {
			s := g.Seats[referee.Black]
			s.PlayerID = black.ID
			g.Seats[referee.Black], g.State = s, store.StatePlaying
			return nil, nil
		})
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, gs[0].ID)
	}
	return ids
}

func playerAt(b *testing.B, db *store.DB, user int) *store.Player {
	p, err := db.PlayerAt(store.Address{Transport: Name, ID: fmt.Sprint(user)})
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkSendPhoto measures the outbound half alone: rendered views
// (a real 640-pixel board) through sendPhoto's multipart upload to the
// fake, from concurrent senders.
func BenchmarkSendPhoto(b *testing.B) {
	srv := tgtest.New("")
	b.Cleanup(srv.Close)
	db, err := store.Open(filepath.Join(b.TempDir(), "bench.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	tr, err := New(context.Background(), Config{Token: srv.Token, APIURL: srv.URL, Cursor: bot.Cursors(db), Words: words, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	v, _ := referee.Lookup("kriegspiel")
	g, _ := v.New(referee.Options{})
	pic, err := post.Picture(g.View(referee.White), post.Legend{Caption: []string{"Your move."}})
	if err != nil {
		b.Fatal(err)
	}
	for i := range benchGames {
		srv.AddUser(tgtest.User{ID: int64(10000 + i), FirstName: "P"})
		srv.Start(int64(10000 + i))
	}
	var next sync.Mutex
	k := 0
	b.SetBytes(int64(len(pic)))
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			next.Lock()
			to := fmt.Sprint(10000 + k%benchGames)
			k++
			next.Unlock()
			m := wire.Message{To: wire.Address{Transport: Name, ID: to}, Text: "Your move.", Image: pic, Seat: "white", Private: true}
			if err := tr.Send(context.Background(), m); err != nil {
				b.Error(err)
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "photos/s")
}
