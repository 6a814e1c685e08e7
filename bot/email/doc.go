// Package email is the umpire's e-mail transport: it reads one mailbox
// over IMAP and answers over SMTP.
package email
