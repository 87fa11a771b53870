// Command search is the Othello engine: Monte-Carlo tree search speaking the
// classic OTP protocol to a judge over TCP, or to a person on stdin. See
// "search --help" and docs/protocol.md.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
