package bot_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"umpire/bot/post"
	"umpire/internal/randgame"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/store"
)

// TestEveryVariantEndToEnd plays a game of every registered variant
// through the in-memory transport, from `new` in a group chat to the
// reveal, and checks that every seat received only its own pictures and
// texts: each picture is one of that seat's views, and no line of its
// texts words an announcement that only other seats heard.
func TestEveryVariantEndToEnd(t *testing.T) {
	t.Parallel()
	for i, v := range referee.Variants() {
		t.Run(v.Key, func(t *testing.T) {
			w := newWorld(t)
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			id := w.startGame(v, "club")
			plies := 60
			if testing.Short() {
				plies = 16
			}
			w.playOut(id, rng, plies)
			g, err := w.db.Game(id)
			if err != nil {
				t.Fatal(err)
			}
			if g.State != store.StateOver {
				t.Fatalf("game state %s after the game; want over", g.State)
			}
			w.checkPrivacy(g)
			t.Logf("%s: %s %s after %d log entries, %d messages", v.Key, g.Result, g.Reason, len(g.Log), len(w.tr.Sent()))
		})
	}
}

// startGame makes a game of v in a group chat and seats players p0, p1, …
func (w *world) startGame(v *referee.Variant, chat string) uint64 {
	w.t.Helper()
	w.group(chat, "p0", "new "+v.Key)
	id := uint64(0)
	if _, err := fmt.Sscanf(w.last(chat), "Game #%d", &id); err != nil {
		w.t.Fatalf("no game made: %q", w.last(chat))
	}
	for i, s := range v.Seats {
		w.group(chat, fmt.Sprintf("p%d", i), fmt.Sprintf("join #%d %s", id, s))
	}
	return id
}

// player is the name of the player in seat s of variant v.
func player(v *referee.Variant, s referee.Seat) string {
	return fmt.Sprintf("p%d", slices.Index(v.Seats, s))
}

// playOut plays game id to its end: each turn the seat to move sends a
// legal move the test finds by trying candidates on a copy of the game,
// sometimes behind a failed try in an attempt list; secret choices are
// made when the referee asks for them; after maxPlies the seat to move
// resigns.
func (w *world) playOut(id uint64, rng *rand.Rand, maxPlies int) {
	w.t.Helper()
	for step := 0; step < 4*maxPlies; step++ {
		g, rg := w.replay(id)
		if g.State == store.StateOver {
			return
		}
		v, _ := referee.Lookup(g.Variant)
		turn := rg.Turn()
		who := player(v, turn)
		if step >= 3*maxPlies || rg.View(referee.God).Ply >= maxPlies {
			w.say(who, "resign")
			continue
		}
		tries := randgame.TryOn(v, g.Options, g.Log)
		cands := randgame.Candidates(rg.View(referee.God), turn, rng)
		move, refused := randgame.FindMove(tries, turn, cands)
		switch {
		case move != "":
			if bad := randgame.FindBad(tries, turn, cands); bad != "" && rng.IntN(3) == 0 {
				move = bad + ", " + move
			}
			w.say(who, fmt.Sprintf("#%d %s", id, move))
		case refused == referee.ReasonSecretFirst, refused == referee.ReasonSecretAwaited:
			if !w.makeSecret(g, v, rng) {
				w.t.Fatalf("game %d: a secret is owed, but none found", id)
			}
		default:
			w.say(who, "resign")
		}
	}
	w.t.Fatalf("game %d did not end", id)
}

// replay loads game id and replays it on the test's side.
func (w *world) replay(id uint64) (*store.Game, referee.Game) {
	w.t.Helper()
	g, err := w.db.Game(id)
	if err != nil {
		w.t.Fatal(err)
	}
	v, _ := referee.Lookup(g.Variant)
	rg, err := referee.Replay(v, g.Options, g.Log)
	if err != nil {
		w.t.Fatal(err)
	}
	return g, rg
}

// try plays one action on a copy of g and returns its ruling.
func try(g *store.Game, a referee.Action) referee.Ruling {
	v, _ := referee.Lookup(g.Variant)
	rg, _ := referee.Replay(v, g.Options, g.Log)
	return rg.Play(a)
}

func replayQuiet(g *store.Game) (*referee.Variant, referee.Game) {
	v, _ := referee.Lookup(g.Variant)
	rg, _ := referee.Replay(v, g.Options, g.Log)
	return v, rg
}

// makeSecret sends the first secret choice the referee accepts from any
// seat: a crown, a growing pawn.
func (w *world) makeSecret(g *store.Game, v *referee.Variant, rng *rand.Rand) bool {
	for _, s := range v.Seats {
		_, rg := replayQuiet(g)
		for _, text := range randgame.Secrets(rg.View(referee.God), s, rng) {
			if r := try(g, referee.Action{Seat: s, Text: text, Salt: "00"}); r.Verdict == referee.Accepted {
				w.say(player(v, s), fmt.Sprintf("#%d %s", g.ID, text))
				return true
			}
		}
	}
	return false
}

// checkPrivacy checks every message sent about game g: pictures are views
// of the recipient's seat, texts word only what the seat heard.
func (w *world) checkPrivacy(g *store.Game) {
	w.t.Helper()
	v, _ := referee.Lookup(g.Variant)
	views, heard, unheard := w.history(g)
	addr := map[string]referee.Seat{"club": referee.Spectator}
	for _, s := range v.Seats {
		addr[player(v, s)] = s
	}
	for _, m := range w.tr.Sent() {
		s, ok := addr[m.To.ID]
		if !ok || m.Game != g.ID {
			continue
		}
		if m.Seat == string(referee.God) {
			if !strings.HasPrefix(string(m.Image), "god:") || !strings.Contains(string(fileNamed(m, ".pgn")), "[Variant \""+g.Variant+"\"]") ||
				!strings.HasPrefix(string(fileNamed(m, ".gif")), "replay\n") {
				w.t.Errorf("%s: the end has no god's view, no record or no replay", m.To.ID)
			}
			continue
		}
		if m.Seat == "" {
			continue // a notice: no picture, no announcement
		}
		if m.Seat != string(s) {
			w.t.Errorf("message to %s is for seat %s; want %s", m.To.ID, m.Seat, s)
		}
		if len(m.Image) > 0 && !views[s][string(m.Image)] {
			w.t.Errorf("picture to %s (%s) is none of its views: %q", m.To.ID, s, m.Image)
		}
		for _, line := range strings.Split(m.Text, "\n") {
			if unheard[s][line] && !heard[s][line] {
				w.t.Errorf("%s (%s) was told %q, which only others heard", m.To.ID, s, line)
			}
		}
	}
}

// history replays g and collects, per seat, every picture of its views and
// the English words of the announcements it heard and did not hear.
func (w *world) history(g *store.Game) (views, heard, unheard map[referee.Seat]map[string]bool) {
	v, _ := referee.Lookup(g.Variant)
	rg, _ := v.New(g.Options)
	seats := append(slices.Clone(v.Seats), referee.Spectator)
	views, heard, unheard = map[referee.Seat]map[string]bool{}, map[referee.Seat]map[string]bool{}, map[referee.Seat]map[string]bool{}
	for _, s := range seats {
		views[s], heard[s], unheard[s] = map[string]bool{}, map[string]bool{}, map[string]bool{}
	}
	note := func(said []referee.Announcement, actor referee.Seat) {
		for _, s := range seats {
			for _, a := range said {
				line := texts.DefaultCatalog.Announcement("en", a, actor)
				if len(referee.For([]referee.Announcement{a}, s)) > 0 {
					heard[s][line] = true
				} else {
					unheard[s][line] = true
				}
			}
			pic, _ := fakePicture(rg.View(s), post.Legend{})
			views[s][string(pic)] = true
		}
	}
	note(rg.Start(), "")
	for _, a := range g.Log {
		note(rg.Play(a).Said, a.Seat)
	}
	return views, heard, unheard
}
