package referee

// Form names the case of an announcement whose words depend on its
// values, not only on the fields present: one stone placed or several
// ("one"); which monarch fell and whether it wore the crown ("king.yes");
// in triad, who made an offer ("offer-lord"), what a declared check did to
// a bond ("free.restored"), whether a Throne is held ("fallen-held"); a
// draw on time ("timeout-draw"). A text for people is found under the
// code and its form ("ann.vassal.offer-lord"). "" when the fields present
// say all.
func (a Announcement) Form() string {
	switch a.Code {
	case "end":
		if a.Str("reason") == "timeout" && a.Str("result") == "1/2-1/2" {
			return "timeout-draw" // timeout.go
		}
	case "stones":
		if sq, ok := a.Get("squares").([]string); ok && len(sq) == 1 {
			return "one"
		}
	case "monarch-captured":
		crowned, _ := a.Get("crowned").(bool)
		return a.Str("monarch") + "." + map[bool]string{true: "yes", false: "no"}[crowned]
	case "vassal":
		ev, state := a.Str("event"), a.Str("state")
		switch {
		case ev == "offer" && a.Str("by") == a.Str("lord"):
			return "offer-lord"
		case ev == "offer":
			return "offer-servant"
		case state == "restored":
			return "restored"
		case state != "":
			return ev + "." + state
		}
		return ev
	case "throne":
		switch fell, held := a.Str("reason") != "", a.Str("by") != ""; {
		case fell && held:
			return "fallen-held"
		case fell:
			return "fallen-neutral"
		case held:
			return "taken"
		}
		return "empty"
	}
	return ""
}
