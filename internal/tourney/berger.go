package tourney

// Round robins. For n players (numbered 0…n-1 here, 1…n in the printed
// tables), Berger's tables play n-1 rounds (n rounds when n is odd: one
// player sits each round out, paired with a "bye" that is no game). With
// the players 1…m, m = n rounded up to even, in round r (from 1):
//
//   - the last player m meets the player a with 2a ≡ r+1 (mod m-1), with
//     White in the even rounds and Black in the odd ones;
//   - every other pair {a, b} with a+b ≡ r+1 (mod m-1) meets, White the
//     one of the two for which (other - self) mod (m-1) is odd.
//
// These are the tables FIDE prints (C.05 Annex 1): for four players,
// round 1: 1-4, 2-3; round 2: 4-3, 1-2; round 3: 2-4, 3-1.

// Pair is one game of a round: the players, White (the first seat) first.
type Pair [2]int

// Berger returns the rounds of a round robin of n players: each round
// the pairs that play, White first, without byes. A double round robin
// plays the rounds again with the colours reversed.
func Berger(n int, double bool) [][]Pair {
	if n < 2 {
		return nil
	}
	m := n + n%2 // with a bye when odd
	k := m - 1
	var rounds [][]Pair
	for r := 1; r <= k; r++ {
		var round []Pair
		target := (r + 1) % k
		for a := 1; a <= k; a++ {
			if (2*a)%k == target { // a meets the last player
				p := Pair{a, m}
				if r%2 == 0 {
					p = Pair{m, a}
				}
				round = append(round, p)
			}
		}
		for a := 1; a <= k; a++ {
			for b := a + 1; b <= k; b++ {
				if (a+b)%k != target {
					continue
				}
				if ((b-a)%k+k)%k%2 == 1 {
					round = append(round, Pair{a, b})
				} else {
					round = append(round, Pair{b, a})
				}
			}
		}
		rounds = append(rounds, numbered(round, n))
	}
	if double {
		for _, round := range rounds[:k] {
			var back []Pair
			for _, p := range round {
				back = append(back, Pair{p[1], p[0]})
			}
			rounds = append(rounds, back)
		}
	}
	return rounds
}

// numbered turns the 1-based pairs of a round into 0-based ones, dropping
// the bye (player n+1 of an odd field) and putting the last player's
// game first, as the printed tables do.
func numbered(round []Pair, n int) []Pair {
	var out []Pair
	for _, p := range round {
		if p[0] > n || p[1] > n {
			continue
		}
		out = append(out, Pair{p[0] - 1, p[1] - 1})
	}
	return out
}

// Triads returns the games of a three-player round robin of n players:
// every group of three meets once, each game's players in seat order. The
// seats go round in turn: each group sits in the turn of its three that
// gives its players the seats they have had least so far, so that over
// the tournament each player sits in each seat as evenly as the groups
// allow. With double, every group meets three times, each of its players
// once in each seat. Each game is a round of its own: all are played at
// once.
func Triads(n int, double bool) [][]int {
	var out [][]int
	had := make([][3]int, n) // the times each player sat in each seat
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				group := []int{a, b, c}
				if double {
					for r := range 3 {
						out = append(out, rotated(group, r))
					}
					continue
				}
				best, cost := 0, -1
				for r := range 3 {
					sum := 0
					for s, p := range rotated(group, r) {
						sum += had[p][s]
					}
					if cost < 0 || sum < cost {
						best, cost = r, sum
					}
				}
				game := rotated(group, best)
				for s, p := range game {
					had[p][s]++
				}
				out = append(out, game)
			}
		}
	}
	return out
}

// rotated is group turned by r places: the player at index r first.
func rotated(group []int, r int) []int {
	out := make([]int, len(group))
	for i := range group {
		out[i] = group[(i+r)%len(group)]
	}
	return out
}
