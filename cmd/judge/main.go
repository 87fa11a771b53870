// Command judge hosts Othello matches between two engines over the OTP
// protocol, as a drop-in replacement for the classic course judge:
//
//	judge [flags] PORT [ROUNDS]
//
// and tournaments between many engines (docs/tournament.md):
//
//	judge tournament [flags] --engine SPEC --engine SPEC...
//	judge tournament merge [flags] FILE...
//
// and converts their records to GGF (docs/judge.md):
//
//	judge convert [flags] FILE...
//
// See --help, docs/judge.md and docs/protocol.md.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil)
	stop()
	os.Exit(code)
}
