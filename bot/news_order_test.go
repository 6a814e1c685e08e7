package bot_test

import (
	"strings"
	"testing"

	"umpire/referee"
)

// A view tells each event once, in the order it happened: the seat's own
// act is said once (not again as the announcement of it), and the other
// side's move comes after what came before it, with what it brought right
// after it.
func TestNewsInOrder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, _ := referee.Lookup("chess")
	w.startGame(v, "club")
	w.say("p1", "язык ru")
	for _, m := range []struct{ who, text string }{{"p0", "e4"}, {"p1", "d5"}, {"p0", "exd5"}, {"p1", "ничья"}} {
		w.say(m.who, m.text)
	}
	w.say("p0", "decline")
	if got := w.last("p0"); strings.Count(got, "declines the draw") > 0 || !strings.Contains(got, "You decline the draw.") {
		t.Errorf("the decliner was told %q; want its decline said once", got)
	}
	w.say("p1", "Фxd5")
	w.say("p0", "board")
	want := "You decline the draw.\nBlack played Qxd5.\nA pawn was captured on d5."
	if got := w.last("p0"); !strings.Contains(got, want) {
		t.Errorf("White's board says %q; want %q, in that order", got, want)
	}
	w.say("p0", "Nc3")
	w.say("p1", "доска")
	want = "Вы сыграли Ф:d5.\nНа d5 взята пешка.\nБелые сыграли Кc3."
	if got := w.last("p1"); !strings.Contains(got, want) {
		t.Errorf("Black's board says %q; want %q, in that order", got, want)
	}
	w.say("p1", "Nc6") // English letters, from a Russian reader: told back in Russian ones
	if got := w.last("p1"); !strings.Contains(got, "Вы сыграли Кc6.") {
		t.Errorf("Black's Nc6 is told back as %q; want Кc6", got)
	}
}

// A resignation is said with who resigned, as a reader says it: "победили
// белые (чёрные сдались)".
func TestResignedBy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v, _ := referee.Lookup("chess")
	w.startGame(v, "club")
	w.say("p1", "язык ru")
	w.say("p0", "e4")
	w.say("p1", "сдаюсь")
	w.contains("p1", "победили белые (чёрные сдались)")
}
