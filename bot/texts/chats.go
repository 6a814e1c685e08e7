package texts

// The words of the chats' newer frames, in each language: the names of
// the topics a conversation gets in a chat that has topics (bot/post's
// topics.go) — a game's, named for the game and, in a player's own chat,
// the others at its table; a tournament's; and, at the end, the same name
// with how it ended — and the Mini App's button to full screen.

// chatsEN are the English words.
var chatsEN = map[string]string{
	"topic.game":    "#{game} {Variant}",
	"topic.game-vs": "#{game} {Variant} vs {names}",
	"topic.tourney": "Tournament {tourney}: {variant}",
	"topic.over":    "{name} · {result}",
	"topic.done":    "finished",

	"app.fullscreen":      "⛶ Full screen",
	"app.exit-fullscreen": "Leave full screen",
}

// chatsRU are the Russian words.
var chatsRU = map[string]string{
	"topic.game":    "#{game} {Variant}",
	"topic.game-vs": "#{game} {Variant} против {names}",
	"topic.tourney": "Турнир {tourney}: {variant}",
	"topic.over":    "{name} · {result}",
	"topic.done":    "завершён",

	"app.fullscreen":      "⛶ Во весь экран",
	"app.exit-fullscreen": "Выйти из полноэкранного режима",
}

// chatsEO are the Esperanto words.
var chatsEO = map[string]string{
	"topic.game":    "#{game} {Variant}",
	"topic.game-vs": "#{game} {Variant} kontraŭ {names}",
	"topic.tourney": "Turniro {tourney}: {variant}",
	"topic.over":    "{name} · {result}",
	"topic.done":    "finita",

	"app.fullscreen":      "⛶ Plenekrane",
	"app.exit-fullscreen": "Eliri el plenekrano",
}
