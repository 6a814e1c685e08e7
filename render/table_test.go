package render

import (
	"bytes"
	"image"
	"strings"
	"testing"
)

// These add to crosstable_test.go, which holds the table's sample,
// size, determinism, error and benchmark tests.

// tableDiff counts the pixels where a and b differ in colour, and gives
// the box that holds them.
func tableDiff(t *testing.T, a, b []byte) (int, image.Rectangle) {
	t.Helper()
	ia, ib := decodeTable(t, a), decodeTable(t, b)
	if ia.Bounds() != ib.Bounds() {
		t.Fatalf("sizes differ: %v, %v", ia.Bounds(), ib.Bounds())
	}
	n, box := 0, image.Rectangle{}
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			if ia.At(x, y) != ib.At(x, y) {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return n, box
}

// Every letter of a Cyrillic or Esperanto name is in the text font (not
// the .notdef box) and draws ink in its cell: the picture with the letter
// differs from the same picture with the cell empty.
func TestTableNameInk(t *testing.T) {
	draw := func(name string) []byte {
		t.Helper()
		// The third row's long name keeps the column, so the picture's size, the same.
		tb := sampleTable(3, "Ann", "Ann", "Александра Константиновна")
		tb.Rows[1][1] = name
		return mustTable(t, tb)
	}
	empty := draw("")
	for _, name := range []string{"Ёжик Иванов", "Ĉiu Ŝanĝo", "ĉĝĥĵŝŭ ĈĜĤĴŜŬ", "Щука Эльза"} {
		if n, _ := tableDiff(t, empty, draw(name)); n < 20*len([]rune(name)) {
			t.Errorf("%q drew %d pixels", name, n)
		}
		for _, r := range name {
			if r == ' ' {
				continue
			}
			if !has(fonts().text, r) {
				t.Errorf("the text font has no %q", r)
			}
			if n, _ := tableDiff(t, empty, draw(string(r))); n == 0 {
				t.Errorf("%q drew nothing", r)
			}
		}
	}
}

// A table is as wide as its columns need, from the least width to the cap.
func TestTableWidthGrows(t *testing.T) {
	width := func(tb Table) int {
		t.Helper()
		return decodeTable(t, mustTable(t, tb)).Bounds().Dx()
	}
	if w := width(Table{Header: []string{"#"}}); w != minTableWidth {
		t.Errorf("a one-column table is %d wide, want %d", w, minTableWidth)
	}
	last := 0
	for n := 2; n <= 20; n += 2 {
		w := width(sampleTable(n, "Ёжик Иванов", "Ĉiu Ŝanĝo"))
		if w < last || w < minTableWidth || w > maxTableWidth {
			t.Errorf("%d players: %d wide after %d", n, w, last)
		}
		last = w
	}
	if first := width(sampleTable(2, "Ann")); last <= first || last != maxTableWidth {
		t.Errorf("2 players %d wide, 20 players %d: want wider, up to the cap %d", first, last, maxTableWidth)
	}
	long := width(sampleTable(2, strings.Repeat("Ŝ", 200)))
	if long != maxTableWidth {
		t.Errorf("a 200-letter name gives %d, want the cap %d", long, maxTableWidth)
	}
}

// A cell too wide for the cap is cut with "…" inside its column: a long
// name draws nothing over the columns right of it.
func TestTableLongNameCut(t *testing.T) {
	tb := sampleTable(2, strings.Repeat("Ŝ", 200))
	b := mustTable(t, tb)
	tb.Rows[0][1] = ""
	n, box := tableDiff(t, b, mustTable(t, tb))
	// The columns right of the name ("1", "2", "Очки", "Бергер") take
	// more than 200 pixels.
	if n == 0 || box.Max.X > maxTableWidth-200 {
		t.Errorf("the long name drew %d pixels in %v", n, box)
	}
}

func TestTableTooManyColumns(t *testing.T) {
	tb := Table{Header: make([]string, maxTableCells+1)}
	if _, err := TablePNG(tb); err == nil {
		t.Error("41 columns drew")
	}
	tb = Table{Header: make([]string, maxTableCells), Rows: [][]string{make([]string, maxTableCells)}}
	if _, err := TablePNG(tb); err != nil {
		t.Errorf("40 columns: %v", err)
	}
	if !bytes.Equal(mustTable(t, sampleTable(16, "Ann")), mustTable(t, sampleTable(16, "Ann"))) {
		t.Error("a 16-player table drew two pictures")
	}
}

func mustTable(t *testing.T, tb Table) []byte {
	t.Helper()
	b, err := TablePNG(tb)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
