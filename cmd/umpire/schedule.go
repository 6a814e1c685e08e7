package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"umpire/store"
)

// Scheduled backups. With -backup-every, serve writes a consistent copy
// of the database into -backup-dir (a folder of mode 0700) at that
// interval, named by the time it was made (umpire-20260501T120000Z.db, so
// that names sort by age), and keeps the newest -backup-keep of them,
// deleting older ones; it touches no other file of the folder. The
// schedule follows the newest copy in the folder, so a restart neither
// skips a backup nor makes one early: the first comes at once when the
// folder has none, or when the newest is older than the interval.

// backups is the schedule of one database's copies.
type backups struct {
	db    *store.DB
	dir   string
	every time.Duration
	keep  int
	now   func() time.Time
	log   *slog.Logger
}

// backupPrefix and backupSuffix frame the names of scheduled copies.
const (
	backupPrefix = "umpire-"
	backupSuffix = ".db"
	backupStamp  = "20060102T150405Z"
)

// run makes the copies until ctx is done. A copy that fails is logged
// and tried again after a tenth of the interval.
func (b *backups) run(ctx context.Context) {
	for {
		wait := b.due()
		if wait <= 0 {
			if err := b.backup(); err != nil {
				b.log.Error("scheduled backup failed; will retry", "dir", b.dir, "err", err)
				wait = b.every / 10
			} else {
				wait = b.every
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// due is how long until the next copy: the interval after the newest.
func (b *backups) due() time.Duration {
	names, err := b.list()
	if err != nil || len(names) == 0 {
		return 0
	}
	at, err := time.Parse(backupStamp, strings.TrimSuffix(strings.TrimPrefix(names[len(names)-1], backupPrefix), backupSuffix))
	if err != nil {
		return 0
	}
	return at.Add(b.every).Sub(b.now())
}

// backup makes one copy now and deletes the oldest beyond keep.
func (b *backups) backup() error {
	if err := os.MkdirAll(b.dir, 0o700); err != nil {
		return err
	}
	name := backupPrefix + b.now().UTC().Format(backupStamp) + backupSuffix
	n, err := b.db.BackupFile(filepath.Join(b.dir, name))
	if err != nil {
		return err
	}
	b.log.Info("scheduled backup", "file", filepath.Join(b.dir, name), "bytes", n)
	names, err := b.list()
	if err != nil {
		return err
	}
	for len(names) > b.keep {
		if err := os.Remove(filepath.Join(b.dir, names[0])); err != nil {
			return fmt.Errorf("delete an old backup: %w", err)
		}
		names = names[1:]
	}
	return nil
}

// list is the names of the scheduled copies in the folder, oldest first.
func (b *backups) list() ([]string, error) {
	entries, err := os.ReadDir(b.dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		stamp, ok := strings.CutPrefix(e.Name(), backupPrefix)
		stamp, ok2 := strings.CutSuffix(stamp, backupSuffix)
		if _, err := time.Parse(backupStamp, stamp); ok && ok2 && err == nil && e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}
