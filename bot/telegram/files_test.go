package telegram

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/gif"
	"testing"

	"umpire/bot/wire"
)

// TestSendFiles: a message's files follow its picture, the record as a
// document and the replay as an animation, each uploaded with its name;
// the fake Bot API takes them as Telegram does (multipart, a GIF that
// decodes for an animation).
func TestSendFiles(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.srv.Start(ann)
	var anim bytes.Buffer
	pal := color.Palette{color.Black, color.White}
	_ = gif.EncodeAll(&anim, &gif.GIF{Image: []*image.Paletted{image.NewPaletted(image.Rect(0, 0, 2, 2), pal)}, Delay: []int{10}})
	pgn := []byte("[Event \"umpire game #1\"]\n\n1. e4 *\n")
	err := f.tr.Send(context.Background(), wire.Message{To: addr("1001"), Text: "Game #1 is over.", Image: testPNG(t),
		Seat: "god", Game: 1, Files: []wire.File{
			{Name: "game-1.pgn", Type: "application/x-chess-pgn", Data: pgn},
			{Name: "game-1.gif", Type: "image/gif", Data: anim.Bytes()},
		}})
	if err != nil {
		t.Fatal(err)
	}
	sent := f.srv.To(ann)
	if len(sent) != 3 {
		t.Fatalf("sent %d messages; want the picture, the document, the animation", len(sent))
	}
	if m := sent[1]; m.Method != "sendDocument" || m.FileName != "game-1.pgn" || !bytes.Equal(m.File, pgn) {
		t.Errorf("second message %s %q (%d bytes); want the record as a document", m.Method, m.FileName, len(m.File))
	}
	if m := sent[2]; m.Method != "sendAnimation" || m.FileName != "game-1.gif" || !bytes.Equal(m.File, anim.Bytes()) {
		t.Errorf("third message %s %q; want the replay as an animation", m.Method, m.FileName)
	}
	// Not a GIF: the API refuses it as an animation, and the send fails.
	err = f.tr.Send(context.Background(), wire.Message{To: addr("1001"), Text: "x",
		Files: []wire.File{{Name: "game-1.gif", Type: "image/gif", Data: []byte("not a gif")}}})
	if err == nil {
		t.Error("an animation that is no GIF was sent")
	}
}
