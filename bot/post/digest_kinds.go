package post

// MaxDigest bounds the games a digest shows; it says how many more wait.
const MaxDigest = 20

// KindDigest is an outbox row that the sender makes a digest of: its note
// lists the games ("12:white 14:black").
const KindDigest = "digest"
