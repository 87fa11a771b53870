// Command golegal prints the legal-move map of a Go position: it reads an
// n x n array of 0 (empty), B (black) and W (white), 1 <= n <= 19, one row
// a line, then a line B or W naming the side to move, and prints the array
// with every 0 replaced by L where that side may play and by I where the
// move would be suicide. The exercise has no game history, so there is no
// ko to consider.
//
//	printf '0BW\nB0W\nWW0\nB\n' | golegal
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // the input could not be read or the output written
	exitUsage = 2 // a bad command line or a bad input
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// usage is the text of --help.
const usage = `golegal: the legal moves of a Go position (suicide is illegal unless the move captures).

Usage:
  golegal [FILE]     read the position from FILE, or from stdin if FILE is absent or -

The input is an n x n array (1 <= n <= 19) of 0 (empty), B (black) and W (white), one row a line,
the points with or without spaces between them (n is the number of points in the first row), then
a line B or W: the side to move. Blank lines are ignored. The output is the array as it was
written (spacing, line endings and a UTF-8 byte-order mark kept), with every 0 replaced by L (the
side to move may play there) or I (illegal: the stone would have no liberty and capture nothing).
There is no game history, hence no ko. A board holding a string without liberties is refused: no
game of Go leaves one.

  $ printf '0BW\nB0W\nWW0\nB\n' | golegal
  LBW
  BLW
  WWI

Flags:
  -h, --help   print this help and exit

Exit status: 0 on success, 1 if the input cannot be read or the output written, 2 on a bad
command line or a bad input (with the line at fault on stderr).
`

// run is the whole program; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		// A bug must cost a clear line and an exit status, not a stack
		// dump in the user's terminal.
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "golegal: internal error: %v\n", r)
			code = exitError
		}
	}()
	fs := pflag.NewFlagSet("golegal", pflag.ContinueOnError)
	fs.Usage = func() {} // --help is printed below, on stdout
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return exitOK
	case err == nil && fs.NArg() > 1:
		err = fmt.Errorf("want at most one FILE, got %d arguments", fs.NArg())
	}
	if err != nil {
		fmt.Fprintf(stderr, "golegal: %v\nRun 'golegal --help' for the usage.\n", err)
		return exitUsage
	}
	in, name := stdin, "stdin"
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "golegal: %v\n", err)
			return exitError
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	p, err := parse(in)
	var bad *inputError
	switch {
	case errors.As(err, &bad):
		fmt.Fprintf(stderr, "golegal: %s: %v\n", name, err)
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "golegal: reading %s: %v\n", name, err)
		return exitError
	}
	if err := p.answer(stdout); err != nil {
		fmt.Fprintf(stderr, "golegal: %v\n", err)
		return exitError
	}
	return exitOK
}
