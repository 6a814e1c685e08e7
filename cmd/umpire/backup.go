package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"umpire/store"
)

// backupCommand is `umpire backup`.
var backupCommand = command{"backup", "copy the database consistently, even while it is served: [-db PATH] FILE", backupCmd}

// backupCmd writes a consistent copy of the database to FILE. When another
// umpire is serving the database, that umpire writes the copy.
func backupCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dbPath := dbFlag(fs, e.getenv)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("backup: want one FILE to write the copy to")
	}
	file, err := filepath.Abs(fs.Arg(0))
	if err != nil {
		return err
	}
	n, err := backup(*dbPath, file)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(e.stdout, "%s: %d bytes\n", file, n)
	return nil
}

// backup copies the database itself or, when it is locked, asks the
// umpire serving it.
func backup(db, file string) (int64, error) {
	d, err := openReadOnly(db)
	if errors.Is(err, store.ErrLocked) {
		abs, _ := filepath.Abs(db)
		return askBackup(abs, file)
	}
	if err != nil {
		return 0, err
	}
	defer d.Close()
	return d.BackupFile(file)
}
