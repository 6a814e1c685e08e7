package email

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readTests are the mails in testdata/mail and what the umpire reads of
// them.
var readTests = []struct {
	file    string
	from    string
	command string
	subject string
	check   func(t *testing.T, m *Mail)
}{
	{file: "plain.eml", from: "alice@example.org", command: "Nf3", subject: "Re: Kriegspiel #12, move 3 [#12]",
		check: func(t *testing.T, m *Mail) {
			if m.MessageID != "plain-1@example.org" || m.Name != "Alice Liddell" {
				t.Errorf("MessageID, Name = %q, %q", m.MessageID, m.Name)
			}
			if !slices.Contains(m.To, "umpire+12-0123456789abcdef@example.net") {
				t.Errorf("To = %q", m.To)
			}
		}},
	{file: "top-posted.eml", from: "bob@example.org", command: "e5, d5",
		check: func(t *testing.T, m *Mail) {
			if !slices.Equal(m.References, []string{"u.root@example.net", "u.abc@example.net"}) || !slices.Equal(m.InReplyTo, []string{"u.abc@example.net"}) {
				t.Errorf("References, InReplyTo = %q, %q", m.References, m.InReplyTo)
			}
		}},
	{file: "outlook.eml", from: "carol@example.com", command: "Qxf7"},
	{file: "bottom-posted.eml", from: "dave@example.org", command: "Ng5"},
	{file: "wrapped.eml", from: "erin@example.org", command: "0-0"},
	{file: "russian.eml", from: "vanya@example.ru", command: "Кf3",
		check: func(t *testing.T, m *Mail) {
			if m.Name != "Ваня" {
				t.Errorf("Name = %q; want Ваня", m.Name)
			}
		}},
	{file: "russian-2.eml", from: "vanya@example.ru", command: "Сf4"},
	{file: "koi8r.eml", from: "vanya@example.ru", command: "Кg1-f3", subject: "Ответ: партия #3",
		check: func(t *testing.T, m *Mail) {
			if m.Name != "Ваня" {
				t.Errorf("Name = %q; want Ваня", m.Name)
			}
		}},
	{file: "html-only.eml", from: "frank@example.org", command: "Bxc6"},
	{file: "html-outlook.eml", from: "grace@example.org", command: "Ra8 & then?"},
	{file: "alternative.eml", from: "heidi@example.org", command: "Qh5, Qh4, Qh3"},
	{file: "attachment-only.eml", from: "ivan@example.org", command: ""},
	{file: "auto-reply.eml", from: "judy@example.org", command: "I am away until Monday.",
		check: func(t *testing.T, m *Mail) {
			if !m.Auto {
				t.Error("Auto = false; want true")
			}
		}},
	{file: "dsn.eml", from: "mailer-daemon@example.net", command: "",
		check: func(t *testing.T, m *Mail) {
			want := Bounce{Recipient: "bob@example.org", Status: "5.1.1", Original: "u.abc@example.net",
				ReplyTo: []string{"umpire+12-fedcba9876543210@example.net", "umpire+12-fedcba9876543210@example.net"},
				Subject: "Kriegspiel #12, move 4 [#12]"}
			if m.Bounce == nil || !m.Auto {
				t.Fatalf("Bounce, Auto = %v, %v; want a bounce", m.Bounce, m.Auto)
			}
			if b := *m.Bounce; b.Recipient != want.Recipient || b.Status != want.Status || b.Original != want.Original ||
				!slices.Equal(b.ReplyTo, want.ReplyTo) || b.Subject != want.Subject || !b.Permanent() {
				t.Errorf("Bounce = %+v; want %+v", b, want)
			}
		}},
	{file: "dmarc-fail.eml", from: "alice@example.org", command: "resign",
		check: func(t *testing.T, m *Mail) {
			if len(m.AuthResults) != 2 || !strings.HasPrefix(m.AuthResults[0], "mx.example.net;") {
				t.Errorf("AuthResults = %q; want both headers, the receiving server's first", m.AuthResults)
			}
		}},
	{file: "no-message-id.eml", from: "alice@example.org", command: "help",
		check: func(t *testing.T, m *Mail) {
			if !strings.HasPrefix(m.MessageID, "sha256-") {
				t.Errorf("MessageID = %q; want a digest", m.MessageID)
			}
		}},
}

func TestReadMail(t *testing.T) {
	t.Parallel()
	for _, tt := range readTests {
		t.Run(tt.file, func(t *testing.T) {
			m := readFile(t, tt.file)
			if m.From != tt.from || m.Command != tt.command {
				t.Errorf("ReadMail(%s): From, Command = %q, %q; want %q, %q", tt.file, m.From, m.Command, tt.from, tt.command)
			}
			if tt.subject != "" && m.Subject != tt.subject {
				t.Errorf("ReadMail(%s): Subject = %q; want %q", tt.file, m.Subject, tt.subject)
			}
			if m.TooLarge {
				t.Errorf("ReadMail(%s): TooLarge", tt.file)
			}
			if tt.check != nil {
				tt.check(t, m)
			}
		})
	}
}

// readFile reads testdata/mail/name.
func readFile(t *testing.T, name string) *Mail {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "mail", name))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ReadMail(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("ReadMail(%s): %v", name, err)
	}
	return m
}

// bigMail is a 5 MB mail: a move and a large attachment.
func bigMail(t testing.TB) []byte {
	raw, err := os.ReadFile(filepath.Join("testdata", "mail", "big-header.eml"))
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Repeat("QUJD", 19) + "\r\n"
	return append(raw, strings.Repeat(line, 5<<20/len(line))...)
}

func TestReadMailTooLarge(t *testing.T) {
	t.Parallel()
	raw := bigMail(t)
	m, err := ReadMail(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if !m.TooLarge || m.Command != "" || m.From != "mallory@example.org" || m.MessageID != "big-16@example.org" || m.Subject != "Re: Kriegspiel #12 (big)" {
		t.Errorf("ReadMail(5 MB) = %+v; want TooLarge, the header and no command", m)
	}
}

// commandTests are bodies and the command read from them.
var commandTests = []struct{ body, want string }{
	{"", ""},
	{"\n\n  e4  \n", "e4"},
	{"e4\r\n\r\nthanks", "e4"},
	{"new kriegspiel\nwith bob@example.org\n\nsee you", "new kriegspiel\nwith bob@example.org"},
	{"> quoted\n>> more\n\nd4", "d4"},
	{"d4\n> quoted", "d4"},
	{"-- \nsig only", ""},
	{"e4\n--\nsig", "e4"},
	{"\uFEFFe4", "e4"},
	{"-----Original Message-----\nresign", ""},
	{"e4\n-------- Исходное сообщение --------\nresign", "e4"},
	{"Ivan Petrov пишет:\n> resign\nNf3", "Nf3"},
	{"Je lundo, Umpire skribis:\n> rezignu\n\nĈf3", "Ĉf3"},
	{"Nf3\nOn Mon, 1 Jan 2024 at 10:00, Umpire <umpire@example.net> wrote:\n> resign", "Nf3"},
	{"0-0-0\nOn Mon, 1 Jan 2024 at 10:00, Umpire <umpire@example.net> wrote:", "0-0-0"},
	{"From: Umpire\nresign", ""},
	{"a\nb\nc\nd\ne\nf\ng", "a\nb\nc\nd\ne"},
}

func TestCommand(t *testing.T) {
	t.Parallel()
	for _, tt := range commandTests {
		if got := command(tt.body); got != tt.want {
			t.Errorf("command(%q) = %q; want %q", tt.body, got, tt.want)
		}
	}
}

// htmlTests are HTML bodies and their text.
var htmlTests = []struct{ src, want string }{
	{"<p>e4</p><p>thanks</p>", "e4\n\nthanks\n\n"},
	{"<div>a<br>b</div>", "a\nb\n"},
	{"x<blockquote>y<blockquote>z</blockquote></blockquote>", "x\n> y\n> > z\n"},
	{"<pre>a  b\nc</pre>", "a  b\nc\n\n"},
	{"<script>resign</script>e4", "e4\n"},
	{"a&nbsp;&amp;&lt;b&gt;", "a &<b>\n"},
}

func TestHTMLText(t *testing.T) {
	t.Parallel()
	for _, tt := range htmlTests {
		if got := htmlText(tt.src); got != tt.want {
			t.Errorf("htmlText(%q) = %q; want %q", tt.src, got, tt.want)
		}
	}
}

// nested is a mail whose text is n multiparts deep.
func nested(n int) string {
	var b strings.Builder
	b.WriteString("From: a@example.org\r\n")
	for i := range n {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n", i, i)
	}
	b.WriteString("Content-Type: text/plain\r\n\r\ne4\r\n")
	return b.String()
}

func TestReadMailNested(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		depth int
		want  string
	}{{1, "e4"}, {maxNesting, "e4"}, {maxNesting + 1, ""}, {20000, ""}} {
		m, err := ReadMail(strings.NewReader(nested(tt.depth)))
		if err != nil || m.Command != tt.want {
			t.Errorf("ReadMail(%d deep) = %q, %v; want %q", tt.depth, m.Command, err, tt.want)
		}
	}
}

func TestLangOf(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		m    Mail
		want string
	}{
		{Mail{Command: "new kriegspiel"}, ""},
		{Mail{Command: "новая kriegspiel"}, "ru"},
		{Mail{Command: "nova ludo, ĉu?"}, "eo"},
		{Mail{Lang: "ru-RU", Command: "new"}, "ru-ru"},
	} {
		if got := langOf(&tt.m); got != tt.want {
			t.Errorf("langOf(%+v) = %q; want %q", tt.m, got, tt.want)
		}
	}
}

func TestAutoMail(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"Auto-Submitted: auto-generated", "Precedence: bulk", "Return-Path: <>", "List-Id: <chess.example.org>",
		"X-Failed-Recipients: bob@example.org", "X-Autoreply: yes"} {
		m, err := ReadMail(strings.NewReader(h + "\r\nFrom: a@example.org\r\n\r\nhelp\r\n"))
		if err != nil || !m.Auto {
			t.Errorf("ReadMail with %q: Auto = %v, %v; want true", h, m.Auto, err)
		}
	}
	for _, from := range []string{"MAILER-DAEMON@example.net", "postmaster@example.net"} {
		if m, _ := ReadMail(strings.NewReader("From: " + from + "\r\n\r\nhelp\r\n")); !m.Auto {
			t.Errorf("ReadMail from %s: Auto = false; want true", from)
		}
	}
	if m, _ := ReadMail(strings.NewReader("Auto-Submitted: no\r\nReturn-Path: <a@example.org>\r\nFrom: a@example.org\r\n\r\nhelp\r\n")); m.Auto {
		t.Error("ReadMail of a person's mail: Auto = true")
	}
}
