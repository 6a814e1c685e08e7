package main

import (
	"context"
	"errors"
)

func init() {
	commands = append(commands, command{"serve", "run the bot (default)", serveCmd})
}

// serveCmd runs the bot. The bot package is not wired yet.
func serveCmd(ctx context.Context, args []string, e *env) error {
	return errors.New("serve: the bot is not built yet; try `umpire referee` or `umpire perft`")
}
