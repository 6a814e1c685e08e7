package tgtest

import "encoding/json"

// The Bot API's objects, as much of them as the umpire uses, with the
// field names of the Bot API documentation. They are written here rather
// than taken from the client library, so that the client is checked
// against the API and not against itself.

// User is a Telegram user or bot.
type User struct {
	ID           int64  `json:"id"`
	IsBot        bool   `json:"is_bot"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name,omitempty"`
	Username     string `json:"username,omitempty"`
	LanguageCode string `json:"language_code,omitempty"`

	CanJoinGroups           bool `json:"can_join_groups,omitempty"`
	CanReadAllGroupMessages bool `json:"can_read_all_group_messages,omitempty"`
	// HasTopicsEnabled is a bot's topic mode (Bot API 9.3), turned on in
	// @BotFather: its private chats may hold topics.
	HasTopicsEnabled          bool `json:"has_topics_enabled,omitempty"`
	AllowsUsersToCreateTopics bool `json:"allows_users_to_create_topics,omitempty"`
}

// Chat is a private chat, a group or a supergroup.
type Chat struct {
	ID        int64  `json:"id"`
	Type      string `json:"type"` // "private", "group", "supergroup"
	Title     string `json:"title,omitempty"`
	Username  string `json:"username,omitempty"`
	FirstName string `json:"first_name,omitempty"`
	IsForum   bool   `json:"is_forum,omitempty"` // a supergroup whose messages are in topics
}

// Message is a message in a chat.
type Message struct {
	MessageID           int                   `json:"message_id"`
	From                *User                 `json:"from,omitempty"`
	Date                int64                 `json:"date"`
	Chat                Chat                  `json:"chat"`
	Text                string                `json:"text,omitempty"`
	Entities            []MessageEntity       `json:"entities,omitempty"`
	Photo               []PhotoSize           `json:"photo,omitempty"`
	Document            *Document             `json:"document,omitempty"`
	Animation           *Document             `json:"animation,omitempty"`
	Caption             string                `json:"caption,omitempty"`
	ReplyToMessage      *Message              `json:"reply_to_message,omitempty"`
	ReplyMarkup         *InlineKeyboardMarkup `json:"reply_markup,omitempty"`
	HasProtectedContent bool                  `json:"has_protected_content,omitempty"`
	EditDate            int64                 `json:"edit_date,omitempty"`
	// A service message of a group that became a supergroup: in the old
	// group it names the new id, in the supergroup the old one.
	MigrateToChatID   int64 `json:"migrate_to_chat_id,omitempty"`
	MigrateFromChatID int64 `json:"migrate_from_chat_id,omitempty"`
	// A message in a topic has the topic's id, the id of the service
	// message that opened it (forum_topic_created), and is_topic_message.
	MessageThreadID   int                `json:"message_thread_id,omitempty"`
	IsTopicMessage    bool               `json:"is_topic_message,omitempty"`
	ForumTopicCreated *ForumTopicCreated `json:"forum_topic_created,omitempty"`
	ForumTopicEdited  *ForumTopicEdited  `json:"forum_topic_edited,omitempty"`
	ForumTopicClosed  *struct{}          `json:"forum_topic_closed,omitempty"`
}

// ForumTopic is a topic as createForumTopic answers it.
type ForumTopic struct {
	MessageThreadID int    `json:"message_thread_id"`
	Name            string `json:"name"`
	IconColor       int    `json:"icon_color"`
}

// ForumTopicCreated is the service message that opens a topic.
type ForumTopicCreated struct {
	Name      string `json:"name"`
	IconColor int    `json:"icon_color"`
}

// ForumTopicEdited is the service message of a topic renamed.
type ForumTopicEdited struct {
	Name string `json:"name,omitempty"`
}

// EphemeralMessageParameters make a message one that only one member of a
// group sees (Bot API 10.2).
type EphemeralMessageParameters struct {
	ReceiverUserID              int64  `json:"receiver_user_id"`
	CallbackQueryID             string `json:"callback_query_id,omitempty"`
	ReplaceCallbackQueryMessage bool   `json:"replace_callback_query_message,omitempty"`
}

// MessageEntity marks a command, a mention or a link in a text.
type MessageEntity struct {
	Type   string `json:"type"`
	Offset int    `json:"offset"` // in UTF-16 code units
	Length int    `json:"length"`
}

// Document is a file sent as a document or an animation.
type Document struct {
	FileID       string `json:"file_id"`
	FileUniqueID string `json:"file_unique_id"`
	FileName     string `json:"file_name,omitempty"`
	MimeType     string `json:"mime_type,omitempty"`
	FileSize     int    `json:"file_size,omitempty"`
}

// PhotoSize is one size of a photo.
type PhotoSize struct {
	FileID       string `json:"file_id"`
	FileUniqueID string `json:"file_unique_id"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	FileSize     int    `json:"file_size,omitempty"`
}

// InlineKeyboardMarkup is a keyboard under a message.
type InlineKeyboardMarkup struct {
	InlineKeyboard [][]InlineKeyboardButton `json:"inline_keyboard"`
}

// InlineKeyboardButton is a button of an inline keyboard: exactly one of
// URL, CallbackData and WebApp is set. Style (Bot API 9.4) is "danger"
// (red), "success" (green), "primary" (blue), or none for the app's own.
type InlineKeyboardButton struct {
	Text         string      `json:"text"`
	Style        string      `json:"style,omitempty"`
	URL          *string     `json:"url,omitempty"`
	CallbackData *string     `json:"callback_data,omitempty"`
	WebApp       *WebAppInfo `json:"web_app,omitempty"`
}

// WebAppInfo is the Mini App a button or the menu button opens.
type WebAppInfo struct {
	URL string `json:"url"`
}

// MenuButton is the bot's menu button in private chats: "commands",
// "default", or "web_app" with its text and Mini App.
type MenuButton struct {
	Type   string      `json:"type"`
	Text   string      `json:"text,omitempty"`
	WebApp *WebAppInfo `json:"web_app,omitempty"`
}

// CallbackQuery is a press of an inline button.
type CallbackQuery struct {
	ID           string   `json:"id"`
	From         User     `json:"from"`
	Message      *Message `json:"message,omitempty"`
	ChatInstance string   `json:"chat_instance"`
	Data         string   `json:"data,omitempty"`
}

// Update is one event for the bot.
type Update struct {
	UpdateID      int            `json:"update_id"`
	Message       *Message       `json:"message,omitempty"`
	EditedMessage *Message       `json:"edited_message,omitempty"`
	CallbackQuery *CallbackQuery `json:"callback_query,omitempty"`
}

// BotCommand is one command of the menu.
type BotCommand struct {
	Command     string `json:"command"`
	Description string `json:"description"`
}

// BotCommandScope says to whom a command list applies.
type BotCommandScope struct {
	Type   string `json:"type"`
	ChatID int64  `json:"chat_id,omitempty"`
	UserID int64  `json:"user_id,omitempty"`
}

// inputMedia is an InputMedia, the new content of editMessageMedia: its
// type ("photo"), its media (a file_id, or attach://<name> of a part of
// the upload) and caption.
type inputMedia struct {
	Type    string `json:"type"`
	Media   string `json:"media"`
	Caption string `json:"caption,omitempty"`
}

// response is the envelope of every answer.
type response struct {
	OK          bool                `json:"ok"`
	Result      any                 `json:"result,omitempty"`
	ErrorCode   int                 `json:"error_code,omitempty"`
	Description string              `json:"description,omitempty"`
	Parameters  *responseParameters `json:"parameters,omitempty"`
}

type responseParameters struct {
	RetryAfter      int   `json:"retry_after,omitempty"`
	MigrateToChatID int64 `json:"migrate_to_chat_id,omitempty"`
}

// decodeJSON reads a JSON-serialized parameter.
func decodeJSON(s string, v any) error { return json.Unmarshal([]byte(s), v) }
