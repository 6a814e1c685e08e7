package door

// A guard is one stage of the door: it looks at a message on its way in
// and either lets it on (false, nil), or answers it itself and ends its
// way (stop, with the error Handle returns: nil when the message was
// handled so).
type guard func(d *Door, e *entry) (stop bool, err error)

// guards are the stages of the door in the order they run (see the
// package's doc); the disk's retries and the failure counts wrap them all
// (Handle).
var guards = []guard{
	(*Door).open,    // a done context; an address too long to keep
	(*Door).budget,  // the sender's budget
	(*Door).event,   // what a transport saw besides a written text
	(*Door).keys,    // seat keys and mail confirmations, where senders can be forged
	(*Door).meet,    // the player at the address
	(*Door).topic,   // the conversation of the topic it was written in
	(*Door).asks,    // a button that asks first, a yes or a no
	(*Door).parse,   // the command, read once
	(*Door).lifting, // a lasting stop lifted
}
