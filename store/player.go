package store

import (
	"fmt"
	"time"
)

// Player is someone who plays or watches: a name, a language for the texts
// it reads ("en", "ru", "eo"), and the addresses where it can be reached.
// An address belongs to one player at most.
type Player struct {
	ID        uint64    `json:"id"`
	Name      string    `json:"name"`
	Lang      string    `json:"lang,omitempty"`
	Addresses []Address `json:"addresses,omitempty"`
	// TZ is the player's time zone (an IANA name), "" when unknown: no
	// reminder is sent in its night.
	TZ string `json:"tz,omitempty"`
	// Away is the end of the player's vacation, zero when none was taken;
	// Leave is the vacation taken in the calendar year LeaveYear.
	Away      time.Time     `json:"away,omitzero"`
	LeaveYear int           `json:"leave-year,omitempty"`
	Leave     time.Duration `json:"leave,omitempty"`
	// Mail is how the player takes its games' news where the transport
	// has digests (e-mail): MailEach ("", the default, as in files
	// written before there was a choice) or MailDigest. Digest is when
	// its next digest is due, zero when none is.
	Mail   string    `json:"mail,omitempty"`
	Digest time.Time `json:"digest,omitzero"`
	// Ratings are the player's Glicko-2 ratings by pool: a variant's key,
	// and for Kriegspiel its rule set too ("kriegspiel/wild16"); see
	// bot/club.
	Ratings map[string]Rating `json:"ratings,omitempty"`
}

// Rating is a player's Glicko-2 rating in one pool: R, its deviation RD
// and volatility Vol (internal/glicko), and the rated games it counts.
type Rating struct {
	R     float64 `json:"r"`
	RD    float64 `json:"rd"`
	Vol   float64 `json:"vol"`
	Games int     `json:"games"`
}

// Player loads a player. It returns an error wrapping ErrNotFound when
// there is no such player.
func (tx *Tx) Player(id uint64) (*Player, error) {
	p := new(Player)
	if err := getJSON(tx.bucket(bucketPlayers), u64(id), p); err != nil {
		return nil, fmt.Errorf("store: player %d: %w", id, err)
	}
	return p, nil
}

// PlayerAt loads the player an address belongs to. It returns an error
// wrapping ErrNotFound when the address is nobody's.
func (tx *Tx) PlayerAt(a Address) (*Player, error) {
	id := tx.bucket(bucketAddresses).Get([]byte(a.String()))
	if id == nil {
		return nil, fmt.Errorf("store: player at %s: %w", a, ErrNotFound)
	}
	return tx.Player(fromU64(id))
}

// PutPlayer stores a player; a player with ID 0 is new and gets the next
// id, written back into p. Addresses added to p are linked to it and those
// taken away are freed. (Should the enclosing transaction not commit, the
// id written into p was not taken.) It returns an error wrapping ErrAddressTaken, and
// writes nothing, when one of p's addresses belongs to another player.
func (tx *Tx) PutPlayer(p *Player) error {
	was, err := tx.oldPlayer(p.ID)
	if err != nil {
		return err
	}
	if err := tx.checkAddresses(p); err != nil {
		return err
	}
	if p.ID == 0 {
		if p.ID, err = tx.bucket(bucketPlayers).NextSequence(); err != nil {
			return fmt.Errorf("store: new player: %w", err)
		}
	}
	if err := tx.linkAddresses(p.ID, was.Addresses, p.Addresses); err != nil {
		return fmt.Errorf("store: player %d: %w", p.ID, err)
	}
	if err := tx.indexDigest(p.ID, was.Digest, p.Digest); err != nil {
		return fmt.Errorf("store: player %d: digest: %w", p.ID, err)
	}
	if err := putJSON(tx.bucket(bucketPlayers), u64(p.ID), p); err != nil {
		return fmt.Errorf("store: player %d: %w", p.ID, err)
	}
	return nil
}

// oldPlayer returns a player as it is stored now; a new player (id 0) is
// the zero Player, with no addresses and no digest.
func (tx *Tx) oldPlayer(id uint64) (*Player, error) {
	if id == 0 {
		return &Player{}, nil
	}
	return tx.Player(id)
}

// checkAddresses fails when one of p's addresses belongs to someone else.
func (tx *Tx) checkAddresses(p *Player) error {
	b := tx.bucket(bucketAddresses)
	for _, a := range p.Addresses {
		if owner := b.Get([]byte(a.String())); owner != nil && fromU64(owner) != p.ID {
			return fmt.Errorf("store: player %d: address %s: %w", p.ID, a, ErrAddressTaken)
		}
	}
	return nil
}

// linkAddresses points the new addresses at player id and frees the old
// ones that are gone.
func (tx *Tx) linkAddresses(id uint64, old, now []Address) error {
	b := tx.bucket(bucketAddresses)
	keep := make(map[Address]bool, len(now))
	for _, a := range now {
		keep[a] = true
		if err := b.Put([]byte(a.String()), u64(id)); err != nil {
			return fmt.Errorf("address %s: %w", a, err)
		}
	}
	for _, a := range old {
		if !keep[a] {
			if err := b.Delete([]byte(a.String())); err != nil {
				return fmt.Errorf("address %s: %w", a, err)
			}
		}
	}
	return nil
}

// Player loads a player; see Tx.Player.
func (db *DB) Player(id uint64) (p *Player, err error) {
	err = db.View(func(tx *Tx) error {
		p, err = tx.Player(id)
		return err
	})
	return p, err
}

// PlayerAt loads the player an address belongs to; see Tx.PlayerAt.
func (db *DB) PlayerAt(a Address) (p *Player, err error) {
	err = db.View(func(tx *Tx) error {
		p, err = tx.PlayerAt(a)
		return err
	})
	return p, err
}

// PutPlayer stores a player in its own transaction; see Tx.PutPlayer.
func (db *DB) PutPlayer(p *Player) error {
	return db.Update(func(tx *Tx) error { return tx.PutPlayer(p) })
}
