package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// errNoGo reports that the go command is not on PATH: the tests that need
// a program built skip.
var errNoGo = errors.New("the go command is not on PATH")

// programDir is where this test process builds the project's programs its
// tests run, one directory a process, which TestMain removes at the end.
func programDir() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("judge-test-programs-%d", os.Getpid()))
}

// programBuilds build each of the project's programs the tests run once,
// on first use, for every test to share: a build takes seconds, many on a
// busy machine, and a test that builds its own repeats them. The map is
// never changed; each build is done once and then only read.
var programBuilds = map[string]func() (string, error){
	"judge":  buildOnce("judge"),
	"search": buildOnce("search"),
}

// buildOnce returns the build of cmd/NAME into programDir, done on the
// first call.
func buildOnce(name string) func() (string, error) {
	return sync.OnceValues(func() (string, error) {
		goBin, err := exec.LookPath("go")
		if err != nil {
			return "", errNoGo
		}
		bin := filepath.Join(programDir(), name)
		cmd := exec.Command(goBin, "build", "-o", bin, "./cmd/"+name)
		cmd.Dir = filepath.Join("..", "..")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go build ./cmd/%s: %v\n%s", name, err, out)
		}
		return bin, nil
	})
}

// builtProgram returns the project's program cmd/NAME, built once for the
// package's tests; the test skips without the go command.
func builtProgram(t *testing.T, name string) string {
	t.Helper()
	build, ok := programBuilds[name]
	if !ok {
		t.Fatalf("no build of cmd/%s for the tests: add it to programBuilds", name)
	}
	bin, err := build()
	if errors.Is(err, errNoGo) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return bin
}
