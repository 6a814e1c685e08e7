package house

import (
	"fmt"
	"hash/fnv"
	"slices"
	"sync"

	"umpire/referee"
)

// The worlds' memory. Replaying a long score sheet in every world at every
// try of a turn would cost the same work again and again, so the worlds
// after each whole round (an enemy move and the seat's lines after it) are
// kept, under a digest of the sheet up to there, the seat, the seed and
// the number of worlds. A choice starts from the latest round it finds.
// Rounds draw their coin from the seed and their place in the sheet only,
// so a remembered start gives exactly the worlds a replay from the first
// line would: the memory makes a choice faster, never different, and the
// house stays a function of the view and the seed.

// memoSize bounds the rounds kept, across all games: the oldest go first.
const memoSize = 512

var memo = struct {
	sync.Mutex
	rounds map[uint64][]world
	order  []uint64
}{rounds: map[uint64][]world{}}

// startKey digests what, beside the sheet, decides a replay.
func startKey(v referee.View, n int, seed uint64) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%d|%d", v.Variant, v.Rules, v.Seat, n, seed)
	return h.Sum64()
}

// sheetKeys digests each first part of a sheet that ends where an enemy
// line starts a round (under a start key): keys[i] is the digest of the
// lines before cuts[i].
func sheetKeys(sheet []referee.SheetLine, seat referee.Seat, start uint64) (cuts []int, keys []uint64) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d", start)
	for i, l := range sheet {
		if i > 0 && l.Seat != seat {
			cuts, keys = append(cuts, i), append(keys, h.Sum64())
		}
		fmt.Fprintf(h, "|%s %s %v", l.Seat, l.Text, l.Verdict)
		for _, a := range l.Heard {
			fmt.Fprintf(h, " %s", a)
		}
		for _, a := range l.Before {
			fmt.Fprintf(h, " <%s", a)
		}
	}
	return cuts, keys
}

// remember keeps the worlds under a key of sheetKeys.
func remember(k uint64, ws []world) {
	memo.Lock()
	defer memo.Unlock()
	if _, ok := memo.rounds[k]; ok {
		return
	}
	memo.rounds[k] = slices.Clone(ws)
	memo.order = append(memo.order, k)
	if len(memo.order) > memoSize {
		delete(memo.rounds, memo.order[0])
		memo.order = memo.order[1:]
	}
}

// remembered finds the latest cut whose worlds are kept: how many lines
// they stand after, and a copy of them.
func remembered(cuts []int, keys []uint64) (int, []world, bool) {
	memo.Lock()
	defer memo.Unlock()
	for i := len(cuts) - 1; i >= 0; i-- {
		if ws, ok := memo.rounds[keys[i]]; ok {
			return cuts[i], slices.Clone(ws), true
		}
	}
	return 0, nil, false
}
