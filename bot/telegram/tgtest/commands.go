package tgtest

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"unicode/utf8"
)

// Answer is the bot's answer to a callback query.
type Answer struct {
	Text      string
	ShowAlert bool
	URL       string
}

// answerCallbackQuery answers a press, once.
func (s *Server) answerCallbackQuery(p params) (any, *apiError) {
	id := p.get("callback_query_id")
	if utf8.RuneCountInString(p.get("text")) > 200 {
		return nil, badRequest("MESSAGE_TOO_LONG")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.answers[id]
	if !ok || a != nil {
		return nil, badRequest("query is too old and response timeout expired or query ID is invalid")
	}
	s.answers[id] = &Answer{Text: p.get("text"), ShowAlert: p.get("show_alert") == "true", URL: p.get("url")}
	s.changedLocked()
	return true, nil
}

// AnswerTo returns the bot's answer to the callback query of an update,
// and whether it answered.
func (s *Server) AnswerTo(updateID int) (Answer, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.answers[s.queries[updateID]]
	if a == nil {
		return Answer{}, false
	}
	return *a, true
}

// WaitAnswer waits until the callback query of an update is answered, and
// returns the answer; it fails when ctx is done first.
func (s *Server) WaitAnswer(ctx context.Context, updateID int) (Answer, error) {
	for {
		s.mu.Lock()
		a, ch := s.answers[s.queries[updateID]], s.changed
		s.mu.Unlock()
		if a != nil {
			return *a, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return Answer{}, fmt.Errorf("tgtest: waiting for the answer to update %d: %w", updateID, context.Cause(ctx))
		}
	}
}

var commandName = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

var scopeTypes = map[string]bool{
	"default": true, "all_private_chats": true, "all_group_chats": true,
	"all_chat_administrators": true, "chat": true, "chat_administrators": true, "chat_member": true,
}

// setMyCommands sets the command menu for a scope and a language.
func (s *Server) setMyCommands(p params) (any, *apiError) {
	var cmds []BotCommand
	if err := decodeJSON(p.get("commands"), &cmds); err != nil {
		return nil, badRequest("can't parse commands JSON object")
	}
	if len(cmds) > 100 {
		return nil, badRequest("too many commands")
	}
	for _, c := range cmds {
		if !commandName.MatchString(c.Command) {
			return nil, badRequest("BOT_COMMAND_INVALID")
		}
		if n := utf8.RuneCountInString(c.Description); n < 1 || n > 256 {
			return nil, badRequest("command description must be non-empty")
		}
	}
	key, aerr := commandsKey(p)
	if aerr != nil {
		return nil, aerr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.commands[key] = cmds
	s.changedLocked()
	return true, nil
}

// getMyCommands returns the menu of a scope and language.
func (s *Server) getMyCommands(p params) (any, *apiError) {
	key, aerr := commandsKey(p)
	if aerr != nil {
		return nil, aerr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]BotCommand{}, s.commands[key]...), nil
}

// commandsKey reads scope and language_code: "scope/lang".
func commandsKey(p params) (string, *apiError) {
	scope := BotCommandScope{Type: "default"}
	if raw := p.get("scope"); raw != "" {
		if err := decodeJSON(raw, &scope); err != nil || !scopeTypes[scope.Type] {
			return "", badRequest("can't parse BotCommandScope")
		}
	}
	lang := p.get("language_code")
	if lang != "" && !regexp.MustCompile(`^[a-z]{2}$`).MatchString(lang) {
		return "", badRequest("invalid language code specified")
	}
	return CommandsKey(scope, lang), nil
}

// CommandsKey names a command list for Commands.
func CommandsKey(scope BotCommandScope, lang string) string {
	k := scope.Type
	if scope.ChatID != 0 || scope.UserID != 0 {
		k += fmt.Sprintf(":%d:%d", scope.ChatID, scope.UserID)
	}
	return k + "/" + lang
}

// Commands returns the menu set for a scope type ("default",
// "all_private_chats", …) and a language ("" for all), and whether one was
// set.
func (s *Server) Commands(scope, lang string) ([]BotCommand, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.commands[CommandsKey(BotCommandScope{Type: scope}, lang)]
	return append([]BotCommand{}, c...), ok
}

// setChatMenuButton sets the default menu button of private chats (the
// bot sets no chat's own): "default", "commands", or "web_app" with text
// and an https Mini App.
func (s *Server) setChatMenuButton(p params) (any, *apiError) {
	if p.get("chat_id") != "" {
		return nil, badRequest("the fake sets only the default menu button")
	}
	var m MenuButton
	if raw := p.get("menu_button"); raw != "" {
		if err := decodeJSON(raw, &m); err != nil {
			return nil, badRequest("can't parse menu button JSON object")
		}
	} else {
		m.Type = "default"
	}
	switch m.Type {
	case "default", "commands":
	case "web_app":
		if m.Text == "" || m.WebApp == nil {
			return nil, badRequest("text and web_app must be non-empty")
		}
		if u, err := url.Parse(m.WebApp.URL); err != nil || u.Scheme != "https" || u.Host == "" {
			return nil, badRequest("BUTTON_URL_INVALID")
		}
	default:
		return nil, badRequest("unsupported menu button type")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.menu = &m
	s.changedLocked()
	return true, nil
}

// getChatMenuButton returns the default menu button.
func (s *Server) getChatMenuButton(p params) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.menu == nil {
		return MenuButton{Type: "default"}, nil
	}
	return *s.menu, nil
}

// Menu is the default menu button the bot set, nil before it set one.
func (s *Server) Menu() *MenuButton {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.menu == nil {
		return nil
	}
	m := *s.menu
	return &m
}
