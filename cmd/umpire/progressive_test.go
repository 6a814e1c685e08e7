package main

import "testing"

// progressiveExamples are the worked examples of rules/progressive.md §8,
// verbatim.
var progressiveExamples = []scriptCase{
	{"example 1", []string{"-variant", "progressive"}, `
# umpire referee -variant progressive
white grow h1 R salt=11
#> 1 accepted | commitment seat=white note=1 hash=d449ebc63bb0eb03ad5eae6462a0872bbed4030878fbd3cd24b0f302a83b8155 >both
white f2f4
#> 2 accepted |                                   [W h1=R 1]
black grow b7 N salt=12
#> 3 accepted | commitment seat=black note=1 hash=f736c9d875a3a648cd734d76cb3a9ed9907e11699549dcbfca21b8298b01f61a >both
black a7a6
#> 4 accepted |                                   [B b7=N 1]
white g2g4
#> 5 accepted |                                   [W 2]
black a6a5
#> 6 accepted |                                   [B 2]
white f1f3
#> 7 accepted |                                   [W 3] (from rank 1 across the empty f2)
black h7h6
#> 8 accepted | converted square=b7 piece=N >both; reveal seat=black note=1 secret=b7=N salt=12 >both
white g1g3
#> 9 accepted |                                   [W 4]
black Nc5
#> 10 refused |                                   (Black owes a choice first)
black grow c7 B salt=13
#> 11 accepted | commitment seat=black note=2 hash=070c44f13e47a90746e16307a90c9274b53ab2d0d345a77403b1093b075d1b44 >both
black Nc5
#> 12 accepted |                                  [B c7=B 1] (the new knight moves)
white O-O
#> 13 impossible | impossible >white              (h1 still holds the growing pawn)
white e2e3
#> 14 accepted | converted square=h1 piece=R >both; reveal seat=white note=1 secret=h1=R salt=11 >both
black h6h5
#> 15 accepted |                                  [B 2]
white grow a2 Q salt=14
#> 16 accepted | commitment seat=white note=2 hash=c9d020a013f0fc7cf6c94d304d7125d4d0463a3cef55c99d6761fb670ef555c2 >both
white O-O
#> 17 accepted |                                  [W a2=Q 1] (Kg1, Rf1)
#> final board ppppkppp/..ppppp./......../p.n....p/.....PP./....PPP./PPPP...P/PPPP.RK.
`},
	{"example 2", []string{"-variant", "progressive", "-fen", "8/p7/5k2/1p6/2P2P2/8/7P/7K w - - 0 1"}, `
# umpire referee -variant progressive -fen "8/p7/5k2/1p6/2P2P2/8/7P/7K w - - 0 1"
white grow c4 N salt=21
#> 1 accepted | commitment seat=white note=1 hash=8bc01753ef3d3bdb0fa911829d19e1c045ba8af17dfe1870814703534d04d892 >both
white h2h3
#> 2 accepted |                                   [W c4=N 1]
black grow a7 B salt=22
#> 3 accepted | commitment seat=black note=1 hash=91d57447989617fc2d9e1fcf9e287f79fab72b02a9f3681ee0b531e048807572 >both
black a7a5
#> 4 impossible | impossible >black               (a7 is Black's own growing pawn)
black Kg5
#> 5 illegal | illegal >black                     (f4 attacks g5, and f4 is a candidate)
black bxc4
#> 6 accepted | capture square=c4 >both           [W none, B a7=B 1] (nothing more is said)
white Kg2
#> 7 refused |                                    (White owes a choice first)
white grow f4 R salt=23
#> 8 accepted | commitment seat=white note=2 hash=f3ebc54868e790a6f51aceb5e095c138cf8c44d21725873e0557c9195e5277c4 >both
white Kg2
#> 9 accepted |                                   [W f4=R 1]
black Kf5
#> 10 accepted | exposed square=f4 piece=R left=4 >both; reveal seat=white note=2 secret=f4=R salt=23 >both
white resign
#> 11 accepted | reveal seat=white note=1 secret=c4=N salt=21 >both;
#>               reveal seat=black note=1 secret=a7=B salt=22 >both; end result=0-1 reason=resignation >both
`},
}

func TestProgressiveExamples(t *testing.T) {
	t.Parallel()
	for _, sc := range progressiveExamples {
		t.Run(sc.name, func(t *testing.T) { runScriptCase(t, sc) })
	}
}
