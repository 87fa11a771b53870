//go:build unix

// Package scripts holds the tests of the shell scripts beside them; it has
// no Go code of its own.
package scripts

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// script runs cpu_vs_cpu.sh with args, its results under bin, GOAMD64
// unset, and returns its combined output and exit status.
func script(t *testing.T, bin string, timeout time.Duration, args ...string) (string, int) {
	t.Helper()
	return runScript(t, "cpu_vs_cpu.sh", append(withoutVar(os.Environ(), "GOAMD64"), "BIN="+bin), "", timeout, args...)
}

// runScript runs the script name of this directory with bash, env, in the
// directory dir ("" for this one), and returns its combined output and
// exit status.
func runScript(t *testing.T, name string, env []string, dir string, timeout time.Duration, args ...string) (string, int) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	path, err := filepath.Abs(name)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", append([]string{path}, args...)...)
	cmd.Env, cmd.Dir = env, dir
	// The script starts a judge and engines: on a timeout, or if any
	// outlive it, its whole process group goes, not bash alone.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH when none is left
	}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s %q ran longer than %v:\n%s", name, args, timeout, out)
	case errors.As(err, &ee):
		return string(out), ee.ExitCode()
	case err != nil:
		t.Fatalf("%s %q: %v", name, args, err)
	}
	return string(out), 0
}

// withoutVar returns env without the variable name.
func withoutVar(env []string, name string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}

// TestBadArgumentsStopBeforeBuilding gives the script arguments it must
// refuse: each gets a message naming the problem and status 2 at once,
// before anything is built (the results directory is not even made).
func TestBadArgumentsStopBeforeBuilding(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"0"}, `ROUNDS "0" must be a whole number`},
		{[]string{"-1"}, `ROUNDS "-1"`},
		{[]string{"two"}, `ROUNDS "two"`},
		{[]string{"2.5"}, `ROUNDS "2.5"`},
		{[]string{"2", "abc"}, `TIME "abc" is not a duration`},
		{[]string{"2", "5"}, `TIME "5" is not a duration`},
		{[]string{"2", "1.5"}, `TIME "1.5" is not a duration`},
		{[]string{"2", ".s"}, `TIME ".s" is not a duration`},
		{[]string{"2", "-1s"}, `TIME "-1s" is not a duration`},
		{[]string{"2", "1sec"}, `TIME "1sec" is not a duration`},
		{[]string{"2", "0s"}, "TIME 0s must be above 0 and at most 9s"},
		{[]string{"2", "0.0ms"}, "TIME 0.0ms must be above 0"},
		{[]string{"2", "9.5s"}, "TIME 9.5s must be above 0 and at most 9s"},
		{[]string{"2", "1m"}, "TIME 1m must be"},
		{[]string{"2", "8s1001ms"}, "TIME 8s1001ms must be"},
		// A third argument used to be ignored without a word.
		{[]string{"1", "100ms", "extra"}, "3 arguments (1 100ms extra): want at most ROUNDS and TIME"},
		{[]string{"1", "100ms", "--algo", "ucb"}, "4 arguments"},
	}
	for _, c := range cases {
		bin := filepath.Join(t.TempDir(), "bin")
		start := time.Now()
		out, code := script(t, bin, time.Minute, c.args...)
		if code != 2 || !strings.Contains(out, c.want) {
			t.Errorf("cpu_vs_cpu.sh %q: status %d, output:\n%s\nwant status 2 and %q", c.args, code, out, c.want)
		}
		if _, err := os.Stat(bin); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("cpu_vs_cpu.sh %q made %s (%v): it must stop before building", c.args, bin, err)
		}
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("cpu_vs_cpu.sh %q took %v to refuse its arguments", c.args, took)
		}
	}
}

// --help prints the script's usage, its comment, with status 0, builds
// nothing, and works from another directory as well.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}} {
		bin := filepath.Join(t.TempDir(), "bin")
		out, code := runScript(t, "cpu_vs_cpu.sh", append(os.Environ(), "BIN="+bin), t.TempDir(), time.Minute, args...)
		if code != 0 || !strings.HasPrefix(out, "cpu_vs_cpu.sh: build judge and search") ||
			!strings.Contains(out, "\nUsage: scripts/cpu_vs_cpu.sh [ROUNDS [TIME]]") || strings.Contains(out, "set -euo") {
			t.Errorf("%q: status %d, output\n%s\nwant 0 and the usage comment", args, code, out)
		}
		if _, err := os.Stat(bin); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%q made %s (%v)", args, bin, err)
		}
	}
}

// TestBuildsV3WhereTheCPURunsIt builds a tiny program for x86-64-v3 and
// runs it: where it runs, the script must build its programs for v3, and
// where it does not, for the default level. It plays one short round.
func TestBuildsV3WhereTheCPURunsIt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both programs and plays a round")
	}
	if runtime.GOARCH != "amd64" {
		t.Skip("GOAMD64 levels exist on amd64 only")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tiny := filepath.Join(dir, "tiny")
	build := exec.Command("go", "build", "-o", tiny, src)
	build.Dir = dir
	build.Env = append(withoutVar(os.Environ(), "GOAMD64"), "GOAMD64=v3")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building a v3 program: %v\n%s", err, out)
	}
	// Go's runtime refuses to start a v3 program on a CPU without v3.
	v3 := exec.Command(tiny).Run() == nil
	t.Logf("this CPU runs x86-64-v3 code: %v", v3)

	bin := filepath.Join(dir, "bin")
	out, code := script(t, bin, 3*time.Minute, "1", "10ms")
	if code != 0 {
		t.Fatalf("cpu_vs_cpu.sh 1 10ms: status %d\n%s", code, out)
	}
	info, err := exec.Command("go", "version", "-m", filepath.Join(bin, "search")).Output()
	if err != nil {
		t.Fatalf("go version -m: %v", err)
	}
	if built := strings.Contains(string(info), "GOAMD64=v3"); built != v3 {
		t.Errorf("the script built search with GOAMD64=v3: %v; the CPU runs v3 code: %v\nbuild info:\n%s\noutput:\n%s",
			built, v3, info, out)
	}
	if want := "(GOAMD64=v3)"; v3 && !strings.Contains(out, want) {
		t.Errorf("the script does not say %q:\n%s", want, out)
	}
}
