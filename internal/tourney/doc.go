// Package tourney holds the arithmetic of a round robin, apart from any
// store or chat: who plays whom in which round (Berger's tables, and
// groups of three for three-player chess), and the standings from the
// results (points, then Sonneborn–Berger). bot/club runs tournaments
// with it; bot/post draws their tables with it.
package tourney
