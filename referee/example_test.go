package referee_test

import (
	"fmt"
	"log"

	"umpire/referee"
)

// ExampleReplay shows the referee's model in brief: a Variant makes games; a
// game turns actions into Rulings and Views; a View is all one seat may know.
//
// A game is rebuilt from its log. In Kriegspiel, Black to move sees only its
// own men and hears what the umpire said to it (not White's failed try Qd3);
// Black's capture on d5 is then announced to White as well.
func ExampleReplay() {
	v, _ := referee.Lookup("kriegspiel")
	gameLog := []referee.Action{
		{Seat: referee.White, Text: "e4"},
		{Seat: referee.Black, Text: "d5"},
		{Seat: referee.White, Text: "Qd3"}, // blocked by its own pawn: illegal
		{Seat: referee.White, Text: "exd5"},
	}
	g, err := referee.Replay(v, referee.Options{}, gameLog)
	if err != nil {
		log.Fatal(err)
	}

	black := g.View(referee.Black)
	fmt.Println("turn:", black.Turn)
	fmt.Println("board:", black.Board)
	for _, a := range black.Said {
		fmt.Println("black heard:", a)
	}

	r := g.Play(referee.Action{Seat: referee.Black, Text: "Qxd5"})
	fmt.Println(r.Verdict, r.Move)
	for _, a := range referee.For(r.Said, referee.White) {
		fmt.Println("white hears:", a)
	}
	// Output:
	// turn: black
	// board: rnbqkbnr/ppp?pppp/????????/????????/????????/????????/????????/????????
	// black heard: pawn-tries count=1 >both
	// black heard: capture square=d5 what=pawn >both
	// black heard: pawn-tries count=0 >both
	// accepted d8d5
	// white hears: capture square=d5 what=pawn >both
	// white hears: pawn-tries count=0 >both
}
