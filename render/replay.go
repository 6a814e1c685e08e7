package render

import (
	"errors"
	"image"
	"image/color"
	"image/gif"
	"io"
	"runtime"
	"sync"

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
	Size   int  // the width of one view's panel, MinSize to MaxSize; 0: 240
	Delay  int  // how long a frame shows, in hundredths of a second; 0: 150
	Beasts bool // as Options.Beasts
}

// DefaultReplaySize is the width of a replay's panels, and so of the
// replay: a phone's.
const DefaultReplaySize = 360

// gap is the height of the band between two panels.
const gap = 4

// GIF draws frames as an animated GIF that loops: the first frame whole,
// every later one as the pixels that changed (the rest transparent), so
// that a game of 80 plies stays small. It fails on the first view that
// cannot be drawn, or when there are no frames.
func GIF(w io.Writer, frames []Frame, o ReplayOptions) error {
	imgs, err := ReplayFrames(frames, o)
	if err != nil {
		return err
	}
	delay := o.Delay
	if delay <= 0 {
		delay = 150
	}
	g := &gif.GIF{Config: image.Config{ColorModel: imgs[0].Palette, Width: imgs[0].Rect.Dx(), Height: imgs[0].Rect.Dy()}}
	for i, img := range imgs {
		if i > 0 {
			img = changed(imgs[i-1], img)
		}
		g.Image = append(g.Image, img)
		g.Delay = append(g.Delay, delay)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
	}
	g.Delay[len(g.Delay)-1] = 4 * delay
	return gif.EncodeAll(w, g)
}

// ReplayFrames draws each frame whole, as a viewer of the GIF sees it: the
// panels one above the other on one picture, all frames of one size (the
// tallest frame's), on render's palette with one more entry, transparent, that
// GIF uses for what did not change.
func ReplayFrames(frames []Frame, o ReplayOptions) ([]*image.Paletted, error) {
	if len(frames) == 0 {
		return nil, errorf("a replay needs a frame")
	}
	for i, f := range frames {
		if len(f.Views) == 0 {
			return nil, errorf("frame %d of the replay has no view", i)
		}
	}
	size := o.Size
	if size == 0 {
		size = DefaultReplaySize
	}
	panels, err := drawPanels(frames, Options{Size: size, Beasts: o.Beasts})
	if err != nil {
		return nil, err
	}
	width, height := size, 0
	for _, ps := range panels {
		h := -gap
		for _, img := range ps {
			h += img.Rect.Dy() + gap
		}
		height = max(height, h)
	}
	if len(panels[0][0].Palette) > 255 {
		return nil, errorf("no palette entry left for transparency")
	}
	pal := append(append(color.Palette{}, panels[0][0].Palette...), color.RGBA{})
	out := make([]*image.Paletted, len(frames))
	for i, ps := range panels {
		out[i] = stacked(ps, pal, width, height)
	}
	return out, nil
}

// drawPanels draws every view of every frame under its caption, on as
// many processors as there are (Image is safe for concurrent use).
func drawPanels(frames []Frame, o Options) ([][]*image.Paletted, error) {
	panels := make([][]*image.Paletted, len(frames))
	errs := make([]error, len(frames))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				panels[i], errs[i] = drawFrame(frames[i], o)
			}
		}()
	}
	for i := range frames {
		next <- i
	}
	close(next)
	wg.Wait()
	return panels, errors.Join(errs...)
}

// drawFrame draws the views of one frame, each under its caption.
func drawFrame(f Frame, o Options) ([]*image.Paletted, error) {
	var out []*image.Paletted
	for j, v := range f.Views {
		o.Caption = nil
		if j < len(f.Captions) {
			o.Caption = f.Captions[j]
		}
		img, err := Image(v, o)
		if err != nil {
			return nil, err
		}
		out = append(out, img)
	}
	return out, nil
}

// stacked puts panels on a picture of width × height, one above the
// other, gap apart, on the colour of the first panel's bottom-left pixel
// (the caption strip's). The panels share render's palette, so their
// indexes copy as they are.
func stacked(panels []*image.Paletted, pal color.Palette, width, height int) *image.Paletted {
	dst := image.NewPaletted(image.Rect(0, 0, width, height), pal)
	first := panels[0]
	bg := first.Pix[first.PixOffset(0, first.Rect.Dy()-1)]
	for i := range dst.Pix {
		dst.Pix[i] = bg
	}
	y0 := 0
	for _, p := range panels {
		for y := 0; y < p.Rect.Dy() && y0+y < height; y++ {
			row := p.Pix[p.PixOffset(p.Rect.Min.X, p.Rect.Min.Y+y):][:min(p.Rect.Dx(), width)]
			copy(dst.Pix[dst.PixOffset(0, y0+y):], row)
		}
		y0 += p.Rect.Dy() + gap
	}
	return dst
}

// changed is next as a GIF frame drawn over prev: the smallest rectangle
// holding every pixel that differs, with the pixels that do not differ
// transparent (the palette's last entry). A frame equal to prev is one
// transparent pixel.
func changed(prev, next *image.Paletted) *image.Paletted {
	clear := uint8(len(next.Palette) - 1)
	r := image.Rectangle{}
	w := next.Rect.Dx()
	for y := 0; y < next.Rect.Dy(); y++ {
		a, b := prev.Pix[y*prev.Stride:][:w], next.Pix[y*next.Stride:][:w]
		for x := 0; x < w; x++ {
			if a[x] != b[x] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if r.Empty() {
		r = image.Rect(0, 0, 1, 1)
	}
	out := image.NewPaletted(r, next.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := y*next.Stride + x
			if prev.Pix[i] == next.Pix[i] {
				out.Pix[out.PixOffset(x, y)] = clear
			} else {
				out.Pix[out.PixOffset(x, y)] = next.Pix[i]
			}
		}
	}
	return out
}
