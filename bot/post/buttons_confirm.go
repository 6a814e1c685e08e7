package post

// ConfirmPrefix begins a button's command that asks first: the bot
// answers it with a question and buttons yes and no (the door's ask.go).
const ConfirmPrefix = "?"
