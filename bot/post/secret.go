package post

import (
	"io"
	"umpire/store"
)

// secret returns a random secret kept in the store under a cursor name,
// making it the first time.
func (o *Office) secret(name string) (key []byte, err error) {
	if key, err = o.db.Cursor(name); len(key) > 0 || err != nil {
		return key, err // made before: no write
	}
	err = o.db.Update(func(tx *store.Tx) error {
		if key = tx.Cursor(name); len(key) > 0 {
			return nil
		}
		key = make([]byte, 32)
		if _, err := io.ReadFull(o.rand, key); err != nil {
			return err
		}
		return tx.SetCursor(name, key)
	})
	return key, err
}
