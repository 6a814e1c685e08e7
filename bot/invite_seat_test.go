package bot_test

import "testing"

// TestInviteNoSuchSeat: an invitation names a free seat of the game or is
// refused; it used to send a seat the game does not have ("red" in chess)
// with an empty token, "join ", to the invitee.
func TestInviteNoSuchSeat(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"invite red bob", "invite #1 red bob", "invite #1 red", "invite white bob", "invite white"} {
		w := newWorld(t)
		w.say("alice", "new chess white")
		w.say("alice", text)
		w.contains("alice", "Free seats: black.")
		if ms := w.tr.To("bob"); len(ms) != 0 {
			t.Errorf("%q: bob got %q", text, ms[0].Text)
		}
	}
	w := newWorld(t)
	w.say("alice", "new chess white")
	w.say("alice", "invite black bob")
	w.contains("bob", "as Black. To accept, write: join 1-")
}

// A seat is read in the forms people write it in every language
// ("blanka", "blankoj", "белыми"), and the free seats are named as the
// reader writes them.
func TestSeatForms(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ lang, join, want string }{
		{"eo", "eniri #1 blanka", "Vi ludas per la blankaj"},
		{"eo", "eniri #1 blankoj", "Vi ludas per la blankaj"},
		{"ru", "сесть #1 белыми", "Вы играете белыми"},
	} {
		w := newWorld(t)
		w.say("bob", "lang "+c.lang)
		w.group("club", "alice", "new chess")
		w.group("club", "bob", c.join)
		w.contains("bob", c.want)
	}
	w := newWorld(t)
	w.say("alice", "lingvo eo")
	w.say("alice", "nova ŝako blankaj")
	w.say("alice", "inviti ruĝaj bob")
	w.contains("alice", "Liberaj lokoj: nigraj.")
}
