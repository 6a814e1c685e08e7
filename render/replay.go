package render

import (
	"bytes"
	"image"
	"image/color"
	"io"

	"umpire/referee"
)

// A Frame is one ply of a replay: views drawn one above the other, top to
// bottom (each seat's and the god's, say), with Captions[i] under
// Views[i], so that every board is as wide as the frame: a phone that
// shows the GIF 360 pixels wide shows each board nearly that wide. The
// replay draws only the views it is given: a replay of a game in play must
// not be given the god's view.
type Frame struct {
	Views    []referee.View
	Captions [][]string
}

// ReplayOptions say how to draw a replay. The zero value draws panels 360
// pixels wide (a phone's width), each frame shown for 1.5 s and the last for 6 s.
type ReplayOptions struct {
	Size   int  // the width of one view's panel, MinSize to MaxSize; 0: DefaultReplaySize
	Delay  int  // how long a frame shows, in hundredths of a second; 0: 150
	Beasts bool // as Options.Beasts
}

// DefaultReplaySize is the width of a replay's panels, and so of the
// replay: a phone's.
const DefaultReplaySize = 360

// gap is the height of the band between two panels.
const gap = 4

// GIF draws frames as an animated GIF that loops: the first frame whole,
// every later one as the rectangle of pixels that changed, those that did
// not transparent, so that a game of 80 plies stays small. The frames are
// drawn and written one at a time: a replay holds two frames' pictures
// whatever its length. Each view has a place of its own, as tall as its
// tallest panel, so that a caption growing by a line moves nothing under
// it. It fails on the first view that cannot be drawn, or when there are
// no frames.
func GIF(w io.Writer, frames []Frame, o ReplayOptions) error {
	r, err := newReplay(frames, o)
	if err != nil {
		return err
	}
	delay := o.Delay
	if delay <= 0 {
		delay = 150
	}
	g := newGIFWriter(w, r.size, r.pal, r.clear)
	cur, prev := r.picture(), r.picture()
	for i := range r.panels {
		r.draw(i, cur)
		if i == len(r.panels)-1 {
			delay *= 4
		}
		if i == 0 {
			g.frame(cur, nil, cur.Rect, delay)
		} else {
			g.frame(cur, prev, changed(prev, cur), delay)
		}
		cur, prev = prev, cur
	}
	return g.end()
}

// ReplayFrames draws each frame whole, as a viewer of the GIF sees it: the
// panels one above the other on one picture, all frames of one size, on
// render's palette with one more entry, transparent, that GIF uses for
// what did not change. It holds every frame at once; GIF does not.
func ReplayFrames(frames []Frame, o ReplayOptions) ([]*image.Paletted, error) {
	r, err := newReplay(frames, o)
	if err != nil {
		return nil, err
	}
	out := make([]*image.Paletted, len(frames))
	for i := range out {
		out[i] = r.picture()
		r.draw(i, out[i])
	}
	return out, nil
}

// replay is a replay laid out: every panel prepared, and where each view's
// panel goes.
type replay struct {
	panels [][]*drawing // by frame, then by view
	tops   []int        // by view: the top of its place
	size   image.Point
	pal    color.Palette // render's, and a transparent entry
	clear  uint8         // the transparent entry
	bg     uint8         // the bands between places
}

// newReplay checks the frames and lays the replay out: each view's place
// as tall as its tallest panel, gap apart.
func newReplay(frames []Frame, o ReplayOptions) (*replay, error) {
	if len(frames) == 0 {
		return nil, errorf("a replay needs a frame")
	}
	size := o.Size
	if size == 0 {
		size = DefaultReplaySize
	}
	r := &replay{panels: make([][]*drawing, len(frames))}
	var heights []int
	for i, f := range frames {
		if len(f.Views) == 0 {
			return nil, errorf("frame %d of the replay has no view", i)
		}
		for j, v := range f.Views {
			po := Options{Size: size, Beasts: o.Beasts}
			if j < len(f.Captions) {
				po.Caption = f.Captions[j]
			}
			d, err := prepare(v, po)
			if err != nil {
				return nil, err
			}
			r.panels[i] = append(r.panels[i], d)
			if j == len(heights) {
				heights = append(heights, 0)
			}
			heights[j] = max(heights[j], d.bounds().Dy())
		}
	}
	if len(palette()) > 255 {
		return nil, errorf("no palette entry left for transparency")
	}
	r.pal = append(append(color.Palette{}, palette()...), color.RGBA{})
	r.clear = uint8(len(r.pal) - 1)
	for _, h := range heights {
		r.tops = append(r.tops, r.size.Y)
		r.size.Y += h + gap
	}
	r.size = image.Pt(size, r.size.Y-gap)
	r.bg = r.panels[0][0].bottomLeft()
	return r, nil
}

// picture is a new picture of the replay's size.
func (r *replay) picture() *image.Paletted {
	return image.NewPaletted(image.Rectangle{Max: r.size}, r.pal)
}

// draw draws frame i on img, a picture of the replay's: each panel in its
// place, the rest of the place in the colour of the panel's lower left
// corner (its caption strip's), the bands between places and any place
// the frame has no view for in the first panel's.
func (r *replay) draw(i int, img *image.Paletted) {
	c := canvas{img}
	for j, top := range r.tops {
		end := r.size.Y
		if j+1 < len(r.tops) {
			end = r.tops[j+1] - gap
			c.fill(image.Rect(0, end, r.size.X, end+gap), r.bg)
		}
		if j >= len(r.panels[i]) {
			c.fill(image.Rect(0, top, r.size.X, end), r.bg)
			continue
		}
		d := r.panels[i][j]
		h := d.bounds().Dy()
		panel := &image.Paletted{Pix: img.Pix[top*img.Stride:], Stride: img.Stride,
			Rect: image.Rect(0, 0, r.size.X, h), Palette: img.Palette}
		d.drawOn(panel)
		c.fill(image.Rect(0, top+h, r.size.X, end), panel.Pix[panel.PixOffset(0, h-1)])
	}
}

// bottomLeft is the colour of the lower left pixel of d's picture: its
// caption strip's, or its board's frame.
func (d *drawing) bottomLeft() uint8 {
	img := pictures.get(d.bounds())
	defer pictures.put(img)
	d.drawOn(img)
	return img.Pix[img.PixOffset(0, img.Rect.Dy()-1)]
}

// changed is the smallest rectangle holding every pixel where next differs
// from prev, or a single pixel when none does.
func changed(prev, next *image.Paletted) image.Rectangle {
	var r image.Rectangle
	w := next.Rect.Dx()
	for y := range next.Rect.Dy() {
		a, b := prev.Pix[y*prev.Stride:][:w], next.Pix[y*next.Stride:][:w]
		if bytes.Equal(a, b) {
			continue
		}
		x0, x1 := 0, w
		for a[x0] == b[x0] {
			x0++
		}
		for a[x1-1] == b[x1-1] {
			x1--
		}
		r = r.Union(image.Rect(x0, y, x1, y+1))
	}
	if r.Empty() {
		return image.Rect(0, 0, 1, 1)
	}
	return r
}
