package render

import (
	"fmt"
	"strings"
	"testing"

	"umpire/referee"
	"umpire/render/scene"
)

// The scenes of render/scene, replayed through the referee, drawn for
// each seat at a phone's width with a header in one of the three
// languages: goldens of the header, the check and mate marks and the two
// tinted moves in every variant, from each seat's side.

// sceneWords are a header's words in each language, as the bot's catalog
// has them; render only draws them.
var sceneWords = map[string]map[string]string{
	"en": {"white": "White", "black": "Black", "red": "Red", "move": "move %d", "you": "your move", "other": "%s to move", "over": "game over: %s"},
	"ru": {"white": "белые", "black": "чёрные", "red": "красные", "move": "ход %d", "you": "ваш ход", "other": "ход: %s", "over": "партия окончена: %s"},
	"eo": {"white": "Blankaj", "black": "Nigraj", "red": "Ruĝaj", "move": "movo %d", "you": "via movo", "other": "movas %s", "over": "ludo finita: %s"},
}

// sceneHeader words a view's header as the bot does.
func sceneHeader(lang string, game int, v referee.View, seats int) []string {
	w := sceneWords[lang]
	out := []string{fmt.Sprintf("#%d · %s", game, w[string(v.Seat)]), fmt.Sprintf(w["move"], v.Ply/seats+1)}
	switch {
	case v.Over():
		return append(out, fmt.Sprintf(w["over"], v.Result))
	case v.Turn == v.Seat:
		return append(out, w["you"])
	}
	return append(out, fmt.Sprintf(w["other"], w[string(v.Turn)]))
}

func sceneGoldens(t testing.TB) []golden {
	var gs []golden
	langs := []string{"en", "ru", "eo"}
	for i, sc := range scene.All() {
		g, err := sc.Play()
		if err != nil {
			t.Fatal(err)
		}
		lang := langs[i%len(langs)]
		for _, s := range sc.Seats {
			v := g.View(s)
			vr, _ := referee.Lookup(sc.Variant)
			o := Options{Size: 360, Beasts: vr.Beasts, Header: sceneHeader(lang, i+1, v, len(sc.Seats))}
			gs = append(gs, golden{"scene-" + sc.Name + "-" + string(s), v, o})
		}
	}
	return gs
}

// newMarks writes the marks of a view and the options a text board did
// not show before the header and the second tint, when there are any.
func newMarks(v referee.View, o Options) string {
	var b strings.Builder
	if len(o.Header) > 0 {
		fmt.Fprintf(&b, "header: %s\n", strings.Join(o.Header, " · "))
	}
	if len(v.Seen) > 0 {
		fmt.Fprintf(&b, "seen of the other side's move: %v\n", v.Seen)
	}
	if len(v.InCheck) > 0 {
		fmt.Fprintf(&b, "king in check: %v\n", v.InCheck)
	}
	if len(v.Mated) > 0 {
		fmt.Fprintf(&b, "king mated: %v\n", v.Mated)
	}
	if v.Taken != nil {
		fmt.Fprintf(&b, "taken where seen: %s %c by %q\n", v.Taken.Cell, v.Taken.Man, v.Taken.By)
	}
	return b.String()
}

// BenchmarkRenderPhone360 draws what a phone gets: Black's view of the
// dark chess scene at 360 pixels, with a header and the capture in words.
func BenchmarkRenderPhone360(b *testing.B) {
	var v referee.View
	for _, sc := range scene.All() {
		if sc.Name == "dark-capture" {
			g, err := sc.Play()
			if err != nil {
				b.Fatal(err)
			}
			v = g.View(referee.Black)
		}
	}
	o := Options{Size: 360, Header: sceneHeader("en", 5, v, 2), Caption: []string{"Your pawn on f7 was taken by a bishop."}}
	benchPNG(b, v, o)
}
