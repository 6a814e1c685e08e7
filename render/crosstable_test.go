package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"strconv"
	"testing"

	"umpire/internal/cputime"
)

// sampleTable is a crosstable of n players named from names.
func sampleTable(n int, names ...string) Table {
	t := Table{Title: "Турнир 1 (Корона): таблица после 5 из 6 партий", Header: []string{"#", "Игрок"}, Left: []int{1}}
	for i := range n {
		t.Header = append(t.Header, strconv.Itoa(i+1))
	}
	t.Header = append(t.Header, "Очки", "Бергер")
	for i := range n {
		row := []string{strconv.Itoa(i + 1), names[i%len(names)]}
		for j := range n {
			cell := "1 ½"
			if i == j {
				cell = ""
				t.Shade = append(t.Shade, [2]int{i, j + 2})
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, append(row, "2½", "3.25"))
	}
	return t
}

func decodeTable(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestTablePNG(t *testing.T) {
	tb := sampleTable(4, "Ёжик Иванов", "Ĉiu Ŝanĝo", "Ann", "Борис")
	b, err := TablePNG(tb)
	if err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv("UMPIRE_TABLE_SAMPLE"); out != "" {
		os.WriteFile(out, b, 0o644)
	}
	img := decodeTable(t, b)
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w < minTableWidth || w > maxTableWidth || h < 5*tablePx {
		t.Errorf("size %dx%d", w, h)
	}
	again, _ := TablePNG(tb)
	if !bytes.Equal(b, again) {
		t.Error("the same table drew two pictures")
	}
	wide, err := TablePNG(sampleTable(16, "Александра Константиновна Преображенская"))
	if err != nil {
		t.Fatal(err)
	}
	if w := decodeTable(t, wide).Bounds().Dx(); w != maxTableWidth {
		t.Errorf("a 16-player table is %d wide, want the cap %d", w, maxTableWidth)
	}
}

// Every letter of Russian and Esperanto names draws: the cell of each is
// not the bare background.
func TestTableGlyphs(t *testing.T) {
	for _, name := range []string{"Ёжик", "Ĉiu Ŝanĝo ĥĵŭ", "Щука"} {
		f := fonts()
		for _, r := range name {
			if r != ' ' && !has(f.text, r) {
				t.Errorf("no glyph for %q", r)
			}
		}
	}
}

func TestTableErrors(t *testing.T) {
	if _, err := TablePNG(Table{Header: []string{"a", "b"}, Rows: [][]string{{"1"}}}); err == nil {
		t.Error("a short row drew")
	}
	big := Table{Header: []string{"a"}}
	for i := range 41 {
		big.Rows = append(big.Rows, []string{fmt.Sprint(i)})
	}
	if _, err := TablePNG(big); err == nil {
		t.Error("41 rows drew")
	}
	if _, err := TablePNG(Table{}); err == nil {
		t.Error("no columns drew")
	}
}

func BenchmarkTablePNG16(b *testing.B) {
	tb := sampleTable(16, "Ann", "Борис", "Ĉiu")
	start, cpuOK := cputime.Used()
	for b.Loop() {
		if _, err := TablePNG(tb); err != nil {
			b.Fatal(err)
		}
	}
	if end, ok := cputime.Used(); ok && cpuOK {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
