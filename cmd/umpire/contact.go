package main

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"

	"umpire/bot/texts"
	"umpire/referee"
	"umpire/render"
	"umpire/render/scene"
)

// The contact sheet: every scene of render/scene, each seat's view, drawn
// as the bot draws it (header and caption from its catalog) at a phone's
// width, in rows of one scene each. Beside it, one picture per variant
// for the README (the scene's Show seat, in English).
//
//	umpire render -contact-sheet docs

// contactSize is the width of every picture on the sheet: a phone's.
const contactSize = 360

// contactGap is the space between pictures on the sheet, in pixels.
const contactGap = 12

// contactSheet writes dir/contact-sheet.png and dir/picture-VARIANT.png.
// Scenes go round the catalog's languages, so the sheet shows all three.
func contactSheet(dir string) error {
	var rows [][]*image.Paletted
	for i, sc := range scene.All() {
		g, err := sc.Play()
		if err != nil {
			return err
		}
		lang := texts.Languages[i%len(texts.Languages)]
		var row []*image.Paletted
		for _, s := range sc.Seats {
			img, err := scenePicture(g.View(s), uint64(i+1), lang, sc.Variant)
			if err != nil {
				return fmt.Errorf("scene %s, %s: %w", sc.Name, s, err)
			}
			row = append(row, img)
		}
		rows = append(rows, row)
		if sc.Show != "" {
			img, err := scenePicture(g.View(sc.Show), uint64(i+1), "en", sc.Variant)
			if err != nil {
				return err
			}
			if err := writePNG(filepath.Join(dir, "picture-"+sc.Variant+".png"), img); err != nil {
				return err
			}
		}
	}
	return writePNG(filepath.Join(dir, "contact-sheet.png"), sheet(rows))
}

// scenePicture draws a view as the bot would send it to the seat: the
// header, what the seat heard and a capture it saw.
func scenePicture(v referee.View, game uint64, lang, variant string) (*image.Paletted, error) {
	words := caption(v, lang)
	if t := texts.DefaultCatalog.Taken(lang, v.Taken); t != "" {
		words = append(words, t)
	}
	vr, _ := referee.Lookup(variant)
	return render.Image(v, render.Options{Size: contactSize, Beasts: vr != nil && vr.Beasts,
		Header: texts.DefaultCatalog.PictureHeader(lang, game, v), Caption: words})
}

// sheet lays rows of pictures out on one picture, on the pictures' own
// palette and background.
func sheet(rows [][]*image.Paletted) *image.Paletted {
	w, h := 0, contactGap
	for _, row := range rows {
		w = max(w, contactGap+len(row)*(contactSize+contactGap))
		h += rowHeight(row) + contactGap
	}
	first := rows[0][0]
	out := image.NewPaletted(image.Rect(0, 0, w, h), first.Palette)
	for i := range out.Pix {
		out.Pix[i] = first.Pix[0] // the header strip's colour
	}
	y := contactGap
	for _, row := range rows {
		for i, img := range row {
			at := image.Pt(contactGap+i*(contactSize+contactGap), y)
			for r := range img.Rect.Dy() {
				copy(out.Pix[out.PixOffset(at.X, at.Y+r):], img.Pix[img.PixOffset(0, r):img.PixOffset(img.Rect.Dx(), r)])
			}
		}
		y += rowHeight(row) + contactGap
	}
	return out
}

func rowHeight(row []*image.Paletted) int {
	h := 0
	for _, img := range row {
		h = max(h, img.Rect.Dy())
	}
	return h
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
