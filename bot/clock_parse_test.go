package bot

import (
	"reflect"
	"testing"
	"time"
	"umpire/bot/clock"
	"umpire/bot/post"
	"umpire/bot/texts"
	"umpire/store"
)

var clockTests = []struct {
	word   string
	want   time.Duration
	isWord bool
	bad    bool
}{
	{"3d", 3 * 24 * time.Hour, true, false},
	{"14D", 14 * 24 * time.Hour, true, false},
	{"12h", 12 * time.Hour, true, false},
	{"3д", 3 * 24 * time.Hour, true, false},
	{"12ч", 12 * time.Hour, true, false},
	{"5t", 5 * 24 * time.Hour, true, false},
	{"15d", 0, true, true},
	{"0h", 0, true, true},
	{"99999999999999999999d", 0, true, true},
	{"30m", 0, false, false},
	{"d", 0, false, false},
	{"white", 0, false, false},
	{"wild16", 0, false, false},
	{"1d@21:00", 24 * time.Hour, true, false},
	{"2д@9:30", 2 * 24 * time.Hour, true, false},
	{"1d@21", 24 * time.Hour, true, false},
	{"12h@21:00", 0, true, true},   // a fixed hour goes with whole days
	{"1d+1h@21:00", 0, true, true}, // and no increment
	{"1d@25:00", 0, true, true},
	{"1d@21:0", 0, true, true},
}

func TestReadClock(t *testing.T) {
	t.Parallel()
	for _, tt := range clockTests {
		c, ok, err := readControl(tt.word)
		d := c.Clock
		if d != tt.want || ok != tt.isWord || (err != nil) != tt.bad {
			t.Errorf("readControl(%q) = %v, %v, %v; want %v, %v, error %v", tt.word, d, ok, err, tt.want, tt.isWord, tt.bad)
		}
	}
}

// FuzzReadClock: a control read is within bounds; a word that is no
// control has no error.
func FuzzReadClock(f *testing.F) {
	for _, tt := range clockTests {
		f.Add(tt.word)
	}
	f.Fuzz(func(t *testing.T, word string) {
		c, ok, err := readControl(word)
		d := c.Clock
		if err != nil {
			d = 0
		}
		switch {
		case !ok && (err != nil || d != 0):
			t.Errorf("readControl(%q) = %v, %v, %v for no control", word, d, ok, err)
		case ok && err == nil && (d < clock.Min || d > clock.Max):
			t.Errorf("readControl(%q) = %v out of bounds", word, d)
		}
	})
}

func TestSpan(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		24 * time.Hour: "span.d d=1", 51 * time.Hour: "span.dh d=2 h=3", 6 * time.Hour: "span.h h=6",
		90 * time.Minute: "span.hm h=1 m=30", 10 * time.Second: "span.m m=1", 0: "span.m m=1",
	} {
		n := post.Span(d)
		got := n.ID
		for _, k := range []string{"d", "h", "m"} {
			if v, ok := n.Args[k]; ok {
				got += " " + k + "=" + v
			}
		}
		if got != want {
			t.Errorf("span(%v) = %s; want %s", d, got, want)
		}
	}
}

// TestReadNewPace: the pace's words of new, in every language, and the
// mistakes: a pace without a clock, extensions out of bounds.
func TestReadNewPace(t *testing.T) {
	t.Parallel()
	cat := texts.DefaultCatalog
	for _, tt := range []struct {
		args []string
		want store.Pace
		bad  bool
	}{
		{[]string{"dark", "1d@21:00", "ext2", "cd"}, store.Pace{At: "21:00", Ext: 2, Disorder: true}, false},
		{[]string{"triad", "1д@9:30", "отср3", "беспорядок"}, store.Pace{At: "09:30", Ext: 3, Disorder: true}, false},
		{[]string{"dark", "2t", "prok1", "malordo"}, store.Pace{Ext: 1, Disorder: true}, false},
		{[]string{"dark", "ext2"}, store.Pace{}, true},
		{[]string{"dark", "1d", "ext4"}, store.Pace{}, true},
		{[]string{"dark", "1d", "ext0"}, store.Pace{}, true},
	} {
		spec, err := readNew(cat, tt.args)
		if (err != nil) != tt.bad || err == nil && !reflect.DeepEqual(spec.pace, tt.want) {
			t.Errorf("readNew(%q) = %+v, %v; want %+v (mistake %v)", tt.args, spec.pace, err, tt.want, tt.bad)
		}
	}
}
