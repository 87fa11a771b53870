package referee

import (
	"io"
	"os"
	"strconv"
	"testing"

	"github.com/tcgothello/mcts/killallgo/console/consoletest"
)

// fakeEnv names the environment variable that makes the test binary a
// fake program when it is 1: its first argument is the fake's script (see
// consoletest.Fake).
const fakeEnv = "KILLALLGO_REFEREE_FAKE"

// TestMain runs the test binary as a fake program when fakeEnv is set, so
// that the referee can start real processes without building one.
func TestMain(m *testing.M) {
	if os.Getenv(fakeEnv) == "1" {
		script := ""
		if len(os.Args) > 1 {
			script = os.Args[1]
		}
		os.Exit(consoletest.Fake(script, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// pipeFake returns an Endpoint of consoletest.Fake(script) run in a
// goroutine over pipes, without a process.
func pipeFake(name, script string) *Endpoint {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	exited := make(chan struct{})
	status := 0
	go func() {
		status = consoletest.Fake(script, inR, outW)
		outW.Close()
		inR.Close()
		close(exited)
	}()
	return &Endpoint{Name: name, In: inW, Out: outR, Exited: exited, Status: func() string {
		return "exit status " + strconv.Itoa(status)
	}}
}
