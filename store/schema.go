package store

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// The top-level buckets. Keys are big-endian numbers (so that bbolt's byte
// order is numeric order) or short strings.
var (
	bucketMeta        = []byte("meta")        // "version" → big-endian schema version, "health" → unix ns of the last Ping
	bucketGames       = []byte("games")       // game id → JSON Game (without its log)
	bucketLogs        = []byte("logs")        // game id → bucket: ply → Entry (entry.go)
	bucketPlayers     = []byte("players")     // player id → JSON Player
	bucketAddresses   = []byte("addresses")   // "transport:id" → player id
	bucketPlayerGames = []byte("playergames") // player id ‖ game id → nothing (index of seats)
	bucketSeen        = []byte("seen")        // inbound id → time first seen
	bucketOutbox      = []byte("outbox")      // sequence → JSON Outgoing
	bucketCursors     = []byte("cursors")     // transport cursor name → bytes
	bucketDeadlines   = []byte("deadlines")   // unix nanoseconds ‖ game id → nothing
	bucketDigests     = []byte("digests")     // unix nanoseconds ‖ player id → nothing (next digests)
)

var keyVersion = []byte("version")

// A migration brings a database from one schema version to the next. The
// i-th migration of a list turns version i into version i+1; a new file is
// version 0.
type migration struct {
	name string
	up   func(tx *bolt.Tx) error
}

// migrations is the schema's history. Append to it, never edit an entry
// that has shipped: a database remembers how far along the list it is.
var migrations = []migration{
	{"v1: create the buckets", createBuckets(
		bucketGames, bucketLogs, bucketPlayers, bucketAddresses, bucketPlayerGames,
		bucketSeen, bucketOutbox, bucketCursors, bucketDeadlines)},
	{"v2: queue the outbox by recipient", then(createBuckets(bucketOutQueues, bucketOutHeads), indexOutbox)},
	{"v3: opt-outs, invitations, watch confirmations", createBuckets(bucketOptOuts, bucketInvites, bucketWatchReq)},
	{"v4: the index of daily digests", createBuckets(bucketDigests)},
	{"v5: the players' messages (talk)", createBuckets(bucketTalk)},
	{"v6: ratings' and tournaments' queue of ended games, tournaments", createBuckets(
		bucketEnded, bucketTournaments, bucketChatTourneys, bucketTourneyGames)},
	{"v7: the topics of conversations in chats", createBuckets(bucketTopics)},
	// Nothing to change: the entries already written are read as they are;
	// the version tells an older umpire that it cannot read the new ones.
	{"v8: log entries in a compact binary form (entry.go)", func(*bolt.Tx) error { return nil }},
}

// SchemaVersion is the schema version this package writes: the length of
// migrations (a test holds them equal).
const SchemaVersion = 8

// createBuckets returns a migration step that creates top-level buckets.
func createBuckets(names ...[]byte) func(tx *bolt.Tx) error {
	return func(tx *bolt.Tx) error {
		for _, name := range names {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return fmt.Errorf("create bucket %s: %w", name, err)
			}
		}
		return nil
	}
}

// then chains migration steps into one.
func then(steps ...func(tx *bolt.Tx) error) func(tx *bolt.Tx) error {
	return func(tx *bolt.Tx) error {
		for _, step := range steps {
			if err := step(tx); err != nil {
				return err
			}
		}
		return nil
	}
}

// migrate runs the steps the database has not had yet, in one transaction,
// so a failed step leaves the file as it was.
func migrate(tx *bolt.Tx, steps []migration) error {
	meta, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	v := version(meta)
	if v > uint64(len(steps)) {
		return fmt.Errorf("migrate: schema version %d, this umpire knows %d: %w", v, len(steps), ErrSchemaTooNew)
	}
	for ; v < uint64(len(steps)); v++ {
		if err := steps[v].up(tx); err != nil {
			return fmt.Errorf("migrate to version %d (%s): %w", v+1, steps[v].name, err)
		}
	}
	return meta.Put(keyVersion, u64(v))
}

// version reads the schema version; a new file is version 0.
func version(meta *bolt.Bucket) uint64 {
	v := meta.Get(keyVersion)
	if len(v) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(v)
}

// Version reports the schema version of the open file.
func (db *DB) Version() (int, error) {
	var v uint64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		v = version(tx.Bucket(bucketMeta))
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: version: %w", err)
	}
	return int(v), nil
}

// u64 encodes n as an 8-byte big-endian key.
func u64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// fromU64 decodes an 8-byte big-endian key; other lengths decode as 0.
func fromU64(b []byte) uint64 {
	if len(b) < 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b)
}
