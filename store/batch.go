package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"

	"umpire/referee"
)

// Group commit. A bbolt commit costs two fsyncs, so one transaction per
// move caps the moves per second at the disk's fsync rate. The DB has one
// writer goroutine instead, for Apply and Done. It takes the first call
// waiting, with every other call already waiting (up to MaxBatch), and
// runs them in order in one transaction: a lone caller waits for nobody,
// and callers that come while a commit is in progress share the next one.
//
// A call that fails before it writes (fn's error, an unknown game, an
// inbound id seen) leaves the transaction clean, so the others still
// commit. A write that fails half-way, or a failed commit, rolls the
// transaction back, and each call is then retried alone.

// write is the writer goroutine. It returns when the DB is closing, after
// the batch in progress.
func (db *DB) write() {
	defer close(db.written)
	for {
		select {
		case c := <-db.calls:
			db.commit(db.gather(c))
		case <-db.closing:
			return
		}
	}
}

// gather returns c and the calls already waiting, up to MaxBatch.
func (db *DB) gather(c *call) []*call {
	calls := []*call{c}
	for len(calls) < db.maxBatch {
		select {
		case c := <-db.calls:
			calls = append(calls, c)
		default:
			return calls
		}
	}
	return calls
}

// commit runs calls in one transaction and answers each of them; when the
// transaction fails as a whole, it retries each call alone.
func (db *DB) commit(calls []*call) {
	results := make([]result, len(calls))
	queued, dropped := false, 0
	var abort error // a write of a call that failed half-way
	logs := map[uint64][]referee.Action{}
	err := db.bolt.Update(func(btx *bolt.Tx) error {
		clear(logs) // a retried transaction starts afresh
		tx := &Tx{btx: btx, cache: db.logs, logs: logs}
		for i, c := range calls {
			tx.now = db.now()
			if results[i], abort = tx.apply(c); abort != nil {
				return abort
			}
		}
		queued, dropped = tx.queued, tx.dropped
		return nil
	})
	switch {
	case err == nil:
		for id, log := range logs {
			db.logs.put(id, log)
		}
		db.committed(queued, dropped)
		db.answer(calls, results)
	case len(calls) == 1:
		calls[0].done <- result{err: fmt.Errorf("store: apply to game %d: %w", calls[0].gameID, commitError(err, abort))}
	default:
		for _, c := range calls {
			db.commit([]*call{c})
		}
	}
}

// answer hands each call its result once the transaction has committed.
func (db *DB) answer(calls []*call, results []result) {
	for i, c := range calls {
		c.done <- results[i]
	}
}

// commitError is the error of a failed batch: a call's write that failed
// half-way as it is, a failure of the commit itself as a fault.
func commitError(err, abort error) error {
	if err == abort {
		return err
	}
	return writeFault(true, err)
}
