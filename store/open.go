package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"runtime/debug"

	bolt "go.etcd.io/bbolt"
)

// Opening a file safely. bbolt trusts the file it maps: an empty file it
// silently makes into a new database, and a damaged one makes it panic on
// a page assertion or fault (SIGBUS) on a page past the end of a
// truncated file, in whichever goroutine reads that page. So Open checks
// a file that exists before it is used:
//
//   - its header: a meta page with bbolt's magic number, version and
//     checksum, and a file as long as the meta page says;
//   - then bbolt opens it and every bucket is walked, page by page, with
//     faults turned into panics and panics into ErrDamaged;
//   - a bbolt file that holds buckets but not the umpire's is refused too.
//
// A database is created only where no file exists.

// ErrDamaged is returned by Open and Check for a file that exists but is
// not a sound umpire database: empty, truncated, corrupted, or another
// program's. The message names the file and what is wrong with it.
var ErrDamaged = errors.New("not a sound umpire database")

// damaged wraps a reason the file at path cannot be used.
func damaged(path, format string, args ...any) error {
	return fmt.Errorf("store: %s: %s: %w", path, fmt.Sprintf(format, args...), ErrDamaged)
}

// The layout of a bbolt meta page: a 16-byte page header, then magic,
// version, page size, flags (4 bytes each), the root bucket (16), the
// freelist page, the high-water page id, the transaction id, and an
// FNV-64a checksum of all of the meta before it (8 each). bbolt writes
// it in the machine's byte order; every platform Go runs the umpire on is
// little-endian.
const (
	pageHeader  = 16
	metaSize    = 64
	metaSummed  = 56
	boltMagic   = 0xED0CDAED
	boltVersion = 2
)

// meta is what the header check reads of a meta page.
type meta struct {
	pageSize   uint32
	freelist   uint64 // the page of the free list
	highWater  uint64 // pages in use: the file must hold them all
	txid       uint64
	validMagic bool
}

// readMeta reads and checks the meta page at off; ok is false when it is
// not a valid one.
func readMeta(f io.ReaderAt, off int64) (m meta, ok bool) {
	buf := make([]byte, pageHeader+metaSize)
	if _, err := f.ReadAt(buf, off); err != nil {
		return m, false
	}
	b := buf[pageHeader:]
	le := binary.LittleEndian
	m.validMagic = le.Uint32(b[0:]) == boltMagic
	m.pageSize = le.Uint32(b[8:])
	m.freelist, m.highWater, m.txid = le.Uint64(b[32:]), le.Uint64(b[40:]), le.Uint64(b[48:])
	h := fnv.New64a()
	h.Write(b[:metaSummed])
	ok = m.validMagic && le.Uint32(b[4:]) == boltVersion && h.Sum64() == le.Uint64(b[56:]) &&
		m.pageSize >= 512 && m.pageSize&(m.pageSize-1) == 0
	return m, ok
}

// checkHeader checks the file at path before bbolt maps it: it must hold
// a valid meta page, and be as long as the newest valid one says.
func checkHeader(path string, f *os.File, size int64) error {
	if size == 0 {
		return damaged(path, "the file is empty")
	}
	m0, ok0 := readMeta(f, 0)
	var m1 meta
	ok1 := false
	for _, ps := range pageSizes(m0, ok0) {
		if m1, ok1 = readMeta(f, ps); ok1 {
			break
		}
	}
	m := m0
	switch {
	case !ok0 && !ok1 && !m0.validMagic:
		return damaged(path, "the file is not a bbolt database")
	case !ok0 && !ok1:
		return damaged(path, "both meta pages are corrupted")
	case !ok0 || (ok1 && m1.txid > m0.txid):
		m = m1
	}
	if need := int64(m.highWater) * int64(m.pageSize); size < need || m.highWater > uint64(size) {
		return damaged(path, "the file is truncated: %d bytes of %d", size, need)
	}
	return checkFreelist(path, f, m)
}

// noFreelist is the freelist page of a file that does not keep its free
// list (bbolt's NoFreelistSync).
const noFreelist = ^uint64(0)

// checkFreelist checks the page bbolt reads first when it opens a file for
// writing, where a panic would leave the file mapped and locked: the free
// list, which must be a freelist page whose ids fit in the file.
func checkFreelist(path string, f io.ReaderAt, m meta) error {
	if m.freelist == noFreelist {
		return nil
	}
	if m.freelist < 2 || m.freelist >= m.highWater {
		return damaged(path, "the free list is at page %d of %d", m.freelist, m.highWater)
	}
	hdr := make([]byte, pageHeader+8)
	if _, err := f.ReadAt(hdr, int64(m.freelist)*int64(m.pageSize)); err != nil {
		return damaged(path, "the free list cannot be read: %v", err)
	}
	le := binary.LittleEndian
	const freelistPage = 0x10
	flags, count, overflow := le.Uint16(hdr[8:]), uint64(le.Uint16(hdr[10:])), uint64(le.Uint32(hdr[12:]))
	if count == 0xFFFF { // the real count is the first id
		count = le.Uint64(hdr[pageHeader:]) + 1
	}
	if flags != freelistPage || count > m.highWater || m.freelist+overflow >= m.highWater || count*8 > (overflow+1)*uint64(m.pageSize) {
		return damaged(path, "the free list (page %d) is corrupted", m.freelist)
	}
	return nil
}

// pageSizes are where the second meta page may be: after the first one's
// page size when that one is valid, else at every usual page size.
func pageSizes(m0 meta, ok0 bool) []int64 {
	if ok0 {
		return []int64{int64(m0.pageSize)}
	}
	return []int64{4096, 16384, 65536, 1024, 2048, 8192, 32768}
}

// preflight checks an existing file's header. It reports exists == false
// when there is no file at path.
func preflight(path string) (exists bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: open %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return true, fmt.Errorf("store: open %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return true, damaged(path, "not a regular file")
	}
	return true, checkHeader(path, f, fi.Size())
}

// guard runs fn with memory faults turned into panics, and a panic (of
// bbolt on a damaged page) into an error wrapping ErrDamaged.
func guard(path string, fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = damaged(path, "%v", r)
		}
	}()
	return fn()
}

// walk reads every bucket and key of the file, so that each page in use
// is visited once in this goroutine (under guard) before any other uses
// it. It fails when the file holds buckets but not the umpire's meta.
func walk(path string, b *bolt.DB) error {
	return b.View(func(tx *bolt.Tx) error {
		buckets := 0
		err := tx.ForEach(func(name []byte, bk *bolt.Bucket) error {
			buckets++
			return walkBucket(bk)
		})
		if err == nil && buckets > 0 && tx.Bucket(bucketMeta) == nil {
			return damaged(path, "a bbolt database of another program")
		}
		return err
	})
}

// walkBucket visits every key of bk and its nested buckets.
func walkBucket(bk *bolt.Bucket) error {
	return bk.ForEach(func(k, v []byte) error {
		if v != nil {
			return nil
		}
		if sub := bk.Bucket(k); sub != nil {
			return walkBucket(sub)
		}
		return nil
	})
}
