package post

import (
	"crypto/rand"
	"io"
	"log/slog"
	"time"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/render"
	"umpire/store"
)

// Config are the settings of an Office. DB is required; the zero value of
// every other field is a working default.
type Config struct {
	DB      *store.DB
	Catalog *texts.Catalog   // nil: texts.DefaultCatalog
	Langs   []string         // the languages offered, the default first; nil: texts.Languages
	Now     func() time.Time // nil: time.Now
	Rand    io.Reader        // the secrets of message keys; nil: crypto/rand
	// Picture draws a view as a PNG with a legend; nil: Picture.
	Picture func(v referee.View, l Legend) ([]byte, error)
	// Replay draws the fog replay sent at the end of a game; nil: ReplayGIF.
	Replay func(frames []render.Frame) ([]byte, error)
	Log    *slog.Logger // nil: slog.Default()
	// Workers is how many messages, each to another chat, a sender makes
	// and sends at once; 0: DefaultSendWorkers().
	Workers int
	// FaultBackoff is the wait before the attempt-th retry of a write the
	// disk refused; nil: Backoff.
	FaultBackoff func(attempt int) time.Duration
}

// An Office makes and sends the messages of the outbox rows of one
// database: it holds what every Sender and composer shares. Its methods
// are safe for concurrent use.
type Office struct {
	db           *store.DB
	cat          *texts.Catalog
	langs        []string
	now          func() time.Time
	rand         io.Reader
	picture      func(v referee.View, l Legend) ([]byte, error)
	replay       func(frames []render.Frame) ([]byte, error)
	log          *slog.Logger
	workers      int
	faultBackoff func(attempt int) time.Duration
	dropped      dropReport
}

// New makes an Office; it needs cfg.DB.
func New(cfg Config) *Office {
	o := &Office{db: cfg.DB, cat: cfg.Catalog, langs: cfg.Langs, now: cfg.Now, rand: cfg.Rand,
		picture: cfg.Picture, replay: cfg.Replay, log: cfg.Log, workers: cfg.Workers, faultBackoff: cfg.FaultBackoff}
	if o.cat == nil {
		o.cat = texts.DefaultCatalog
	}
	if len(o.langs) == 0 {
		o.langs = texts.Languages
	}
	if o.now == nil {
		o.now = time.Now
	}
	if o.rand == nil {
		o.rand = rand.Reader
	}
	if o.picture == nil {
		o.picture = Picture
	}
	if o.replay == nil {
		o.replay = ReplayGIF
	}
	if o.log == nil {
		o.log = slog.Default()
	}
	if o.workers <= 0 {
		o.workers = DefaultSendWorkers()
	}
	if o.faultBackoff == nil {
		o.faultBackoff = Backoff
	}
	return o
}
