package telegram

import (
	"testing"

	"umpire/bot/telegram/tgtest"
)

// TestButtonStyles: through the fake Bot API, which refuses a style the
// Bot API does not know, Resign and its "yes" are red (danger), Accept
// green (success), every other button plain: in the reader's words (Ann
// reads Russian).
func TestButtonStyles(t *testing.T) {
	t.Parallel()
	g := newGame(t)
	g.newInGroup("chess")
	g.play("e4")
	view, _ := g.srv.Last(bob)
	wantStyles(t, view, map[string]string{"🏳 Resign": "danger", "½ Draw": "", "♟ Board": ""})
	g.step(g.srv.Press(bob, bob, view.MessageID, buttonData(t, view, "🏳 Resign")))
	q, _ := g.srv.Last(bob)
	wantStyles(t, q, map[string]string{"Yes, resign": "danger", "No": ""})
	g.step(g.srv.Private(bob, "draw"))
	offer, _ := g.srv.Last(ann)
	wantStyles(t, offer, map[string]string{"Принять": "success", "Отклонить": "", "🏳 Сдаться": "danger"})
}

// wantStyles checks the style of the buttons of m named in want.
func wantStyles(t *testing.T, m tgtest.Sent, want map[string]string) {
	t.Helper()
	seen := 0
	for _, row := range m.Buttons {
		for _, b := range row {
			if style, ok := want[b.Text]; ok {
				seen++
				if b.Style != style {
					t.Errorf("button %q has style %q; want %q", b.Text, b.Style, style)
				}
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the buttons %v under %q: %+v", seen, want, m.Text, m.Buttons)
	}
}
