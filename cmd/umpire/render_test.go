package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"umpire/referee"
)

// umpire render plays the script and writes a PNG of the asked seat's view.
func TestRenderCommand(t *testing.T) {
	t.Parallel()
	script := "white e2e4\nblack d7d5\nwhite e4d5\nblack d8d5\n"
	for _, seat := range []string{"white", "black", "god", "spectator"} {
		out := runCmd(t, script, "render", "-variant", "dark", "-seat", seat, "-size", "320")
		img, err := png.Decode(bytes.NewReader([]byte(out)))
		if err != nil {
			t.Fatalf("render -seat %s: %v", seat, err)
		}
		if w := img.Bounds().Dx(); w != 320 {
			t.Errorf("render -seat %s: width %d; want 320", seat, w)
		}
	}
	var errs bytes.Buffer
	if err := run(t.Context(), []string{"render", "-variant", "dark", "-seat", "red"}, bytes.NewReader(nil), &bytes.Buffer{}, &errs, func(string) string { return "" }); err == nil {
		t.Error("render -seat red in dark: no error")
	}
}

// umpire render -repeat draws the picture again and says what each took.
func TestRenderRepeat(t *testing.T) {
	script := "white e2e4\nblack d7d5\nwhite e4d5\nblack d8d5\n"
	var out, errs bytes.Buffer
	args := []string{"render", "-variant", "chess", "-seat", "white", "-size", "320", "-repeat", "3"}
	if err := run(t.Context(), args, strings.NewReader(script), &out, &errs, func(string) string { return "" }); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&out); err != nil {
		t.Fatalf("render -repeat: %v", err)
	}
	if !strings.Contains(errs.String(), "per 320 px picture") {
		t.Errorf("render -repeat said %q; want the time per picture", errs.String())
	}
}

// umpire render -contact-sheet writes the sheet and one picture per
// variant, every one at a phone's width.
func TestRenderContactSheet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	runCmd(t, "", "render", "-contact-sheet", dir)
	for _, v := range referee.Variants() {
		img := decodeFile(t, filepath.Join(dir, "picture-"+v.Key+".png"))
		if w := img.Bounds().Dx(); w != contactSize {
			t.Errorf("picture-%s.png: width %d; want %d", v.Key, w, contactSize)
		}
	}
	if w := decodeFile(t, filepath.Join(dir, "contact-sheet.png")).Bounds().Dx(); w < 2*contactSize {
		t.Errorf("contact sheet: width %d; want at least two pictures a row", w)
	}
}

func decodeFile(t *testing.T, path string) image.Image {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
