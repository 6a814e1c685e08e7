package store

import (
	"slices"
	"time"

	"umpire/referee"
)

// Pace is how a slow game is paced beyond its clock (bot/pace): its rules,
// set when the game is made (new dark 1d@21:00 ext2 cd), and their state
// as the game goes. The zero Pace is a game paced by its clock alone.
type Pace struct {
	// Ext is the automatic extensions each seat has (ext2): a seat whose
	// time runs out without having been heard gets one more period
	// instead of the loss, so many times.
	Ext int `json:"ext,omitempty"`
	// At is the fixed hour decisions are due at ("21:00"), "" for none;
	// Zone the time zone it is in (the maker's), "" for UTC.
	At   string `json:"at,omitempty"`
	Zone string `json:"zone,omitempty"`
	// Disorder is civil disorder (cd): a seat whose time runs out is
	// played by the house until its player acts again.
	Disorder bool `json:"cd,omitempty"`

	// Used are the extensions each seat used.
	Used map[referee.Seat]int `json:"used,omitempty"`
	// Offer is the pause a seat offered and not every other seat accepted
	// yet; Until is the end of the pause agreed, and Paused all the pause
	// agreed in the game so far (what was not used given back).
	Offer  *PauseOffer   `json:"offer,omitempty"`
	Until  time.Time     `json:"until,omitzero"`
	Paused time.Duration `json:"paused,omitempty"`
	// Spells are the seats' spells of civil disorder, the latest last.
	Spells []Spell `json:"spells,omitempty"`
}

// PauseOffer is a pause seat By offered at Made, of For; Yes are the seats
// that accepted it.
type PauseOffer struct {
	By   referee.Seat   `json:"by"`
	For  time.Duration  `json:"for"`
	Made time.Time      `json:"made"`
	Yes  []referee.Seat `json:"yes,omitempty"`
}

// Spell is one spell of civil disorder: the house plays Seat from Began,
// when the log had From entries, until its player acted again at Back,
// when the log had To (0 while it lasts), or until Ends, when the seat's
// week is up and it leaves the game. Seed is the house's coin for it.
// Told is set once the other seats were told that the player came back.
type Spell struct {
	Seat  referee.Seat `json:"seat"`
	Began time.Time    `json:"began"`
	Ends  time.Time    `json:"ends"`
	From  int          `json:"from"`
	To    int          `json:"to,omitempty"`
	Back  time.Time    `json:"back,omitzero"`
	Seed  uint64       `json:"seed"`
	Told  bool         `json:"told,omitempty"`
}

// Spent is how long the house sat in for seat s in spells that ended:
// a seat's week of civil disorder is one allowance for the whole game,
// not one a spell, or a word from its player every six days would keep
// the house in its seat for ever.
func (p Pace) Spent(s referee.Seat) time.Duration {
	var d time.Duration
	for _, sp := range p.Spells {
		if sp.Seat != s || sp.To == 0 {
			continue
		}
		end := sp.Ends
		if !sp.Back.IsZero() && sp.Back.Before(end) {
			end = sp.Back
		}
		d += max(end.Sub(sp.Began), 0)
	}
	return d
}

// Rules are the pace's rules without their state: what a game made like
// this one (a rematch, a tournament's pairing) starts with.
func (p Pace) Rules() Pace {
	return Pace{Ext: p.Ext, At: p.At, Zone: p.Zone, Disorder: p.Disorder}
}

// Paced reports whether p has any rule beyond the clock.
func (p Pace) Paced() bool { return p.Ext > 0 || p.At != "" || p.Disorder }

// ExtLeft is the extensions seat s has left.
func (p Pace) ExtLeft(s referee.Seat) int { return max(p.Ext-p.Used[s], 0) }

// Spell is seat s's spell of civil disorder that lasts, nil when none
// does.
func (p *Pace) Spell(s referee.Seat) *Spell {
	for i := range p.Spells {
		if sp := &p.Spells[i]; sp.Seat == s && sp.To == 0 {
			return sp
		}
	}
	return nil
}

// Sits reports whether the house sits in for seat s at now: a spell of
// s's lasts, and its week is not up.
func (p *Pace) Sits(s referee.Seat, now time.Time) bool {
	sp := p.Spell(s)
	return sp != nil && now.Before(sp.Ends)
}

// SitsToOthers is Sits as the other seats may know it: a spell whose
// player came back unheard (not Told) still lasts for them, since its
// end would tell them that the player acted where they cannot see.
func (p *Pace) SitsToOthers(s referee.Seat, now time.Time) bool {
	if p.Sits(s, now) {
		return true
	}
	for _, sp := range slices.Backward(p.Spells) {
		if sp.Seat == s {
			return sp.To != 0 && !sp.Told && now.Before(sp.Ends)
		}
	}
	return false
}

// Housed reports whether log entry i, of seat s, was the house's: made
// while a spell of s's lasted.
func (p Pace) Housed(i int, s referee.Seat) bool {
	return slices.ContainsFunc(p.Spells, func(sp Spell) bool {
		return sp.Seat == s && i >= sp.From && (sp.To == 0 || i < sp.To)
	})
}
