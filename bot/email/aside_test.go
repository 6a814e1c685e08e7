package email

import (
	"strings"
	"testing"
)

// A mail whose Message-ID is 40 KB long is answered or set aside, and the
// next mail is answered either way: nothing a stranger writes in a header
// stops the mailbox.
func TestLongMessageIDDoesNotStopTheMailbox(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	long := strings.Repeat("x", 40<<10) + "@example.org"
	tb.imap.deliver(t, mailFrom(alice, botAddr, "hello", long, "help"))
	tb.write(t, bob, "help")
	if n := tb.next(t, bob); n.text == "" {
		t.Error("bob's help was not answered")
	}
}

// A delivery report whose Final-Recipient is 40 KB long is passed over
// (no address is that long; before that was checked, the bot set it aside
// after AsideAfter failures, see bot.TestFailingMessageSetAside), and the
// next mail is answered; nobody is told of a bounce.
func TestLongFinalRecipientDoesNotStopTheMailbox(t *testing.T) {
	t.Parallel()
	tb := newTable(t, nil)
	_, black := tb.start(t)
	rcpt := strings.Repeat("y", 40<<10) + "@example.org"
	dsn := []byte("From: MAILER-DAEMON@example.net\r\nTo: " + botAddr + "\r\nSubject: Undelivered Mail\r\n" +
		"Message-ID: <dsn-long@example.net>\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/report; report-type=delivery-status; boundary=\"r\"\r\n\r\n" +
		"--r\r\nContent-Type: text/plain\r\n\r\nfailed\r\n" +
		"--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.net\r\n\r\n" +
		"Final-Recipient: rfc822; " + rcpt + "\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n" +
		"--r\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: Umpire <" + botAddr + ">\r\nReply-To: <" + black.replyTo() + ">\r\n" +
		"To: " + bob + "\r\nSubject: " + black.subject() + "\r\nMessage-ID: <" + black.messageID() + ">\r\n\r\n--r--\r\n")
	tb.imap.deliver(t, dsn)
	tb.write(t, bob, "help")
	for {
		n := tb.next(t, bob)
		if told(n, "help") || strings.Contains(n.text, "help") {
			break
		}
	}
	tb.empty(t, alice)
}
