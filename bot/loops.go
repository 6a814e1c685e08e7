package bot

import (
	"log/slog"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Auto-responders: the bot caps the refusals it sends an address a
// machine may answer for (wire.Refusals says how, and why).

// RefusalCap bounds the refusals sent to one mail address.
type RefusalCap = wire.RefusalCap

// DefaultRefusalCap is wire.DefaultRefusalCap.
var DefaultRefusalCap = wire.DefaultRefusalCap

// refusalCounts keeps each address's recent refusals.
type refusalCounts struct{ wire.Refusals }

// machineMayAnswer reports whether in came by a transport where a machine
// may answer the bot's refusals by itself: mail, whose From is only
// claimed (Forgeable).
func machineMayAnswer(in wire.Inbound) bool { return in.Forgeable }

// refuseAll queues rows, the bot's refusal of in, and marks in seen, in
// one transaction, under the cap on refusals (see capRows).
func (b *Bot) refuseAll(in wire.Inbound, rows ...store.Outgoing) error {
	return b.queue(in, b.refused.capRows(b.log, b.now(), in, rows)...)
}

// capRows counts rows, the bot's answer to in, as a refusal of in's
// sender where a machine may have written it. Past the cap it leaves out
// the rows to the sender (in is set aside: seen and unanswered); the last
// refusal before that says so in a line of its own.
func (rs *refusalCounts) capRows(log *slog.Logger, now time.Time, in wire.Inbound, rows []store.Outgoing) []store.Outgoing {
	if !machineMayAnswer(in) {
		return rows
	}
	from := addressOf(in)
	send, last := rs.Take(from.String(), keyOf(in), now)
	if send && last {
		log.Warn("handle: refusals capped: unreadable mails from this address are set aside until a readable one",
			"transport", in.Transport, "from", from.String(), "refusals", rs.Cap.N)
	}
	var out []store.Outgoing
	for _, r := range rows {
		if r.To != from {
			out = append(out, r)
			continue
		}
		if last {
			n := post.DecodeNote(r.Text)
			n.Lines = append(n.Lines, post.Say("err.refusals-paused", "n", itoa(uint64(rs.Cap.N))))
			r.Text, last = n.Encode(), false
		}
		if send {
			out = append(out, r)
		}
	}
	return out
}

// readableFrom notes that in was handled without a refusal: refusals to
// its sender start counting afresh.
func (rs *refusalCounts) readableFrom(in wire.Inbound) {
	if machineMayAnswer(in) {
		rs.Readable(addressOf(in).String(), keyOf(in))
	}
}
