package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/killallgo/console/consoletest"
	"github.com/tcgothello/mcts/match/matchtest"
)

// TestMain lets the test binary double as a fake engine for --engine:
// "fake-engine NAME MODE [--seed N] IP PORT", MODE being good (exit after
// quit; exit status 4 if the judge hangs up without quit), linger (stay after quit, to be killed), exit (exit at once, never
// connecting), hang (never connect, never exit: to be killed),
// crash-once:FILE (crash at the first genmove if FILE does not exist,
// creating it; play well otherwise), late:DURATION (wait that long, then
// connect and play well) or illegal (answer genmove with an illegal move,
// so as to lose every game), or one of the modes of resourceMode. It
// writes its process id to stderr. As "fake-kag SCRIPT" it is a Kill-All
// Go program instead (fakeKAG).
func TestMain(m *testing.M) {
	if len(os.Args) == 8 && os.Args[1] == "fake-engine" && os.Args[4] == "--seed" {
		fmt.Fprintf(os.Stderr, "fake engine %s seed %s\n", os.Args[2], os.Args[5])
		os.Args = append(os.Args[:4], os.Args[6:]...)
	}
	if len(os.Args) == 6 && os.Args[1] == "fake-engine" {
		os.Exit(fakeEngineMain(os.Args[2], os.Args[3], os.Args[4], os.Args[5]))
	}
	if len(os.Args) == 3 && os.Args[1] == "fake-kag" {
		// A Kill-All Go program of the console protocol (its script:
		// consoletest.Fake).
		os.Exit(consoletest.Fake(os.Args[2], os.Stdin, os.Stdout))
	}
	if len(os.Args) > 1 && os.Args[1] == "run-judge" {
		// The judge itself, in a process of its own, for tests that kill it.
		os.Exit(run(context.Background(), os.Args[2:], os.Stdout, os.Stderr, nil))
	}
	if len(os.Args) > 1 && os.Args[1] == "fake-engine" {
		// Never run the tests from a fake engine given the wrong arguments.
		fmt.Fprintf(os.Stderr, "fake engine: want NAME MODE [--seed N] IP PORT, got %q\n", os.Args[2:])
		os.Exit(2)
	}
	// A fake engine is this test binary; built with -race it would sleep a
	// second at exit (the race detector's default), a second per game. Set
	// here, for every test, rather than by each (t.Setenv), so that the
	// tournament tests may run in parallel.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	code := m.Run()
	os.RemoveAll(programDir()) // the programs built for the tests
	os.Exit(code)
}

func fakeEngineMain(name, mode, ip, port string) int {
	fmt.Fprintf(os.Stderr, "fake engine %s on stderr\nfake engine pid %d\n", name, os.Getpid())
	switch mode {
	case "exit":
		return 3
	case "hang":
		time.Sleep(time.Minute)
		return 0
	}
	if d, ok := strings.CutPrefix(mode, "late:"); ok {
		wait, err := time.ParseDuration(d)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		time.Sleep(wait)
	}
	if hostileMode(mode, ip, port) {
		mode = "good" // the attack made, it plays (sandbox_linux_test.go)
	}
	e := &matchtest.Engine{Name: name}
	if behave, ok := resourceMode(mode); ok {
		e.Behave = behave
	}
	if mode == "illegal" {
		e.Behave = func(c matchtest.Call) matchtest.Action {
			if c.Command == "genmove" {
				return matchtest.Action{Writes: []string{"genmove " + matchtest.IllegalMove(c.Position).OTP()}}
			}
			return matchtest.Normal(c)
		}
	}
	if marker, ok := strings.CutPrefix(mode, "crash-once:"); ok {
		if f, err := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644); err == nil {
			f.Close()
			e.Behave = func(c matchtest.Call) matchtest.Action {
				if c.Command == "genmove" {
					fmt.Fprintln(os.Stderr, "fake engine crashing")
					os.Exit(3)
				}
				return matchtest.Normal(c)
			}
		}
	}
	if err := e.Start(net.JoinHostPort(ip, port)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	e.Wait()
	// A judge sends quit to every engine in good standing: one that hung up
	// on this one without it made it exit uncleanly, as search does.
	if cmds := e.Commands(); len(cmds) == 0 || cmds[len(cmds)-1] != "quit" {
		fmt.Fprintln(os.Stderr, "fake engine: the judge hung up without quit")
		return 4
	}
	if mode == "linger" {
		time.Sleep(time.Minute)
	}
	return 0
}

func fakeEngine(t *testing.T, name, mode string) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s fake-engine %s %s", exe, name, mode)
}

// The tests of hosting a match with the engines the judge starts (their
// logs, seats, exits, accounting) are match's (match/host_test.go); those
// here check the command line around it.

// A missing engine program is found before anything starts: no engine
// is started, no port taken.
func TestJudgeEngineMissing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-engine")
	r := runJudge(t, []string{"--engine", fakeEngine(t, "alice", "good"), "--engine", missing, "--engine-log-dir", t.TempDir(), "0"}, nil)
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "engine 2: program") || !strings.Contains(r.stderr, "no-such-engine") {
		t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing, engine 2 and its program named", r.code, r.stdout, r.stderr)
	}
	if strings.Contains(r.stderr, "engine started") || strings.Contains(r.stderr, "listening") {
		t.Errorf("the judge started before checking the engines:\n%s", r.stderr)
	}
}

// An --engine command line is split as a shell splits it: the quotes
// around an argument go, and what they hold stays one argument.
func TestJudgeEngineQuoted(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := runJudge(t, []string{"--engine", fmt.Sprintf("'%s' fake-engine 'bob\"s' good", exe),
		"--engine", fmt.Sprintf("%s fake-engine \"al  ice\" good", exe), "--engine-log-dir", t.TempDir(), "0", "1"}, nil)
	if r.code != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.code, r.stderr)
	}
	// "al  ice" reached the engine as one argument: it answers name al  ice,
	// whose first token is its name.
	if !strings.HasPrefix(r.stdout, "NAME:bob\"s QUIT:1 ") || !strings.Contains(r.stdout, "\nNAME:al QUIT:1 ") {
		t.Errorf("stdout:\n%s\nwant bob\"s then al", r.stdout)
	}
}
