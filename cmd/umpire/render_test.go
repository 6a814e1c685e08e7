package main

import (
	"bytes"
	"image/png"
	"testing"
)

// umpire render plays the script and writes a PNG of the asked seat's view.
func TestRenderCommand(t *testing.T) {
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
