package house

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"umpire/referee"
	"umpire/referee/board"
)

// kriegGame plays a Kriegspiel game of the house (white, level 2) against
// the random player for up to plies plies, calling look at each of the
// house's turns with the game. Its looks build worlds of their own count,
// whoever moves; level 2 plays a game of the same kind (it imagines worlds
// too) at a fraction of level 3's processor time.
func kriegGame(t *testing.T, rules string, plies int, look func(g referee.Game)) {
	t.Helper()
	v, _ := referee.Lookup("kriegspiel")
	g, err := v.New(referee.Options{Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 7))
	for ply := 0; ply < plies && g.Turn() != ""; ply++ {
		s := g.Turn()
		if s != referee.White {
			randomTurn(g, s, rng, nil)
			continue
		}
		look(g)
		if _, err := turn(func() referee.View { return g.View(s) }, func(text string) referee.Ruling {
			return g.Play(referee.Action{Seat: s, Text: text})
		}, func(v referee.View) []string { return ChooseAt(v, 3, Level2) }); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWorldsKeepWhatTheSeatKnows: every world the house imagines holds
// the seat's own men where they stand and the enemy's king, and the
// enemy's men as many as the captures left them, all game long.
func TestWorldsKeepWhatTheSeatKnows(t *testing.T) {
	for _, rules := range []string{"wild16", "berkeley", "rand"} {
		kriegGame(t, rules, 120, func(g referee.Game) {
			v, god := g.View(referee.White), g.View(referee.God)
			ws, ok := imagine(v, board.ChessRules, 16, 9)
			if !ok {
				t.Fatalf("%s ply %d: no world explains the sheet", rules, v.Ply)
			}
			enemy := 0
			for _, c := range god.Cells {
				if c >= 'a' && c <= 'z' {
					enemy++
				}
			}
			for _, w := range ws {
				n := 0
				for c := range board.Cell(64) {
					if m := w.pos.At(c); !m.Empty() && m.Army() == 1 {
						n++
					}
				}
				if n != enemy || w.pos.King[1] == board.NoCell {
					t.Fatalf("%s ply %d: a world has %d enemy men (king on %v), the game %d", rules, v.Ply, n, w.pos.King[1], enemy)
				}
			}
		})
	}
}

// TestWorldsRememberedAreReplayed: the worlds built from remembered
// rounds are the worlds a replay from the first line builds.
func TestWorldsRememberedAreReplayed(t *testing.T) {
	kriegGame(t, "cincinnati", 80, func(g referee.Game) {
		v := g.View(referee.White)
		warm, _ := imagine(v, board.ChessRules, 16, 4)
		memo.Lock()
		kept := memo.rounds
		memo.rounds = map[uint64][]world{}
		memo.Unlock()
		cold, _ := imagine(v, board.ChessRules, 16, 4)
		memo.Lock()
		memo.rounds = kept
		memo.Unlock()
		if !reflect.DeepEqual(warm, cold) {
			t.Fatalf("ply %d: the remembered worlds differ from the replayed ones", v.Ply)
		}
	})
}

// whiteImagines is the worlds of White under a Kriegspiel rule set, for
// a test of one of its steps.
func whiteImagines(t *testing.T, rules string) *imagined {
	t.Helper()
	words, err := referee.KriegspielWords(rules)
	if err != nil {
		t.Fatal(err)
	}
	return &imagined{words: words, us: 0}
}

// TestWorldsAfterOwnEnPassant: the seat takes en passant, which the
// umpire says by the taken pawn's own cell in the rand rules; in a world
// where no enemy pawn had just stepped there the move is made by hand,
// and the world still loses the man the umpire said was taken.
func TestWorldsAfterOwnEnPassant(t *testing.T) {
	t.Parallel()
	im := whiteImagines(t, "rand")
	p, err := board.ParseFEN("4k3/8/8/5Pp1/8/8/8/4K3 w - - 0 1", board.ChessRules) // no g7-g5 just played
	if err != nil {
		t.Fatal(err)
	}
	heard := []referee.Announcement{referee.Say("capture", nil, "square", "g5", "what", "pawn")}
	im.ours(&p, "f5g6", heard)
	g5, _ := board.Standard.Lookup("g5")
	g6, _ := board.Standard.Lookup("g6")
	if !p.At(g5).Empty() || p.At(g6).Kind() != board.Pawn {
		t.Errorf("after f5g6 taking on g5: g5 holds %v, g6 %v; want g5 empty, the seat's pawn on g6", p.At(g5), p.At(g6))
	}
}

// TestWorldsHearEnemyAsk: in the english rules the enemy's any? and its
// answer, heard before its move, are a fact of the world before it: a
// world where an enemy pawn takes a man of the seat's answers yes, and
// counts a miss when no was heard; one where none does, the other way.
func TestWorldsHearEnemyAsk(t *testing.T) {
	t.Parallel()
	im := whiteImagines(t, "english")
	attacked, _ := board.ParseFEN("4k3/8/8/3p4/4N3/8/8/4K3 b - - 0 1", board.ChessRules) // d5 takes e4
	safe, _ := board.ParseFEN("4k3/8/8/8/3pN3/8/8/4K3 b - - 0 1", board.ChessRules)      // d4 takes none
	no := []referee.Announcement{referee.Say("any", nil, "answer", "no")}
	yes := []referee.Announcement{referee.Say("any", nil, "answer", "yes"), referee.Say("illegal", nil)}
	for _, c := range []struct {
		name  string
		p     board.Position
		heard []referee.Announcement
		miss  int
	}{{"attacked, no heard", attacked, no, 1}, {"attacked, yes heard", attacked, yes, 0},
		{"safe, no heard", safe, no, 0}, {"safe, yes heard", safe, yes, 1}, {"nothing heard", attacked, nil, 0}} {
		if got := im.asked(&c.p, c.heard); got != c.miss {
			t.Errorf("%s: %d misses; want %d", c.name, got, c.miss)
		}
	}
}
