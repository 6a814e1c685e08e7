package store

import (
	"errors"
	"fmt"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// DefaultTimeout is how long Open waits for a file locked by another
// process when Options.Timeout is zero.
const DefaultTimeout = 2 * time.Second

// DefaultMaxBatch is how many Apply calls may share one transaction when
// Options.MaxBatch is zero.
const DefaultMaxBatch = 256

// Errors returned by the store. Test for them with errors.Is: they come
// wrapped with the name of what was asked for.
var (
	ErrNotFound     = errors.New("not found")
	ErrLocked       = errors.New("database file is locked by another process")
	ErrClosed       = errors.New("database is closed")
	ErrSchemaTooNew = errors.New("database was written by a newer umpire")
	ErrLogRewritten = errors.New("log entries already written may not change")
	ErrIDChanged    = errors.New("a game's ID may not change")
	ErrAddressTaken = errors.New("address belongs to another player")
)

// Options are the settings of Open. The zero value is ready to use.
type Options struct {
	// Timeout bounds the wait for the file lock when another process has
	// the file open. Zero means DefaultTimeout; a negative value waits
	// forever.
	Timeout time.Duration
	// Now is the clock for the times the store records (game creation, log
	// entries, inbound ids seen). Nil means time.Now.
	Now func() time.Time
	// MaxBatch bounds how many concurrent Apply calls share one
	// transaction. Zero means DefaultMaxBatch; 1 commits each alone.
	MaxBatch int
}

// DB is an open database file. Its methods are safe for concurrent use by
// many goroutines; another process opening the same file waits for the
// lock and fails after its timeout.
type DB struct {
	bolt     *bolt.DB
	now      func() time.Time
	maxBatch int

	calls     chan *call    // Apply → the writer goroutine
	closing   chan struct{} // closed by Close
	written   chan struct{} // closed when the writer goroutine returns
	closeOnce sync.Once
	closeErr  error

	queuedMu sync.Mutex
	queued   chan struct{} // closed when rows are next queued
}

// Open opens the database file at path, creating it if need be, and brings
// its schema up to date. It returns an error wrapping ErrLocked when
// another process holds the file past the timeout, and ErrSchemaTooNew when
// the file was written by a newer version. opts may be nil.
func Open(path string, opts *Options) (*DB, error) {
	return open(path, opts, migrations)
}

// open is Open with the list of schema migrations to apply.
func open(path string, opts *Options, steps []migration) (*DB, error) {
	o := withDefaults(opts)
	timeout := o.Timeout
	if timeout < 0 {
		timeout = 0 // bbolt waits forever
	}
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("store: open %s (waited %v): %w", path, o.Timeout, ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if err := b.Update(func(tx *bolt.Tx) error { return migrate(tx, steps) }); err != nil {
		b.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return start(b, o), nil
}

// withDefaults returns a copy of opts with every zero setting filled in.
func withDefaults(opts *Options) Options {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = DefaultMaxBatch
	}
	return o
}

// start wraps an open bbolt file and starts the writer goroutine.
func start(b *bolt.DB, o Options) *DB {
	db := &DB{
		bolt:     b,
		now:      o.Now,
		maxBatch: o.MaxBatch,
		calls:    make(chan *call),
		closing:  make(chan struct{}),
		written:  make(chan struct{}),
		queued:   make(chan struct{}),
	}
	go db.write()
	return db
}

// Path is the database file's path.
func (db *DB) Path() string { return db.bolt.Path() }

// Close waits for the Apply calls in progress, then closes the file. Later
// calls to Apply return ErrClosed. Close may be called more than once.
func (db *DB) Close() error {
	db.closeOnce.Do(func() {
		close(db.closing)
		<-db.written
		if err := db.bolt.Close(); err != nil {
			db.closeErr = fmt.Errorf("store: close %s: %w", db.bolt.Path(), err)
		}
	})
	return db.closeErr
}
