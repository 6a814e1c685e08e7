package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"umpire/bot/texts"
	"umpire/internal/cputime"
	"umpire/referee"
	"umpire/render"
)

// renderCommand is `umpire render`.
var renderCommand = command{"render", "draw a seat's view after a script: -variant KEY -seat SEAT [-rules R] [-fen FEN] [-size PX] [-lang L] [-o FILE] [-repeat N] < script; or -contact-sheet DIR", renderCmd}

// renderCmd plays a script as umpire referee does and writes the PNG of one
// seat's view after it (god and spectator are seats here too), with what
// that seat heard since its last move as the caption.
func renderCmd(ctx context.Context, args []string, e *env) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f refereeFlags
	f.register(fs)
	seat := fs.String("seat", "white", "whose view: a seat, god or spectator")
	size := fs.Int("size", 640, "picture width in pixels")
	lang := fs.String("lang", "en", "language of the caption: en, ru or eo")
	outPath := fs.String("o", "", "output file (default: standard output)")
	sheetDir := fs.String("contact-sheet", "", "instead: write DIR/contact-sheet.png, every scene of render/scene at 360 px, and DIR/picture-VARIANT.png")
	repeat := fs.Int("repeat", 0, "then draw the picture N times more and print the processor time per picture on standard error")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *sheetDir != "" {
		return contactSheet(*sheetDir)
	}
	v, g, err := f.newGame()
	if err != nil {
		return err
	}
	if !validSeat(v, referee.Seat(*seat)) {
		return fmt.Errorf("-seat %q: want one of %v, god or spectator", *seat, v.Seats)
	}
	if err := playScript(e.stdin, g, f.notation, func(referee.Played) error { return nil }); err != nil {
		return err
	}
	view := g.View(referee.Seat(*seat))
	o := render.Options{Size: *size, Caption: caption(view, *lang), Beasts: v.Beasts,
		Header: texts.DefaultCatalog.PictureHeader(*lang, 1, view)}
	png, err := render.PNG(view, o)
	if err != nil {
		return fmt.Errorf("-size or view: %w", err)
	}
	if *repeat > 0 {
		timeRepeats(e.stderr, view, o, *repeat, len(png))
	}
	return writeOut(e.stdout, *outPath, png)
}

// timeRepeats draws the picture n times and prints the processor time
// each took, as shared/peers/picture.py prints it for its pictures.
func timeRepeats(w io.Writer, v referee.View, o render.Options, n, bytes int) {
	start, ok := cputime.Used()
	for range n {
		if _, err := render.PNG(v, o); err != nil {
			fmt.Fprintf(w, "umpire render: %v\n", err)
			return
		}
	}
	end, ok2 := cputime.Used()
	if !ok || !ok2 {
		fmt.Fprintln(w, "umpire render: the processor time is not known here")
		return
	}
	ms := float64(end-start) / float64(n) / 1e6
	fmt.Fprintf(w, "umpire render: %.2f ms of processor time per %d px picture, %d bytes\n", ms, o.Size, bytes)
}

// caption is what the seat heard since its last move, in its language.
func caption(v referee.View, lang string) []string {
	var lines []string
	for _, a := range v.Said {
		lines = append(lines, texts.DefaultCatalog.Announcement(lang, a, v.Seat))
	}
	return lines
}

func validSeat(v *referee.Variant, s referee.Seat) bool {
	if s == referee.God || s == referee.Spectator {
		return true
	}
	for _, x := range v.Seats {
		if x == s {
			return true
		}
	}
	return false
}

// writeOut writes data to path, or to w when path is empty.
func writeOut(w io.Writer, path string, data []byte) error {
	if path == "" {
		_, err := w.Write(data)
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
