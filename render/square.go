package render

import (
	"image"

	"umpire/referee"
)

// square8 is the 8×8 board: cell rank*8+file, a1 = 0, h8 = 63.
var square8 squareGeometry

type squareGeometry struct{}

func (squareGeometry) Name() string { return "8x8" }
func (squareGeometry) Len() int     { return 64 }

func (squareGeometry) Cell(name string) (int, bool) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return 0, false
	}
	return int(name[1]-'1')*8 + int(name[0]-'a'), true
}

// Layout puts a frame a twentieth of the width wide around the board, the
// files on its lower edge and the ranks on its left edge. Black at the
// bottom turns the board round: h8 nearest the viewer's left hand.
func (squareGeometry) Layout(width int, bottom referee.Seat) Layout {
	frame := max(width/20, 8)
	cell := (width - 2*frame) / 8
	left := (width - 8*cell) / 2
	top := frame
	l := Layout{
		Size:  image.Pt(width, 8*cell+2*top),
		Cells: make([]Cell, 64),
		Text:  float64(frame) * 0.56,
	}
	flip := bottom == referee.Black
	col := func(file int) int {
		if flip {
			return 7 - file
		}
		return file
	}
	row := func(rank int) int {
		if flip {
			return rank
		}
		return 7 - rank
	}
	for i := range l.Cells {
		file, rank := i%8, i/8
		x, y := left+col(file)*cell, top+row(rank)*cell
		l.Cells[i] = Cell{
			Box:   image.Rect(x, y, x+cell, y+cell),
			Shade: 1 - (file+rank)%2, // a1 is dark
		}
	}
	for k := 0; k < 8; k++ {
		l.Labels = append(l.Labels,
			Label{string(rune('a' + k)), image.Pt(left+col(k)*cell+cell/2, top+8*cell+frame/2)},
			Label{string(rune('1' + k)), image.Pt(left/2, top+row(k)*cell+cell/2)})
	}
	return l
}
