package matchtest

import (
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"
)

// hangFor is how long a hanging fake engine process waits: longer than any
// connect time of the tests, short enough that one a test forgot ends.
const hangFor = time.Minute

// ProcessMain is the main of a fake engine process, for tests that start
// engines as processes (the test binary re-executed), args being
// NAME MODE [--seed N] IP PORT as a judge appends them: an Engine named
// NAME connects to IP PORT and plays in MODE, writing its process id to
// stderr, and its seed when given. MODE good plays correctly; illegal
// answers every genmove with an illegal move; crash exits with status 3
// at its first genmove; exit exits at once with status 3, never
// connecting; hang neither connects nor exits (for a minute). A session
// that a judge ends without quit exits with status 4, as search does. It
// returns the process's exit status.
func ProcessMain(args []string, stderr io.Writer) int {
	if len(args) == 6 && args[2] == "--seed" {
		fmt.Fprintf(stderr, "fake engine %s seed %s\n", args[0], args[3])
		args = append(args[:2:2], args[4:]...)
	}
	if len(args) != 4 {
		fmt.Fprintf(stderr, "fake engine: want NAME MODE [--seed N] IP PORT, got %q\n", args)
		return 2
	}
	fmt.Fprintf(stderr, "fake engine %s pid %d\n", args[0], os.Getpid())
	e := &Engine{Name: args[0]}
	switch args[1] {
	case "exit":
		return 3
	case "hang":
		time.Sleep(hangFor)
		return 0
	case "illegal":
		e.Behave = func(c Call) Action {
			if c.Command == "genmove" {
				return Action{Writes: []string{"genmove " + IllegalMove(c.Position).OTP()}}
			}
			return Normal(c)
		}
	case "crash":
		e.Behave = func(c Call) Action {
			if c.Command == "genmove" {
				fmt.Fprintln(stderr, "fake engine crashing")
				os.Exit(3)
			}
			return Normal(c)
		}
	}
	if err := e.Start(net.JoinHostPort(args[2], args[3])); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	e.Wait()
	if cmds := e.Commands(); len(cmds) == 0 || cmds[len(cmds)-1] != "quit" {
		fmt.Fprintln(stderr, "fake engine: the judge hung up without quit")
		return 4
	}
	return 0
}

// processArg is the first argument that makes a test binary a fake engine.
const processArg = "fake-engine"

// ProcessTestMain is the TestMain of a package whose tests start fake
// engines as processes: run as "fake-engine ARGS..." (ProcessArgv), the
// test binary is one (ProcessMain); otherwise it runs the tests, with
// GORACE set so that a fake engine built with -race does not sleep a
// second at its exit (the race detector's default), a second per game.
func ProcessTestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == processArg {
		os.Exit(ProcessMain(os.Args[2:], os.Stderr))
	}
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	os.Exit(m.Run())
}

// ProcessArgv returns the command of a fake engine process named name
// playing in mode (ProcessMain), for a test binary whose TestMain is
// ProcessTestMain; a judge appends [--seed N] IP PORT.
func ProcessArgv(name, mode string) ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{exe, processArg, name, mode}, nil
}
