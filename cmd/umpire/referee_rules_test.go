package main

import "testing"

// Tests of issue 11, each named after the rule it checks and run through
// `umpire referee` as a player's script would be.

// progressive.md 6.2: a pass made while the passer's pawn grows does not
// count towards a stalemate, even when the pawn converts at the end of it.
// White's c7 converts at the end of White's third pass; Black then passes
// with no pawn growing, and White, owing a new choice, moves the bishop.
func TestProgressive62PassWhileGrowingIsNoStalemate(t *testing.T) {
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
