package main

import (
	"fmt"
	"os"
	"strings"

	"umpire/referee"
	"umpire/referee/tri"
)

func play(lines []string) (referee.Game, []referee.Ruling) {
	v, _ := referee.Lookup("triad")
	g, _ := v.New(referee.Options{})
	var rs []referee.Ruling
	for _, l := range lines {
		seat, text, _ := strings.Cut(l, " ")
		r := g.Play(referee.Action{Seat: referee.Seat(seat), Text: text})
		rs = append(rs, r)
		if r.Verdict != referee.Accepted {
			fmt.Println("NOT ACCEPTED", l, r.Verdict, r.Reason)
			os.Exit(1)
		}
	}
	return g, rs
}

func main() {
	prefix := strings.Split(strings.TrimSpace(os.Args[1]), "\n")
	seat := os.Args[2]
	mode := os.Args[3]
	var cells []string
	for c := 0; c < tri.Cells; c++ {
		cells = append(cells, tri.Coord{T: c / 32, R: c%32/8 + 1, F: c%8 + 1}.Name())
	}
	g, _ := play(prefix)
	fmt.Println("turn", g.Turn())
	for _, a := range cells {
		for _, b := range cells {
			mv := a + b
			gg, _ := play(prefix)
			r := gg.Play(referee.Action{Seat: referee.Seat(seat), Text: mv})
			if r.Verdict != referee.Accepted {
				continue
			}
			cap := false
			for _, s := range r.Said {
				if s.Code == "capture" {
					cap = true
				}
			}
			if mode == "capture" && !cap {
				continue
			}
			if mode == "quiet" && cap {
				continue
			}
			extra := ""
			if len(os.Args) > 4 {
				ok := true
				for _, l := range strings.Split(os.Args[4], "\n") {
					s, t, _ := strings.Cut(l, " ")
					if gg.Play(referee.Action{Seat: referee.Seat(s), Text: t}).Verdict != referee.Accepted {
						ok = false
					}
				}
				if !ok {
					continue
				}
				extra = " +"
			}
			fmt.Println(mv, r.Move, extra)
		}
	}
}
