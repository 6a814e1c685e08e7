package texts

// The names of the topics a conversation gets in a chat that has topics
// (bot/post's topics.go), in each language: a game's, named for the game
// and, in a player's own chat, the others at its table; a tournament's;
// and, at the end, the same name with how it ended.

// chatsEN are the English names of topics.
var chatsEN = map[string]string{
	"topic.game":    "#{game} {Variant}",
	"topic.game-vs": "#{game} {Variant} vs {names}",
	"topic.tourney": "Tournament {tourney}: {variant}",
	"topic.over":    "{name} · {result}",
	"topic.done":    "finished",
}

// chatsRU are the Russian names of topics.
var chatsRU = map[string]string{
	"topic.game":    "#{game} {Variant}",
	"topic.game-vs": "#{game} {Variant} против {names}",
	"topic.tourney": "Турнир {tourney}: {variant}",
	"topic.over":    "{name} · {result}",
	"topic.done":    "завершён",
}

// chatsEO are the Esperanto names of topics.
var chatsEO = map[string]string{
	"topic.game":    "#{game} {Variant}",
	"topic.game-vs": "#{game} {Variant} kontraŭ {names}",
	"topic.tourney": "Turniro {tourney}: {variant}",
	"topic.over":    "{name} · {result}",
	"topic.done":    "finita",
}
