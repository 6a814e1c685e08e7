// Package tgtest is a fake Telegram Bot API server for tests: a real HTTP
// server on loopback that speaks the shapes of the Bot API methods the
// umpire uses, so that the Telegram transport is tested through its real
// client, its real HTTP and its real multipart uploads.
//
// A Server holds users, group chats, the updates waiting for the bot and
// everything the bot sent. Tests add users, groups and forums, inject what
// users do (Private, Group, InTopic, Press, FollowLink, Delete,
// EditMessage, CloseTopic) and read what the bot sent (Sent, To, Photos,
// Topics, WaitFor). The methods served are getMe, getUpdates
// (long polls with offset, limit and timeout, confirming updates as
// Telegram does, and only the kinds allowed_updates asks for),
// sendMessage, sendPhoto (multipart, the bytes kept per chat),
// sendDocument, sendAnimation, editMessageText, editMessageMedia (a
// photo's picture and caption replaced: multipart, the InputMediaPhoto
// naming its part as attach://<name>), answerCallbackQuery, setMyCommands,
// getMyCommands, setChatMenuButton, getChatMenuButton, setWebhook,
// deleteWebhook, getChatMember (a group's members, set with SetMember),
// and the topics' createForumTopic, editForumTopic and closeForumTopic
// (topics.go: in forums and in the private chats of a bot in topic mode,
// with the refusals tdlib/telegram-bot-api #847 reports). Sends take
// message_thread_id (a topic) and ephemeral_message_parameters (a message
// only one member of a group sees, ephemeral.go). Like Telegram it
// refuses to write first to a user who never started the bot (403), edits
// only the bot's own messages, each into one of its kind, checks inline
// keyboards (callback data of 1 to 64 bytes, the styles of Bot API 9.4),
// and answers 409 to a second poller. Failures such as a 429 with
// retry_after are injected with Fail.
//
// A Server is safe for concurrent use. Nothing in it sleeps: a long poll
// waits on a channel for an update, for its timeout (a timer from the
// Server's After, which tests may replace) or for the client to go away.
package tgtest
