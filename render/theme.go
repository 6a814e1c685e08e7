package render

import (
	"image/color"
	"sync"
)

// The colours of every picture. A key colour's palette index is its constant;
// the palette continues with ramps between the pairs of colours that meet at
// the anti-aliased edges of men, letters and markers.
const (
	cLight        = iota // light square
	cDark                // dark square
	cThird               // a third square colour, for boards that need one
	cLightMove           // light square of the seat's last move
	cDarkMove            // dark square of the seat's last move
	cFogLight            // fog over a light square …
	cFogLightLine        // … and its hatching
	cFogDark             // fog over a dark square …
	cFogDarkLine         // … and its hatching
	cFrame               // the frame around the board, under the labels
	cCaption             // the caption strip
	cBlack               // ink of the white men; body of the black men
	cWhite               // body of the white men; lines of the black men
	cLabel               // file and rank labels
	cText                // caption text
	cRed                 // a man of the seat was taken or vanished here; the mine
	cCheck               // a check comes from here
	cGold                // the crown
	cTeal                // a growing pawn's badges
	cMoveLine            // the last move on a fogged square
	cVermilion           // body of the third army's men (three-player chess)
	cNeutral             // the badge of a neutral army's men
	cLightSeen           // light square of what the seat saw of the other side's last move
	cDarkSeen            // dark square of it
	cSeenLine            // that move on a fogged square
	nKeys
)

var keyColours = [nKeys]color.RGBA{
	cLight:        rgb(0xf0d9b5),
	cDark:         rgb(0xb58863),
	cThird:        rgb(0xd9b38c),
	cLightMove:    rgb(0xcdd26a),
	cDarkMove:     rgb(0xaaa23a),
	cFogLight:     rgb(0x8e99a6),
	cFogLightLine: rgb(0xaab3bd),
	cFogDark:      rgb(0x6d7885),
	cFogDarkLine:  rgb(0x87919c),
	cFrame:        rgb(0x302e2b),
	cCaption:      rgb(0x262421),
	cBlack:        rgb(0x141414),
	cWhite:        rgb(0xffffff),
	cLabel:        rgb(0xd8cfc0),
	cText:         rgb(0xf3efe8),
	cRed:          rgb(0xe0201b),
	cCheck:        rgb(0xff8c00),
	cGold:         rgb(0xffc82e),
	cTeal:         rgb(0x12867a),
	cMoveLine:     rgb(0xdde25a),
	cVermilion:    rgb(0xd55e00), // Okabe and Ito's vermilion: apart from white and black for every eye
	cNeutral:      rgb(0x8a8a8a),
	cLightSeen:    rgb(0xa9cbe6), // blue, apart from the own move's yellow for every eye
	cDarkSeen:     rgb(0x6f9cc4),
	cSeenLine:     rgb(0x8fd0ff),
}

// Inks are the colours drawn through an anti-aliased mask; each has a slot
// in the mixing table.
var inks = [...]uint8{cBlack, cWhite, cLabel, cText, cRed, cCheck, cGold, cTeal, cMoveLine, cVermilion, cNeutral, cSeenLine}

// The palette holds, between an ink and each colour it is drawn over, the
// blends for a quarter, half and three quarters coverage: masks are
// quantized to quarters, which keeps edges smooth and pictures small.
const coverSteps = 3

// ramp asks for the blends between two key colours.
type ramp struct{ a, b uint8 }

var boardShades = []uint8{cLight, cDark, cLightMove, cDarkMove, cLightSeen, cDarkSeen, cFogLight, cFogLightLine, cFogDark, cFogDarkLine}

func ramps() []ramp {
	var rs []ramp
	over := func(ink uint8, bgs ...uint8) {
		for _, bg := range bgs {
			rs = append(rs, ramp{ink, bg})
		}
	}
	over(cBlack, boardShades...)
	over(cWhite, boardShades...)
	over(cBlack, cWhite, cThird)
	over(cWhite, cThird, cTeal)
	over(cLabel, cFrame)
	over(cText, cCaption)
	over(cRed, cLight, cDark, cFogLight, cFogDark, cFogLightLine, cFogDarkLine, cBlack, cWhite, cLightMove, cDarkMove)
	over(cCheck, cLight, cDark, cLightMove, cDarkMove, cLightSeen, cDarkSeen, cFogLight, cFogDark, cFogLightLine, cFogDarkLine)
	over(cRed, cLightSeen, cDarkSeen, cCheck)
	over(cBlack, cCheck, cRed)
	over(cWhite, cCheck, cRed)
	over(cGold, cLight, cDark, cLightMove, cDarkMove, cBlack, cWhite)
	over(cTeal, cLight, cDark, cLightMove, cDarkMove, cBlack, cWhite)
	over(cMoveLine, cFogLight, cFogDark, cFogLightLine, cFogDarkLine)
	over(cSeenLine, cFogLight, cFogDark, cFogLightLine, cFogDarkLine)
	over(cVermilion, cBlack)
	over(cWhite, cVermilion, cNeutral)
	over(cBlack, cVermilion)
	over(cNeutral, cBlack)
	return rs
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

var (
	paletteOnce sync.Once
	thePalette  color.Palette
	// mixTable[slot][dst][q] is the palette index of ink slot drawn over
	// palette colour dst with coverage q/coverSteps.
	mixTable [len(inks)][256][coverSteps + 1]uint8
)

// palette returns the fixed palette of every picture, building it and the
// mixing table on first use. It is safe for concurrent use.
func palette() color.Palette {
	paletteOnce.Do(buildPalette)
	return thePalette
}

func buildPalette() {
	p := make(color.Palette, 0, 256)
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] {
			seen[c] = true
			p = append(p, c)
		}
	}
	for _, c := range keyColours {
		p = append(p, c) // keys keep their indexes even if two were equal
		seen[c] = true
	}
	for _, r := range ramps() {
		for i := 1; i < coverSteps; i++ {
			add(blend(keyColours[r.b], keyColours[r.a], float64(i)/coverSteps))
		}
	}
	if len(p) > 256 {
		panic("render: palette holds more than 256 colours")
	}
	thePalette = p
	for s, ink := range inks {
		for d := range p {
			for q := 0; q <= coverSteps; q++ {
				t := float64(q) / coverSteps
				mixTable[s][d][q] = nearest(p, blend(p[d].(color.RGBA), keyColours[ink], t))
			}
		}
	}
}

// blend returns a*(1-t) + b*t.
func blend(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}

func nearest(p color.Palette, c color.RGBA) uint8 {
	best, bestD := 0, 1<<62
	for i, q := range p {
		e := q.(color.RGBA)
		dr, dg, db := int(c.R)-int(e.R), int(c.G)-int(e.G), int(c.B)-int(e.B)
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
