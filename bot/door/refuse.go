package door

import (
	"log/slog"
	"strconv"
	"time"

	"umpire/bot/post"
	"umpire/bot/wire"
	"umpire/store"
)

// Refusals. A mistake is answered to its writer in the writer's language,
// as an extra row (post.Extra): in private where the umpire can reach the
// writer (always where it may write first; on Telegram once the writer
// has written to it in private), else where the message was written. To
// an address a machine may answer (mail), refusals are capped
// (wire.Refusals says how, and why): an auto-responder cannot keep the
// umpire answering.

// refusalCounts keeps each address's recent refusals.
type refusalCounts struct{ wire.Refusals }

// machineMayAnswer reports whether in came by a transport where a machine
// may answer the umpire's refusals by itself: mail, whose From is only
// claimed (Forgeable).
func machineMayAnswer(in wire.Inbound) bool { return in.Forgeable }

// refuse queues a refusal of v to where it reaches the writer, and marks
// v seen, in one transaction, under the cap on refusals. A refusal to the
// chat the line was written in goes to its topic; in a group, to its
// writer alone where the transport can (wire.Features.Whisper).
func (d *Door) refuse(v Visit, n post.Note) error {
	to := d.refusalTo(v.In)
	if to == v.Chat() {
		n.Topic = v.Topic
		if !v.In.Private && d.sends.Features(v.In.Transport).Whisper {
			n.Only = v.In.From
		}
	}
	row := store.Outgoing{To: to, Kind: post.KindNotice, Text: n.Encode(), Lang: v.Player.Lang}
	return d.refuseAll(v.In, post.Extra(row, post.LikeNote(n)))
}

// refusalTo is where a refusal of in goes: the writer's private chat when
// the umpire can reach it, else where in was written.
func (d *Door) refusalTo(in wire.Inbound) store.Address {
	if in.Private {
		return ChatOf(in)
	}
	if d.sends.WritesFirst(in.Transport) {
		return AddressOf(in)
	}
	if v, err := d.db.Cursor(startedName(AddressOf(in))); err == nil && v != nil {
		return AddressOf(in)
	}
	return ChatOf(in)
}

// refuseAll queues rows, the umpire's refusal of in, and marks in seen, in
// one transaction, under the cap on refusals.
func (d *Door) refuseAll(in wire.Inbound, rows ...store.Outgoing) error {
	return d.queue(KeyOf(in), d.refused.capRows(d.log, d.now(), in, rows)...)
}

// Capped are rows, the bot's answer to v that refuses it, under the cap on
// refusals to v's sender (see capRows).
func (d *Door) Capped(v Visit, rows []store.Outgoing) []store.Outgoing {
	return d.refused.capRows(d.log, d.now(), v.In, rows)
}

// capRows counts rows, the answer to in, as a refusal of in's sender where
// a machine may have written it. Past the cap it leaves out the rows to
// the sender (in is set aside: seen and unanswered); the last refusal
// before that says so in a line of its own.
func (rs *refusalCounts) capRows(log *slog.Logger, now time.Time, in wire.Inbound, rows []store.Outgoing) []store.Outgoing {
	if !machineMayAnswer(in) {
		return rows
	}
	from := AddressOf(in)
	send, last := rs.Take(from.String(), KeyOf(in), now)
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
			n.Lines = append(n.Lines, post.Say("err.refusals-paused", "n", strconv.Itoa(rs.Cap.N)))
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
		rs.Readable(AddressOf(in).String(), KeyOf(in))
	}
}
