package telegram

import "strings"

// The texts of the Telegram transport itself, in the bot's languages: the
// command menu, the labels of the buttons it adds, and its few notices.
// The bot's own texts are in the bot's catalog.
var texts = map[string]map[string]string{
	"en": {
		"group-move":  "Moves, game commands and secret choices go to me in our private chat, never here: {link}",
		"unreachable": "{name}, I cannot write to you in private. Open {link}, press Start, then send /board.",
		"not-yours":   "This button is not for you.",
		"btn.resign":  "🏳 Resign",
		"btn.draw":    "½ Draw",
		"btn.board":   "♟ Board",
		"btn.any":     "Any?",
		"ask.resign":  "Resign game {game}?",
		"yes.resign":  "Yes, resign",
		"no":          "No",
		"cancelled":   "Not done.",

		"cmd.new":    "make a game: /new kriegspiel",
		"cmd.games":  "your games and whose move it is",
		"cmd.board":  "your board again",
		"cmd.resign": "resign the game",
		"cmd.draw":   "offer or accept a draw",
		"cmd.rules":  "the variants and their rules",
		"cmd.watch":  "watch a game: /watch #N",
		"cmd.lang":   "language: /lang en, ru or eo",
		"cmd.name":   "your name in games",
		"cmd.help":   "how to play",
	},
	"ru": {
		"group-move":  "Ходы, игровые команды и тайные решения присылайте мне в личный чат, не сюда: {link}",
		"unreachable": "{name}, я не могу написать вам в личный чат. Откройте {link}, нажмите «Запустить», затем отправьте /board.",
		"not-yours":   "Эта кнопка не для вас.",
		"btn.resign":  "🏳 Сдаться",
		"btn.draw":    "½ Ничья",
		"btn.board":   "♟ Доска",
		"btn.any":     "Есть взятия?",
		"ask.resign":  "Сдать партию {game}?",
		"yes.resign":  "Да, сдаюсь",
		"no":          "Нет",
		"cancelled":   "Отменено.",

		"cmd.new":    "новая партия: /new kriegspiel",
		"cmd.games":  "ваши партии и чей ход",
		"cmd.board":  "ваша доска ещё раз",
		"cmd.resign": "сдаться",
		"cmd.draw":   "предложить или принять ничью",
		"cmd.rules":  "варианты и их правила",
		"cmd.watch":  "следить за партией: /watch #N",
		"cmd.lang":   "язык: /lang en, ru или eo",
		"cmd.name":   "ваше имя в партиях",
		"cmd.help":   "как играть",
	},
	"eo": {
		"group-move":  "Movojn, ludkomandojn kaj sekretajn elektojn sendu al mi en nia privata babilejo, neniam ĉi tie: {link}",
		"unreachable": "{name}, mi ne povas skribi al vi private. Malfermu {link}, premu Start, poste sendu /board.",
		"not-yours":   "Ĉi tiu butono ne estas por vi.",
		"btn.resign":  "🏳 Rezigni",
		"btn.draw":    "½ Remis",
		"btn.board":   "♟ Tabulo",
		"btn.any":     "Ĉu iu?",
		"ask.resign":  "Ĉu rezigni la ludon {game}?",
		"yes.resign":  "Jes, mi rezignas",
		"no":          "Ne",
		"cancelled":   "Ne farite.",

		"cmd.new":    "nova ludo: /new kriegspiel",
		"cmd.games":  "viaj ludoj kaj kies movo",
		"cmd.board":  "via tabulo denove",
		"cmd.resign": "rezigni la ludon",
		"cmd.draw":   "proponi aŭ akcepti remison",
		"cmd.rules":  "la variantoj kaj iliaj reguloj",
		"cmd.watch":  "spekti ludon: /watch #N",
		"cmd.lang":   "lingvo: /lang en, ru aŭ eo",
		"cmd.name":   "via nomo en ludoj",
		"cmd.help":   "kiel ludi",
	},
}

// text returns text id in lang (English when lang has none) with the
// arguments kv (name, value, …) filled in for {name}.
func text(lang, id string, kv ...string) string {
	t, ok := texts[lang][id]
	if !ok {
		t = texts["en"][id]
	}
	for i := 0; i+1 < len(kv); i += 2 {
		t = strings.ReplaceAll(t, "{"+kv[i]+"}", kv[i+1])
	}
	return t
}
