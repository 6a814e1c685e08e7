package bot_test

import (
	"strings"
	"testing"
	"time"

	"umpire/store"
)

// The pace in every language, end to end on the injected clock: a game
// made with the language's words for a fixed hour and an extension (ann
// in Berlin, bob in New York), each player told the deadline's hour in
// its own time, the maker's city in its own language; a pause offered with the language's word, its cap said in
// the offer, accepted with the language's words (and the buttons' own),
// ended early with resume; an extension that keeps to the grid (21:00 in
// Berlin across its change of 25 October); then the loss; and civil
// disorder asked for with the language's word.
func TestPaceEveryLanguage(t *testing.T) {
	t.Parallel()
	type texts struct {
		newGame, pause, accept, resume, games, cd                                    string // the commands
		made, yours, offer, accept1, agreed, resumed, ext, extOthers, listed, cdMade string
		cdYou, stood                                                                 string // to Red's player
	}
	for lang, tt := range map[string]texts{
		"en": {"new chess 1d@21:00 ext1", "pause 2d", "pause #1 accept", "resume #1", "games", "new triad 1d cd",
			"1 d per move at 21:00 Berlin, 1 extension each.",
			"1 d per move at 21:00 Berlin (15:00 your time), 1 extension left.",
			"Black offers to stop the clocks of game #1 for 2 d. A game may stand still for 14 d in all; 14 d of that is left.",
			"Accept",
			"the clocks stand still until 2026-10-25 13:00 CET",
			"Black ended the pause, the clocks run again. Pause left in this game: 13 d.",
			"an automatic extension gives you 1 d more, until 2026-10-26 21:00 CET. Extensions left: 0.",
			"White's time in game #1 ran out with nothing heard from them: an automatic extension gives them 1 d more (0 left).",
			"1 d per move at 21:00 Berlin (16:00 your time), 1 extension left.",
			"civil disorder (the house sits in for a seat out of time)",
			"Your time in game #2 ran out: the house plays your seat", "the house plays Red until its player is back"},
		"ru": {"новая chess 1д@21:00 отср1", "пауза 2д", "пауза #1 принять", "возобновить #1", "игры", "новая triad 1д беспорядок",
			"1 дн. на ход, до 21:00 (Берлин), по 1 отсрочке каждому.",
			"1 дн. на ход, до 21:00 (Берлин; у вас 15:00), осталась 1 отсрочка.",
			"Чёрные предлагают остановить часы партии #1 на 2 дн. Всего партия может стоять 14 дн.; осталось 14 дн.",
			"Принять",
			"часы стоят до 2026-10-25 13:00 CET",
			"чёрные закончили паузу, часы снова идут. Паузы в этой партии осталось: 13 дн.",
			"автоматическая отсрочка даёт вам ещё 1 дн., до 2026-10-26 21:00 CET. Осталось отсрочек: 0.",
			"Время белых в партии #1 истекло, а от них ничего не было слышно: автоматическая отсрочка даёт им ещё 1 дн. (осталось 0).",
			"1 дн. на ход, до 21:00 (Берлин; у вас 16:00), осталась 1 отсрочка.",
			"беспорядок (за место, у которого истекло время, играет бот)",
			"Ваше время в партии #2 истекло: бот играет за вас", "за красных играет бот, пока их игрок не вернётся"},
		"eo": {"nova chess 1t@21:00 prok1", "paŭzo 2t", "paŭzo #1 akcepti", "rekomenci #1", "ludoj", "nova triad 1t malordo",
			"1 t. por movo je 21:00 (Berlino), po 1 prokrasto por ĉiu.",
			"1 t. por movo je 21:00 (Berlino; je 15:00 via horo), 1 prokrasto restas.",
			"La nigraj proponas haltigi la horloĝojn de ludo #1 por 2 t. Ludo rajtas halti entute 14 t.; restas 14 t.",
			"Akcepti",
			"la horloĝoj haltas ĝis 2026-10-25 13:00 CET",
			"la nigraj finis la paŭzon, la horloĝoj denove iras. Restas paŭzo en ĉi tiu ludo: 13 t.",
			"aŭtomata prokrasto donas al vi 1 t. pli, ĝis 2026-10-26 21:00 CET. Restas prokrastoj: 0.",
			"La tempo de la blankaj en ludo #1 finiĝis, kaj oni aŭdis nenion de ili: aŭtomata prokrasto donas al ili 1 t. pli (restas 0).",
			"1 t. por movo je 21:00 (Berlino; je 16:00 via horo), 1 prokrasto restas.",
			"malordo (la domo ludas lokon, kies tempo finiĝis)",
			"Via tempo en ludo #2 finiĝis: la domo ludas vian lokon", "la domo ludas la ruĝajn, ĝis ilia ludanto revenos"},
	} {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			w.now = time.Date(2026, 10, 23, 12, 0, 0, 0, time.UTC) // 14:00 in Berlin, 08:00 in New York
			for who, tz := range map[string]string{"ann": "Europe/Berlin", "bob": "America/New_York"} {
				w.say(who, "lang "+lang)
				w.say(who, "tz "+tz)
			}
			w.say("ann", tt.newGame)
			w.contains("ann", tt.made)
			w.say("bob", "join "+tokenOf(t, w, 1, "black"))
			w.contains("bob", tt.yours)
			due := time.Date(2026, 10, 24, 19, 0, 0, 0, time.UTC) // 21:00 CEST, a day and more away
			if got := turnEnds(w.game(1)); !got.Equal(due) {
				t.Fatalf("White's move is due %v; want %v", got, due)
			}

			w.say("bob", tt.pause)
			offer := w.tr.Last("ann")
			if !strings.Contains(offer.Text, tt.offer) || len(offer.Buttons) != 2 || offer.Buttons[0].Label != tt.accept1 ||
				offer.Buttons[0].Command != "pause #1 accept" {
				t.Fatalf("the offer to White: %q, buttons %v", offer.Text, offer.Buttons)
			}
			w.say("ann", tt.accept)
			w.contains("ann", tt.agreed)
			if got, want := turnEnds(w.game(1)), due.Add(49*time.Hour); !got.Equal(want) { // 21:00 CET, after Berlin's change
				t.Fatalf("with the pause White's move is due %v; want %v", got, want)
			}
			w.now = w.now.Add(time.Hour)
			w.say("bob", tt.resume)
			w.contains("ann", tt.resumed)
			// At a fixed hour a pause counts whole days: the hour used moves
			// 21:00 to the next day's (Berlin's first after its change), and
			// the game is charged the day.
			due = time.Date(2026, 10, 25, 20, 0, 0, 0, time.UTC)
			if got := turnEnds(w.game(1)); !got.Equal(due) {
				t.Fatalf("after the pause White's move is due %v; want %v", got, due)
			}

			w.now = due
			w.tick()
			w.contains("ann", tt.ext)
			w.contains("bob", tt.extOthers)
			if got, want := turnEnds(w.game(1)), due.Add(24*time.Hour); !got.Equal(want) {
				t.Errorf("the extension moved White's move to %v; want %v, 21:00 CET", got, want)
			}
			w.say("bob", tt.games)
			w.contains("bob", tt.listed)
			w.now = due.Add(24 * time.Hour)
			w.tick()
			if g := w.game(1); g.State != store.StateOver || g.Result != "0-1" || g.Reason != "timeout" {
				t.Errorf("after the extension: %s %s %s; want 0-1 on time", g.State, g.Result, g.Reason)
			}

			w.group("table", "ann", tt.cd)
			w.contains("table", tt.cdMade)
			for who, seat := range map[string]string{"ann": "white", "bob": "red", "cyd": "black"} {
				w.group("table", who, "join #2 "+seat)
			}
			w.group("table", "ann", "d2d4")
			w.now = w.now.Add(24 * time.Hour)
			w.tick()
			w.contains("bob", tt.cdYou)
			w.settle()
			w.contains("table", tt.stood)
			if g := w.game(2); !g.Pace.Disorder || g.Log[len(g.Log)-1].Seat != "red" {
				t.Errorf("%q: the house did not move for Red: %+v, log %v", tt.cd, g.Pace, g.Log)
			}
		})
	}
}
