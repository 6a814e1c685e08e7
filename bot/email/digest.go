package email

import (
	"fmt"
	"html"
	"strings"

	"umpire/bot/wire"
)

// digestBody is the body of a daily digest (wire.Message.Sections): the
// plain text of the introduction and of every game's section with its
// board, and an HTML page that shows each game's picture inline under its
// text, the pictures once each in a multipart/related. Each section ends
// with the address to write to for its game, the seat's own reply
// address: the digest itself carries no key.
func (l letter) digestBody() part {
	plain := plainText(wire.Message{Text: l.msg.Text})
	var page strings.Builder
	page.WriteString("<!DOCTYPE html>\n<html><body>\n")
	htmlLines(&page, l.msg.Text)
	related := []part{{}} // the page, made last
	for i, s := range l.msg.Sections {
		plain += "\n" + sectionRule + "\n\n" + plainText(wire.Message{Text: s.Text, Board: s.Board})
		page.WriteString("<hr>\n")
		htmlLines(&page, s.Text)
		if len(s.Image) == 0 {
			continue
		}
		cid := fmt.Sprintf("board%d@%s", i+1, l.domain())
		fmt.Fprintf(&page, "<p><img src=\"cid:%s\" alt=\"%s\"></p>\n", cid, html.EscapeString(firstLine(s.Text)))
		related = append(related, imagePart(s.Image, fmt.Sprintf("board-%d.png", i+1), cid))
	}
	page.WriteString("</body></html>\n")
	related[0] = textPart("text/html", page.String())
	return multipart("multipart/alternative", textPart("text/plain", plain), multipart("multipart/related", related...))
}

// sectionRule separates a digest's games in its plain text.
const sectionRule = "________________________________"
