package post

import (
	"umpire/bot/texts"
	"umpire/bot/wire"
	"umpire/referee"
	"umpire/referee/tri"
	"umpire/store"
)

// The Mini App (bot/webapp) shows a seat's board on a page of its own. It
// says what the chat says: the words of a row as a transport would send
// them, and the board's cells in the order a picture draws them.

// Compose words an outbox row as a transport with features feat would
// send it, without sending it: a seat's board again, for the Mini App.
func (o *Office) Compose(row store.Outgoing, feat wire.Features) (wire.Message, error) {
	return o.Desk(feat).Compose(row)
}

// A Desk words games for a page that shows them itself (the Mini App):
// the views it draws and the words the chat would say, each game
// replayed once for all of them (the desk keeps what it replayed). Not
// safe for concurrent use: one request, one desk.
type Desk struct{ c *composer }

// Desk is a new Desk for a transport with features feat.
func (o *Office) Desk(feat wire.Features) *Desk { return &Desk{newComposer(o, feat)} }

// Compose words an outbox row as Office.Compose does.
func (d *Desk) Compose(row store.Outgoing) (wire.Message, error) { return d.c.compose(row) }

// View is seat's view of game g after its first ply log entries.
func (d *Desk) View(g *store.Game, ply int, seat referee.Seat) (referee.View, error) {
	r, err := d.c.at(g, ply)
	if err != nil {
		return referee.View{}, err
	}
	return r.g.View(seat), nil
}

// Catalog is the office's catalog of texts.
func (o *Office) Catalog() *texts.Catalog { return o.cat }

// Langs are the languages the office speaks, the default first.
func (o *Office) Langs() []string { return o.langs }

// LastOwn is the index of seat's last entry in g's log: a seat's board
// again says what it was told from there on. 0 when it has none.
func LastOwn(g *store.Game, seat referee.Seat) int {
	for i := len(g.Log) - 1; i >= 0; i-- {
		if g.Log[i].Seat == seat {
			return i
		}
	}
	return 0
}

// BoardRows are the cells of a view's board in the rows a seat sees them,
// top row first, each cell its index in v.Cells' geometry: on the 8×8
// board ranks 8 to 1 (1 to 8 with Black at the bottom); on the triad board
// its three thirds one under the other, each as its own seat sees it
// (rank 4 at the top, files a to h), the bottom seat's third last.
// Nil for another geometry.
func BoardRows(v referee.View) [][]int {
	if v.Geometry == tri.Geometry.Name && len(v.Cells) == 2*tri.Cells {
		return triadRows(v.Bottom)
	}
	if v.Geometry != "8x8" || len(v.Cells) != 64 {
		return nil
	}
	var rows [][]int
	for i := range 8 {
		r, row := 7-i, make([]int, 8)
		for f := range 8 {
			row[f] = r*8 + f
			if v.Bottom == referee.Black {
				row[f] = i*8 + 7 - f
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// triadRows are the rows of the three thirds, the next seat's after the
// bottom one's first, the bottom seat's last: twelve rows of eight.
func triadRows(bottom referee.Seat) [][]int {
	own := triadThird(bottom)
	var rows [][]int
	for i := 1; i <= tri.Armies; i++ {
		t := (own + i) % tri.Armies
		for r := 4; r >= 1; r-- {
			row := make([]int, 8)
			for f := 1; f <= 8; f++ {
				row[f-1] = int(tri.Coord{T: t, R: r, F: f}.Cell())
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// triadThird numbers a seat's third of the triad board: white 0, red 1,
// black 2.
func triadThird(s referee.Seat) int {
	for t, seat := range []referee.Seat{referee.White, referee.Red, referee.Black} {
		if s == seat {
			return t
		}
	}
	return 0
}
