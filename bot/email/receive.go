package email

import (
	"bytes"
	"cmp"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"umpire/bot/wire"
)

// maxBackoff bounds the wait between two failed sessions.
const maxBackoff = 5 * time.Minute

// cursor is the mailbox's place, kept in the store: the UIDVALIDITY of
// the mailbox and the last UID handled. A mailbox whose UIDVALIDITY
// changed (or one never read) is read again from its unseen mails.
type cursor struct {
	Validity uint32   `json:"validity"`
	Last     imap.UID `json:"last"`
}

// Receive reads the mailbox until ctx is done: the mails that came since
// the last one handled, then, waiting with IDLE (or polling every Poll
// where the server has no IDLE), each new one. A mail is handed to h (or
// refused by the transport itself), then marked \Seen, then the cursor
// moves past it: a crash in between delivers it again, and its
// Message-ID, already seen, changes nothing. When h fails, the session
// ends and the mail is read again after a backoff. Broken connections are
// re-made with backoff; Receive returns nil when ctx is done, and an
// error only when the bot is closed (wire.ErrClosed).
func (t *Transport) Receive(ctx context.Context, h wire.Handler) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	t.serveUnsubscribe(ctx, h)
	wait := wire.Backoff{Base: time.Second, Max: maxBackoff}
	failures := 0
	for {
		began := time.Now()
		err := t.session(ctx, h)
		if ctx.Err() != nil {
			return nil
		}
		if errors.Is(err, wire.ErrClosed) {
			return err
		}
		if time.Since(began) > maxBackoff {
			failures = 0 // a long session: it worked
		}
		failures++
		d := wait.Delay(failures)
		t.Reached(err)
		t.Log.Warn("imap: session ended; reconnecting", "err", err, "in", d)
		if sleep(ctx, d) != nil {
			return nil
		}
	}
}

// session is one connection to the mailbox: it reads what is new, then
// waits for more, until something fails.
func (t *Transport) session(ctx context.Context, h wire.Handler) error {
	news := make(chan struct{}, 1)
	c, err := t.dialIMAP(ctx, news)
	if err != nil {
		return err
	}
	defer c.Close()
	if t.noIdle || !c.Caps().Has(imap.CapIdle) {
		t.Reached(nil) // logged in; without IDLE that is all there is to reach
	}
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	sel, err := c.Select(mailbox(t.IMAP), nil).Wait()
	if err != nil {
		return fmt.Errorf("imap: select %s: %w", mailbox(t.IMAP), err)
	}
	cur, fresh, err := t.loadCursor(sel.UIDValidity)
	if err != nil {
		return err
	}
	for {
		if err := t.readNew(ctx, c, &cur, fresh, h); err != nil {
			return err
		}
		t.MarkCaughtUp()
		fresh = false
		if err := t.waitNew(ctx, c, news); err != nil {
			return err
		}
	}
}

// cursorName is the store's name for the mailbox's cursor: a new user,
// host or mailbox starts afresh.
func (t *Transport) cursorName() string {
	user, _ := credentials(t.IMAP)
	return "email.imap " + user + "@" + t.IMAP.Host + "/" + mailbox(t.IMAP)
}

// loadCursor reads the cursor; fresh is set when it is for another
// UIDVALIDITY (or none), and only unseen mails are to be read.
func (t *Transport) loadCursor(validity uint32) (cur cursor, fresh bool, err error) {
	raw, err := t.Cursor.Load(t.cursorName())
	if err != nil {
		return cur, false, fmt.Errorf("email: cursor: %w", err)
	}
	if raw != nil && json.Unmarshal(raw, &cur) == nil && cur.Validity == validity {
		return cur, false, nil
	}
	if raw != nil {
		t.Log.Warn("imap: UIDVALIDITY changed; reading the unseen mails again", "was", cur.Validity, "now", validity)
	}
	return cursor{Validity: validity}, true, nil
}

// saveCursor stores the cursor.
func (t *Transport) saveCursor(cur cursor) error {
	raw, _ := json.Marshal(cur) // a cursor always encodes
	if err := t.Cursor.Save(t.cursorName(), raw); err != nil {
		return fmt.Errorf("email: cursor: %w", err)
	}
	return nil
}

// readNew reads the mails after the cursor, oldest first; when fresh,
// those already \Seen are passed over.
func (t *Transport) readNew(ctx context.Context, c *imapclient.Client, cur *cursor, fresh bool, h wire.Handler) error {
	var set imap.UIDSet
	set.AddRange(cur.Last+1, 0)
	msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, Flags: true, RFC822Size: true}).Collect()
	if err != nil {
		return fmt.Errorf("imap: fetch new: %w", err)
	}
	slices.SortFunc(msgs, func(a, b *imapclient.FetchMessageBuffer) int { return cmp.Compare(a.UID, b.UID) })
	for _, msg := range msgs {
		if msg.UID <= cur.Last {
			continue // n:* names the last mail even when it is older
		}
		if !fresh || !slices.Contains(msg.Flags, imap.FlagSeen) {
			if err := t.readOne(ctx, c, msg.UID, msg.RFC822Size, h); err != nil {
				return err
			}
		}
		cur.Last = msg.UID
		if err := t.saveCursor(*cur); err != nil {
			return err
		}
	}
	return nil
}

// readOne reads one mail (its header only when it is over MaxSize),
// handles it, and marks it \Seen.
func (t *Transport) readOne(ctx context.Context, c *imapclient.Client, uid imap.UID, size int64, h wire.Handler) error {
	section := &imap.FetchItemBodySection{Peek: true}
	if size > MaxSize {
		section.Specifier = imap.PartSpecifierHeader
	}
	msgs, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, InternalDate: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		return fmt.Errorf("imap: fetch %d: %w", uid, err)
	}
	if len(msgs) == 1 {
		raw := msgs[0].FindBodySection(section)
		m, err := ReadMail(bytes.NewReader(raw))
		if err != nil {
			t.Log.Info("imap: unreadable mail passed over", "uid", uid, "err", err)
		} else {
			m.TooLarge = m.TooLarge || size > MaxSize
			m.Arrived = msgs[0].InternalDate
			if err := t.handle(ctx, m, h); err != nil {
				return err
			}
		}
	}
	flags := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
	if err := c.Store(imap.UIDSetNum(uid), flags, nil).Close(); err != nil {
		return fmt.Errorf("imap: mark %d seen: %w", uid, err)
	}
	return nil
}

// waitNew waits for a new mail: with IDLE where the server has it, else
// for Poll and a NOOP. Either way it comes back after Poll at most.
func (t *Transport) waitNew(ctx context.Context, c *imapclient.Client, news <-chan struct{}) error {
	timer := time.NewTimer(t.Poll)
	defer timer.Stop()
	if t.noIdle || !c.Caps().Has(imap.CapIdle) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
		}
		err := c.Noop().Wait()
		t.Reached(err)
		return err
	}
	// A NOOP first: a server sends what came meanwhile with its answer,
	// where some would keep it until the IDLE ends.
	if err := c.Noop().Wait(); err != nil {
		return fmt.Errorf("imap: noop: %w", err)
	}
	idle, err := c.Idle()
	if err != nil {
		return fmt.Errorf("imap: idle: %w", err)
	}
	t.Reached(nil)
	if t.idling != nil {
		t.idling()
	}
	select {
	case <-ctx.Done():
	case <-news:
	case <-timer.C:
	}
	if err := idle.Close(); err != nil {
		return fmt.Errorf("imap: idle: %w", err)
	}
	return idle.Wait()
}

// dialIMAP connects, protects the connection as the URL's scheme says,
// and logs in. A new message in the selected mailbox is signalled on
// news, when not nil.
func (t *Transport) dialIMAP(ctx context.Context, news chan<- struct{}) (*imapclient.Client, error) {
	opts := &imapclient.Options{TLSConfig: t.tlsConfig(t.IMAP.Hostname())}
	if news != nil {
		opts.UnilateralDataHandler = &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case news <- struct{}{}:
					default:
					}
				}
			},
		}
	}
	addr := hostPort(t.IMAP, imapSchemes)
	conn, err := dial(ctx, addr, imapSchemes[t.IMAP.Scheme].tls == implicitTLS, opts.TLSConfig)
	if err != nil {
		return nil, fmt.Errorf("imap: connect to %s: %w", addr, err)
	}
	var c *imapclient.Client
	if imapSchemes[t.IMAP.Scheme].tls == startTLS {
		if c, err = imapclient.NewStartTLS(conn, opts); err != nil {
			return nil, fmt.Errorf("imap: STARTTLS with %s: %w", addr, err)
		}
	} else {
		c = imapclient.New(conn, opts)
	}
	user, pass := credentials(t.IMAP)
	if err := c.Login(user, pass).Wait(); err != nil {
		c.Close()
		return nil, fmt.Errorf("imap: log in to %s as %q: %w", addr, user, err)
	}
	return c, nil
}

// dial connects to addr, with TLS from the start when implicit is set.
func dial(ctx context.Context, addr string, implicit bool, cfg *tls.Config) (net.Conn, error) {
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: time.Minute}
	if implicit {
		return (&tls.Dialer{NetDialer: d, Config: cfg}).DialContext(ctx, "tcp", addr)
	}
	return d.DialContext(ctx, "tcp", addr)
}

// tlsConfig is the TLS configuration for a host.
func (t *Transport) tlsConfig(host string) *tls.Config {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if t.TLS != nil {
		cfg = t.TLS.Clone()
	}
	if cfg.ServerName == "" {
		cfg.ServerName = host
	}
	return cfg
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
