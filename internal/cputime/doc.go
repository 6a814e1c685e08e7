// Package cputime tells the processor time the process has used. On a
// shared machine, where other work takes the processors, it tells what a
// benchmark cost better than the wall clock does; the benchmarks of the
// bot, the Telegram transport and the pictures report it beside their
// times.
package cputime
