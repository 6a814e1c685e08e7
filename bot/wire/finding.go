package wire

// Finding is one line of `umpire doctor`: what was checked, and whether it
// is fine, worth a look (Warn), or must change (Fail), in words that say
// what to do. A finding never holds a secret.
type Finding struct {
	Check string
	Level Level
	Text  string
}

// Level is how much a finding matters.
type Level int

// The levels of a finding.
const (
	OK Level = iota
	Warn
	Fail
)

// String is the level's word at the start of a doctor's line.
func (l Level) String() string {
	return [...]string{"ok", "warn", "FAIL"}[l]
}

// Found makes a finding: ok unless err, else at level bad with err's words
// after text.
func Found(check, text string, err error, bad Level) Finding {
	if err != nil {
		return Finding{check, bad, text + ": " + err.Error()}
	}
	return Finding{check, OK, text}
}
