package main

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"umpire/internal/testkit"
)

// Tests of issue 11, each named after the rule it checks and run through
// `umpire referee` as a player's script would be.

// progressive.md 6.2: a pass made while the passer's pawn grows does not
// count towards a stalemate, even when the pawn converts at the end of it.
// White's c7 converts at the end of White's third pass; Black then passes
// with no pawn growing, and White, owing a new choice, moves the bishop.
func TestProgressive62PassWhileGrowingIsNoStalemate(t *testing.T) {
	t.Parallel()
	runScriptCase(t, scriptCase{"6.2", []string{"-variant", "progressive", "-fen", "k7/P1P5/PKP5/PPP5/8/8/8/8 w - - 0 1"}, `
white grow c7 B salt=01
#> 1 accepted | commitment seat=white note=1 hash=57fd0dd1bd3d425b45e3fe6082dfc0f23fdff8688f0aeb2efa4473f78f88a58c >both;
#>   pass seat=white >both; pass seat=black >both; pass seat=white >both; pass seat=black >both; pass seat=white >both;
#>   converted square=c7 piece=B >both; reveal seat=white note=1 secret=c7=B salt=01 >both; pass seat=black >both
white grow a6 N salt=02
#> 2 accepted | commitment seat=white note=2 hash=a280aeeb8268351e352d1196329c4d276f9ed2cfc1d690d9d6982d2555502882 >both
white Bd6
#> 3 accepted | pass seat=black >both
#> final board k......./P......./PKPB..../PPP...../......../......../......../........
`})
}

// korona.md 4.4 and 5.11: in korona2 a seat with no legal action loses as
// in korona when its own men make the blockade (the stones on g1, h1, h2
// change nothing), and draws when the stones do: with them off the board
// the white king could step.
func TestKorona44StonesBlockadeDrawsOtherwiseLoses(t *testing.T) {
	t.Parallel()
	crowns := `
white crown king salt=01
black crown king salt=02
#> 2 accepted | commitment seat=black note=1 hash=3a3fc7b59d106e885fffef9bbc83e940f9f33da5bfd4fa16192ba19eb8be0c65 >both;
#>   reveal seat=white note=1 secret=king salt=01 >both; crown-revealed seat=white holder=king >both;
#>   reveal seat=black note=1 secret=king salt=02 >both; crown-revealed seat=black holder=king >both;
`
	for _, sc := range []scriptCase{
		{"own men, korona", []string{"-variant", "korona", "-fen", "KRBk4/PP1P4/8/8/8/8/8/8 w - - 0 1"},
			crowns + "#>   end result=0-1 reason=stalemate-loss >both\n"},
		{"own men, korona2", []string{"-variant", "korona2", "-fen", "KRBk4/PP1P4/8/8/8/8/7S/6SX w - - 0 1"},
			crowns + "#>   end result=0-1 reason=stalemate-loss >both\n"},
		{"own stones, korona2", []string{"-variant", "korona2", "-fen", "7k/8/8/8/8/8/SS6/KX6 w - - 0 1"},
			crowns + "#>   end result=1/2-1/2 reason=stalemate >both\n#> final result 1/2-1/2 stalemate\n"},
	} {
		t.Run(sc.name, func(t *testing.T) { runScriptCase(t, sc) })
	}
}

// triadFEN is testkit.TriadFEN, failing the test on a man off the board.
func triadFEN(t *testing.T, men, turn string) string {
	t.Helper()
	fen, err := testkit.TriadFEN(men, turn)
	if err != nil {
		t.Fatal(err)
	}
	return fen
}

// triad.md 3.15: with two Lords allowed to order, each order is held and
// announced to every seat (`order-held`); the Servant's own move meanwhile
// is impossible with reason order-held, until it chooses.
func TestTriad315HeldOrderIsAnnouncedAndBlocksTheServant(t *testing.T) {
	t.Parallel()
	men := testkit.TriadServantMen
	lines := runScriptCase(t, scriptCase{"3.15", []string{"-variant", "triad", "-fen", triadFEN(t, men, "white")}, "\n" + testkit.TriadServant + `
white order black d3
#> 13 accepted | order-held lord=white servant=black move=bd2bd3 >white,red,black
black g3
#> 14 impossible | impossible >black
red order black f3
#> 15 accepted | order-held lord=red servant=black move=bf2bf3 >white,red,black
black choose red
#> 16 accepted |
`})
	if got := lines[14].Reason; got != "order-held" {
		t.Errorf("the Servant's own move while an order is held: reason %q; want order-held", got)
	}
	if got := lines[16].Move; got != "" {
		t.Errorf("n=16 move %q without -reveal", got)
	}
}

// triad.md 3.15: a ruling's announcements describe the state after the
// whole ruling. White, black's Lord, declared check on black; at the start
// of black's next turn the window closes and the bond is restored, so red's
// move, whose ruling closes it, announces no check of white's rook on black.
func TestTriad315NoCheckThatTheSameRulingRestoresAway(t *testing.T) {
	t.Parallel()
	const men = "wKwe1 wPwd4 wRbh3 rKre1 rPrg2 rPrh2 bKbe1 bNbd4 bPba2 bPbb2"
	runScriptCase(t, scriptCase{"3.15", []string{"-variant", "triad", "-fen", triadFEN(t, men, "white")}, `
white dxbd4
red g3
black a3
white vassal offer black
black vassal accept white
white declare Rbe3
#> 6 accepted | vassal lord=white servant=black event=dismiss by=white state=suspended >white,red,black;
#>   check seat=black by=white direction=file >white,red,black
red h3
black Kd1
white Rbd3
#> 9 accepted | check seat=black by=white direction=file >white,red,black
red g4
#> 10 accepted | vassal lord=white servant=black event=dismiss by=white state=restored >white,red,black
`})
}

// rules/README.md, `-fen`: a position no game of the variant could reach is
// refused before any action, with an error that names the fault.
func TestRefereeFENUnreachablePositionsAreRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ variant, fen, fault string }{
		{"chess", "k7/8/8/8/8/8/8/KK6 w - - 0 1", "white has 2 kings"},
		{"kriegspiel", "8/8/8/8/8/8/8/K7 w - - 0 1", "black has 0 kings"},
		{"dark", "k7/8/8/8/8/8/8/P6K w - - 0 1", "pawn on a1, its first rank"},
		{"chess", "k6P/8/8/8/8/8/8/7K w - - 0 1", "pawn on h8, its last rank"},
		{"progressive", "kP6/8/8/8/8/8/8/K7 w - - 0 1", "pawn on b8, its last rank"},
		{"kriegspiel", "k7/8/8/8/8/8/8/D6K w - - 0 1", "a D on a1"},
		{"dark", "k7/8/8/8/8/8/8/G6K w - - 0 1", "a G on a1"},
		{"chess", "k7/8/8/8/8/8/8/S6K w - - 0 1", "a S on a1"},
		{"korona", "k7/8/8/8/8/8/8/Q6K w - - 0 1", "no Q"},
		{"korona", "kC6/8/8/8/8/8/8/K7 w - - 0 1", "no C"},
		{"korona", "8/8/8/8/8/8/8/K7 w - - 0 1", "black has neither king nor dame"},
		{"krono", "kk6/8/8/8/8/8/8/K7 w - - 0 1", "black has more than one king"},
		{"korona2", "k6S/8/8/8/8/8/8/DK6 w - - 0 1", "white has stones on the board while both its monarchs stand"},
		{"korona2", "k7/8/8/8/8/8/8/KP6 w - - 0 1", "pawn on b1, its first rank"},
		{"chess", "k7/8/8/8/4P3/8/8/7K b - e6 0 1", "en passant square e6"},
		{"chess", "k7/8/8/8/4P3/8/4P3/7K b - e3 0 1", "en passant square e3"},
		{"chess", "k7/8/8/8/8/8/8/7K b - e3 0 1", "en passant square e3"},
	} {
		var stdout, stderr strings.Builder
		err := run(t.Context(), []string{"referee", "-variant", tc.variant, "-fen", tc.fen}, strings.NewReader("white resign\n"), &stdout, &stderr, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), tc.fault) || stdout.Len() > 0 {
			t.Errorf("umpire referee -variant %s -fen %q = %v, output %q; want an error naming %q", tc.variant, tc.fen, err, stdout.String(), tc.fault)
		}
	}
	// Reachable positions still start: a double step just made, a pawn on
	// its first rank in progressive, stones of a seat that lost its dame.
	for _, tc := range []struct{ variant, fen string }{
		{"chess", "k7/8/8/8/4P3/8/8/7K b - e3 0 1"},
		{"progressive", "k7/8/8/8/8/8/8/PK6 w - - 0 1"},
		{"korona2", "k7/8/8/8/8/8/SS6/KX6 w - - 0 1"},
	} {
		if err := run(t.Context(), []string{"referee", "-variant", tc.variant, "-fen", tc.fen}, strings.NewReader(""), io.Discard, io.Discard, func(string) string { return "" }); err != nil {
			t.Errorf("umpire referee -variant %s -fen %q = %v; want a game", tc.variant, tc.fen, err)
		}
	}
}

// triad.md 5.1 and rules/README.md, `-fen`: a triad start without one king
// in every army, or with a man or pawn no game can have, is refused.
func TestRefereeFENUnreachableTriadIsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ men, fault string }{
		{"wKwe1 rKre1", "want one king in every army"},
		{"wKwe1 rKre1 bKbe1 wDwd1", "a D on wd1"},
		{"wKwe1 rKre1 bKbe1 wPra1", "a pawn on ra1"},
	} {
		err := run(t.Context(), []string{"referee", "-variant", "triad", "-fen", triadFEN(t, tc.men, "white")}, strings.NewReader(""), io.Discard, io.Discard, func(string) string { return "" })
		if err == nil || !strings.Contains(err.Error(), tc.fault) {
			t.Errorf("triad -fen %q = %v; want an error naming %q", tc.men, err, tc.fault)
		}
	}
}

// kriegspiel.md §6.2, 6.3 and 6.5: Latin piece letters are read in the
// seat's notation language, so no letter has two readings for one seat.
// After 1.e4 e5, `Ke2` is the king at once in English and the bishop
// (kuriero) in Esperanto; `Re2` is impossible in English and the king in
// Esperanto; `Кf3` is the Russian knight for every seat.
func TestKriegspiel62NotationLanguage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		notation, text, verdict, move string
	}{
		{"en", "Ke2", "accepted", "e1e2"},
		{"eo", "Ke2", "accepted", "f1e2"},
		{"en", "Re2", "impossible", ""},
		{"eo", "Re2", "accepted", "e1e2"},
		{"en", "Кf3", "accepted", "g1f3"},
		{"eo", "Кf3", "accepted", "g1f3"},
		{"eo", "Ĉf3", "accepted", "g1f3"},
		{"en", "Nf3", "accepted", "g1f3"},
	} {
		script := "white e2e4\nblack e7e5\nwhite " + tc.text + "\n"
		for _, variant := range []string{"kriegspiel", "chess"} {
			args := []string{"-variant", variant, "-reveal", "-notation", tc.notation}
			if variant == "kriegspiel" {
				args = append(args, "-rules", "english") // which has impossible tries
			}
			lines := runScriptCase(t, scriptCase{tc.text, args, script})
			got := lines[3]
			want := tc.verdict
			if variant == "chess" && want == "impossible" {
				want = "illegal" // chess has no impossible tries
			}
			if got.Verdict != want || got.Move != tc.move {
				t.Errorf("%s -notation %s: %s = %s %s %v; want %s %s", variant, tc.notation, tc.text, got.Verdict, got.Move, got.Said, want, tc.move)
			}
		}
	}
}

// korona.md 1.3 and 6.2: promotion letters follow the notation language.
// `e8=K` is the bishop for an Esperanto-speaking seat and an impossible
// promotion to the king for an English-speaking one; `e8=R` is the rook in
// English and an impossible king in Esperanto. Krono's `e8=C` is the
// uncrowned monarch for both.
func TestKorona62PromotionInTheNotationLanguage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		variant, notation, text, verdict, move string
	}{
		{"krono", "eo", "e8=K", "accepted", "e7e8b"},
		{"krono", "en", "e8=K", "impossible", ""},
		{"krono", "en", "e8=R", "accepted", "e7e8r"},
		{"krono", "eo", "e8=R", "impossible", ""},
		{"krono", "eo", "e8=T", "accepted", "e7e8r"},
		{"krono", "en", "e8=C", "accepted", "e7e8c"},
		{"korona", "eo", "e8=K", "accepted", "e7e8b"},
		{"korona", "en", "e8=K", "impossible", ""},
		{"korona", "en", "Kd2", "accepted", "e1d2"},
		{"korona", "eo", "Rd2", "accepted", "e1d2"},
	} {
		script := "white crown king salt=01\nblack crown king salt=02\nwhite " + tc.text + "\n"
		args := []string{"-variant", tc.variant, "-reveal", "-notation", tc.notation, "-fen", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"}
		got := runScriptCase(t, scriptCase{tc.text, args, script})[3]
		if got.Verdict != tc.verdict || got.Move != tc.move {
			t.Errorf("%s -notation %s: %s = %s %s; want %s %s", tc.variant, tc.notation, tc.text, got.Verdict, got.Move, tc.verdict, tc.move)
		}
	}
}

// kriegspiel.md §6.3: the notation language is part of the action; a
// -notation other than en or eo is refused, but for ru, the umpire's own
// (a Russian reader's Latin look-alikes of Cyrillic letters, printed.go).
func TestRefereeNotationFlag(t *testing.T) {
	t.Parallel()
	err := run(t.Context(), []string{"referee", "-variant", "chess", "-notation", "de"}, strings.NewReader(""), io.Discard, io.Discard, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "-notation") {
		t.Errorf("-notation de: %v; want an error naming -notation", err)
	}
	if err := run(t.Context(), []string{"referee", "-variant", "chess", "-notation", "ru"}, strings.NewReader("white Kc3\n"), io.Discard, io.Discard, func(string) string { return "" }); err != nil {
		t.Errorf("-notation ru: %v", err)
	}
}

// periodScript writes a seed game as printed (`N. WHITE BLACK` a line) as
// script lines: a token that is only a piece letter, a capture mark or a
// letter with a capture mark (`K`, `Cx`, `п`, `:`, `С:`) belongs to the
// token after it, as in `Cx f3`, `R 0-0`, `п : f6`; a bracket belongs to
// the castling before it, as in `0-0 ( Д )`.
func periodScript(t *testing.T, text string) string {
	t.Helper()
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		_, moves, ok := strings.Cut(strings.TrimSpace(line), ".")
		if !ok {
			t.Fatalf("no move number in %q", line)
		}
		var half []string
		pending, bracket := "", false
		for _, tok := range strings.Fields(moves) {
			if bracket = bracket || strings.HasPrefix(tok, "("); bracket { // castling's monarch: `0-0 ( Д )`
				half[len(half)-1] += " " + tok
				bracket = !strings.HasSuffix(tok, ")")
				continue
			}
			if pending += tok; periodPrefix(tok) {
				pending += " "
				continue
			}
			half, pending = append(half, pending), ""
		}
		for i, m := range half {
			fmt.Fprintf(&b, "%s %s\n", []string{"white", "black"}[i%2], m)
		}
	}
	return b.String()
}

// periodPrefix reports a token that needs the next one: a piece letter
// (Latin or Cyrillic, Cx, Кр), a capture mark, or a letter and a mark.
func periodPrefix(tok string) bool {
	tok = strings.TrimRight(tok, ":")
	switch tok {
	case "", "K", "R", "D", "T", "Cx", "Ĉ", "N", "B", "Q", "К", "Кр", "С", "Л", "Д", "Ф", "п":
		return true
	}
	return false
}

// The Esperanto seed game (../shared/seeds/001_…, krono) as printed, read
// by an Esperanto-speaking seat: K the kuriero, R the reĝo, T the turo, D
// the damo, Cx the ĉevalo, castling as `R 0-0`, pawn captures by files
// (`gf`, `cb`, `ef`, `fe`, `ed`). No misprint was found.
const kronoSeedPeriod = `1. e4 e5
2. Cx f3 Cx c6
3. K e2 Cx f6
4. d3 K c5
5. R 0-0 R 0-0
6. Cx c3 Cx d4
7. Cx:d4 K:d4
8. K g5 h6
9. K:f6 gf
10. D 0-0 d6
11. Cx d5 R g7
12. c3 K b6
13. Cx:b6 cb
14. f4 K e6
15. T f2 D 0-0
16. T cf1 f5
17. ef K:f5
18. fe K e6
19. ed T cd8
20. a3 T:d6
21. D c2 D c7
22. K h5 T d5
23. g4 f5
24. gf K:f5
25. K f3 K:d3
26. K:d5 K:c2
27. T:f8 R:f8
28. T:f8`

// The Russian seed game (../shared/seeds/000_…, korona) as printed, with
// the misprints named in koronaSeedMisprints put right.
const koronaSeedPeriod = `1. е 4 е 5
2. К f3 Kc6
3. Ce2 cc5
4. 0-0 (Кр) Kf6
5. D3 0-0 (Кр)
6. Kc3 d6
7. Cd2 C D7
8. 0-0 ( Д ) 0-0 ( Д )
9. С g5 h6
10. C: f6 п : f6
11. Kd5 Kg7
12. d3 a5
13. c3 b6
14. Дс 2 Се 6
15. Л B1 C: d5
16. п : d5 Ke7
17.c4 Kph7
18.b4 п : B4
19. п : b4 C d4
20.K: d4 п : d4
21.Ла1 с6
22.п: с6 Л: с6
23.Сf3 Лс8
24.Ла6 Дс7
25.Лfa1 Kpg6
26.Ла7 Дd8
27.Л1а6 Лb8
28.Ла8 Дс8
29.Л: b8 Д: b8
30.Ла8 Д: а8
31.С: а8.`

// koronaSeedMisprints are the printing errors of the Russian seed game:
// each replaces the text of one move as printed with what the game needs.
// The scan mixes in Latin look-alikes of Cyrillic letters (K for К, C for
// С, D for Д, B for в, Kp for Кр), which no seat reads as Russian
// (kriegspiel.md §6.2), and splits squares with spaces.
var koronaSeedMisprints = []struct{ move, printed, meant, why string }{
	{"1.", "е 4 е 5", "е4 е5", "squares split by spaces"},
	{"2.", "Kc6", "Кc6", "Latin K for the Russian knight К"},
	{"3.", "Ce2 cc5", "Сe2 Сc5", "Latin C and lower-case с for the bishop С"},
	{"4.", "Kf6", "Кf6", "Latin K for К"},
	{"5.", "D3", "d3", "a capital D for the pawn's file d"},
	{"6.", "Kc3", "Кc3", "Latin K for К"},
	{"7.", "Cd2 C D7", "Сd2 Сd7", "Latin C for С; the square d7 split and capitalised"},
	{"10.", "C: f6", "С: f6", "Latin C for С"},
	{"11.", "Kd5", "Кd5", "Latin K for К (11…Kg7 reads as printed: the Latin K is the king, the Кр on g8)"},
	{"12.", "d3", "a3", "White's d-pawn stands on d3 since move 5, and 19.п:b4 and 24.Ла6 need the a-pawn on a3"},
	{"14.", "Дс 2 Се 6", "Дс2 Се6", "squares split by spaces"},
	{"15.", "Л B1 C: d5", "Л b1 С: d5", "Latin B for the file b; Latin C for С"},
	{"16.", "Ke7", "Кe7", "Latin K for К"},
	{"17.", "Kph7", "Крh7", "Latin Kp for Кр"},
	{"18.", "п : B4", "п : b4", "capital B for the file b"},
	{"19.", "C d4", "С d4", "Latin C for С"},
	{"20.", "K: d4", "К: d4", "Latin K for К"},
	{"23.", "Лс8", "Л6с8", "both black rooks reach c8: the seed does not say which (the one from c6)"},
	{"25.", "Kpg6", "Крg6", "Latin Kp for Кр"},
	{"31.", "С: а8.", "С: а8", "the closing full stop"},
}

// kriegspiel.md §6.6: the seeds' own notation. Both seed games replay as
// printed (the Russian one with its misprints named above) to the same
// end as their coordinates.
func TestKriegspiel66SeedGamesInPeriodText(t *testing.T) {
	t.Parallel()
	russian := koronaSeedPeriod
	for _, m := range koronaSeedMisprints {
		lines := strings.Split(russian, "\n")
		found := false
		for i, line := range lines {
			if strings.HasPrefix(line, m.move) && strings.Contains(line, m.printed) {
				lines[i], found = strings.Replace(line, m.printed, m.meant, 1), true
				break
			}
		}
		if !found {
			t.Fatalf("misprint %s %q not in the printed text", m.move, m.printed)
		}
		russian = strings.Join(lines, "\n")
	}
	crowns := "white crown king salt=a1\nblack crown dame salt=b2\n"
	for _, sc := range []struct {
		name      string
		args      []string
		script    string
		coords    string
		finalMove string
	}{
		{"korona ru", []string{"-variant", "korona"}, periodScript(t, russian), movesScript(koronaSeedRussian), ""},
		{"krono eo", []string{"-variant", "krono", "-notation", "eo"}, periodScript(t, kronoSeedPeriod), movesScript(koronaSeedEsperanto), ""},
	} {
		t.Run(sc.name, func(t *testing.T) {
			period := runScriptCase(t, scriptCase{sc.name, append(sc.args, "-reveal"), crowns + sc.script})
			coords := runScriptCase(t, scriptCase{sc.name, append(sc.args, "-reveal"), crowns + sc.coords})
			if len(period) != len(coords) {
				t.Fatalf("%d objects from the period text; %d from the coordinates", len(period), len(coords))
			}
			for i, l := range period[1 : len(period)-1] {
				if l.Verdict != "accepted" || l.Move != coords[i+1].Move {
					t.Errorf("n=%d %s %q = %s %s %s; want accepted %s", l.N, l.Seat, l.Action, l.Verdict, l.Reason, l.Move, coords[i+1].Move)
				}
			}
			if a, b := period[len(period)-1], coords[len(coords)-1]; a.Board != b.Board || a.Result != b.Result {
				t.Errorf("final %s %s; want %s %s", a.Board, a.Result, b.Board, b.Result)
			}
		})
	}
}

// kriegspiel.md §6.6: a pawn capture by files is read where the mover sees
// the whole board (the one legal capture; several are refused with their
// readings) and refused as unreadable in Kriegspiel and dark chess, where
// resolving it would use the hidden board; castling may be written with the
// Cyrillic О; triad reads Russian piece letters as every other game does.
func TestKriegspiel66PeriodNotation(t *testing.T) {
	t.Parallel()
	opening := "white e2e4\nblack d7d5\nwhite ed\n"
	for _, tc := range []struct{ variant, verdict, reason, move string }{
		{"chess", "accepted", "", "e4d5"},
		{"progressive", "refused", "secret-first", ""}, // owes a choice first: not ruled as a move at all
		{"kriegspiel", "refused", "unreadable", ""},
		{"dark", "refused", "unreadable", ""},
	} {
		got := runScriptCase(t, scriptCase{tc.variant, []string{"-variant", tc.variant, "-reveal"}, opening})
		if l := got[len(got)-2]; l.Verdict != tc.verdict || l.Reason != tc.reason || l.Move != tc.move {
			t.Errorf("%s: ed = %s %s %s; want %s %s %s", tc.variant, l.Verdict, l.Reason, l.Move, tc.verdict, tc.reason, tc.move)
		}
	}
	runScriptCase(t, scriptCase{"chess", []string{"-variant", "chess"}, `
white e2e4
black d7d5
white Кf3
black d5d4
white c2c4
black d4c3
white bc
#> 7 accepted | capture square=c3 what=pawn >both
black e7e5
white О-О
#> 9 illegal | illegal >white
white Сe2
black a7a6
white О-О
#> 12 accepted |
`})
	lines := runScriptCase(t, scriptCase{"progressive", []string{"-variant", "progressive", "-reveal", "-fen", "k7/8/8/3p4/4P3/8/P7/K7 w - - 0 1"}, `
white grow a2 N salt=01
white ed
#> 2 accepted | capture square=d5 >both
`})
	if l := lines[2]; l.Move != "e4d5" {
		t.Errorf("progressive ed = %s; want e4d5", l.Move)
	}
	runScriptCase(t, scriptCase{"korona", []string{"-variant", "korona", "-fen", "k7/8/8/2p1p3/3P4/8/8/K7 w - - 0 1"}, `
white crown king salt=01
black crown king salt=02
white dc
#> 3 accepted | capture square=c5 >both
black Кр:b8
black Крb7
white О-О
#> 6 impossible | impossible >white
`})
	lines = runScriptCase(t, scriptCase{"triad", []string{"-variant", "triad", "-reveal"}, `
white d2d4
red d4
black bd2bd4
white Кf3
red f4
black dd
black dxrd4
`})
	if l := lines[4]; l.Move != "wg1wf3" {
		t.Errorf("triad Кf3 = %s %s; want wg1wf3", l.Verdict, l.Move)
	}
	if l := lines[6]; l.Verdict != "refused" || l.Reason != "ambiguous" {
		t.Errorf("triad dd (two pawn captures) = %s %s; want refused ambiguous", l.Verdict, l.Reason)
	}
}
