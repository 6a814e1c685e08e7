// Package tgtest is a fake Telegram Bot API server for tests: a real HTTP
// server on loopback that speaks the shapes of the Bot API methods the
// umpire uses, so that the Telegram transport is tested through its real
// client, its real HTTP and its real multipart uploads.
//
// A Server holds users, group chats, the updates waiting for the bot and
// everything the bot sent. Tests add users and groups, inject what users do
// (Private, Group, Press, FollowLink, Delete) and read what the bot sent
// (Sent, To, Photos, WaitFor). The methods served are getMe, getUpdates
// (long polls with offset, limit and timeout, confirming updates as
// Telegram does), sendMessage, sendPhoto (multipart, the bytes kept per
// chat), sendDocument, sendAnimation, editMessageText, editMessageMedia (a
// photo's picture and caption replaced: multipart, the InputMediaPhoto
// naming its part as attach://<name>), answerCallbackQuery, setMyCommands,
// getMyCommands, setChatMenuButton, getChatMenuButton, setWebhook,
// deleteWebhook and getChatMember (a group's members, set with
// SetMember). Like Telegram it refuses to write first to a user who
// never started the bot (403), edits only the bot's own messages, each
// into one of its kind, checks inline keyboards (callback data of 1 to 64
// bytes), and answers 409 to a second poller. Failures such as a 429 with
// retry_after are injected with Fail.
//
// A Server is safe for concurrent use. Nothing in it sleeps: a long poll
// waits on a channel for an update, for its timeout (a timer from the
// Server's After, which tests may replace) or for the client to go away.
package tgtest
