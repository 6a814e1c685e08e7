// Package render draws a referee.View as a small paletted PNG: the picture
// a player gets after every move.
//
// There are only a few things here. PNG (or Image, or Encode) takes a View
// and Options and returns the picture; it never sees a game, so it can only
// draw what the seat may know. A Geometry lays one shape of board out on
// the picture (square.go the 8×8 board, triad.go the 96-cell board of
// three-player chess); the drawing code is the same for every geometry.
//
// What a picture shows:
//   - a header strip above the board with the caller's words
//     (Options.Header: the game, the seat, the move, whose turn);
//   - the seat's own side at the bottom (View.Bottom; Black turns the
//     board round), file and rank labels on the frame;
//   - every man of rules/README.md: K Q R B N P from Noto Sans Symbols2;
//     D the queen under a round orb; G an eight-pointed star; C the king
//     upside down; A the knight-queen; S a draughts man; X the same stone
//     with a red disc (the letter reaches a view only for its owner and
//     god); with Options.Beasts, K a lion and D a unicorn (Symbola);
//   - fog ('?') as grey-blue hatching that keeps the squares' tone, never
//     like an empty square;
//   - the seat's last move as yellow squares (a yellow frame on fog), what
//     it saw of the other side's last move as blue ones (View.Seen), a red
//     cross where a man of the seat was taken or vanished (View.Marks), an
//     orange frame where a check comes from (View.Checks), an orange disc
//     under a king in check (View.InCheck), a red disc and a "#" under and
//     on a mated one (View.Mated);
//   - the secrets the view holds: a gold crown on the crowned monarch, a
//     growing pawn's target piece and turns left, the mine;
//   - on the three-player board (View.Cells two bytes a cell: army and
//     man), three armies: White white with black lines, Black black with
//     white lines, Red vermilion with white lines and a black rim — apart in
//     lightness as well as hue, so colour-blind eyes tell them apart; the
//     Thrones ringed in gold; from View.Diplomacy, a disc in the holder's
//     colours on the men of an army whose Throne is held, a grey disc
//     struck through on a neutral army's men, a disc in each Lord's colours
//     on a Servant's king;
//   - a caption strip with the lines the caller passes, wrapped to fit
//     (the words of the diplomatic state are the caller's).
//
// Pictures are deterministic: the same View and Options give the same
// bytes. All functions are safe for concurrent use; fonts, men, layouts
// with their empty boards, and the palette are built once and cached
// (bounded caches), and a picture being encoded comes from a pool.
//
// The fonts are subsets of Noto Sans, Noto Sans Symbols2 (SIL OFL 1.1) and
// Symbola (free for any use), embedded from fonts/, where their licences
// and the script that made the subsets are kept.
package render
