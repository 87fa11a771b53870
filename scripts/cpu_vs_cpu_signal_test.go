//go:build unix

package scripts

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// signalled runs cpu_vs_cpu.sh for 2 rounds of 50ms a move, BIN at bin
// (the programs built there once, GOAMD64 set to spare the v3 build), and
// sends sig once round 1 is reported: to the script's whole process group
// if group (as Ctrl-C in a terminal does), to bash alone if not (as kill
// does). It returns the script's output, its exit status, and the
// processes still running a program of bin once it has ended, looked for
// before the test kills what is left of the group.
func signalled(t *testing.T, bin string, sig syscall.Signal, group bool) (string, int, []string) {
	t.Helper()
	level, err := exec.Command("go", "env", "GOAMD64").Output()
	if err != nil {
		t.Skipf("go env GOAMD64: %v", err)
	}
	path, err := filepath.Abs("cpu_vs_cpu.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", path, "2", "50ms")
	cmd.Env = append(withoutVar(os.Environ(), "GOAMD64"), "BIN="+bin, "GOAMD64="+strings.TrimSpace(string(level)))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	pgid := cmd.Process.Pid
	defer syscall.Kill(-pgid, syscall.SIGKILL) // whatever is left of the group, at the end
	var mu sync.Mutex
	var out bytes.Buffer
	round1 := make(chan struct{})
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(pr)
		seen := false
		for sc.Scan() {
			mu.Lock()
			out.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if !seen && strings.HasPrefix(sc.Text(), "round 1/2:") {
				seen = true
				close(round1)
			}
		}
	}()
	output := func() string {
		mu.Lock()
		defer mu.Unlock()
		return out.String()
	}
	// Building both programs takes a while on a loaded machine, a round
	// of 50ms moves seconds.
	const limit = 3 * time.Minute
	select {
	case <-round1:
	case <-read:
		cmd.Wait()
		t.Fatalf("the script ended before round 1 was reported:\n%s", output())
	case <-time.After(limit):
		t.Fatalf("no round 1 within %v:\n%s", limit, output())
	}
	target := pgid
	if group {
		target = -pgid
	}
	if err := syscall.Kill(target, sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		t.Fatalf("the script did not end within a minute of %v:\n%s", sig, output())
	}
	left := leftOver(bin) // before the output's end, which an orphan would hold back
	<-read
	var ee *exec.ExitError
	code := 0
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return output(), code, left
}

// checkInterrupted checks the script's report of a match interrupted in
// round 2 of 2: the judge's status 1 and its message, the result lines
// of round 1, and files listed that exist.
func checkInterrupted(t *testing.T, out string, code int) {
	t.Helper()
	if code != 1 || strings.Contains(out, "status 141") {
		t.Errorf("status %d, want 1 (the judge's, interrupted), output:\n%s", code, out)
	}
	if !strings.Contains(out, "interrupted in round 2 of 2") {
		t.Errorf("the judge does not say where it was interrupted:\n%s", out)
	}
	lines := regexp.MustCompile(`(?m)^NAME:search-[12] QUIT:0 WIN:([01]) LOSE:([01]) DRAW:([01])$`).FindAllStringSubmatch(out, -1)
	if len(lines) != 2 {
		t.Fatalf("want the two NAME lines of the finished round:\n%s", out)
	}
	for _, l := range lines {
		if n := int(l[1][0]-'0') + int(l[2][0]-'0') + int(l[3][0]-'0'); n != 1 {
			t.Errorf("%s counts %d games, want the 1 finished:\n%s", l[0], n, out)
		}
	}
	listed := regexp.MustCompile(`(?m)^(record|summary): +(\S+)$`).FindAllStringSubmatch(out, -1)
	if len(listed) != 2 {
		t.Errorf("want the record and the summary listed:\n%s", out)
	}
	for _, l := range listed {
		if _, err := os.Stat(l[2]); err != nil { // BIN is absolute
			t.Errorf("%s listed, not there: %v", l[2], err)
		}
	}
}

// leftOver returns the processes still running a program under bin (the
// judge or an engine), as "pid: command line": none may outlive the
// script. Only where /proc lists the processes; nil elsewhere.
func leftOver(bin string) []string {
	dirs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil || len(dirs) == 0 {
		return nil
	}
	var left []string
	for _, d := range dirs {
		data, err := os.ReadFile(d)
		if err != nil {
			continue // ended meanwhile
		}
		if line := string(bytes.ReplaceAll(data, []byte{0}, []byte{' '})); strings.HasPrefix(line, bin+string(filepath.Separator)) {
			left = append(left, filepath.Base(filepath.Dir(d))+": "+line)
		}
	}
	return left
}

// Ctrl-C during the last round, through the script: the judge hears it
// (not killed by a pipe whose reader died first), keeps and prints the
// round finished, writes the files; the script lists them and leaves no
// program running. SIGTERM to the script alone does the same: passed on
// to the judge, which is waited for with its engines.
func TestInterruptedMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both programs and plays a match")
	}
	bin, err := filepath.Abs(filepath.Join(t.TempDir(), "bin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		sig   syscall.Signal
		group bool
	}{{"ctrl-c", syscall.SIGINT, true}, {"sigterm", syscall.SIGTERM, false}} {
		t.Run(c.name, func(t *testing.T) {
			out, code, left := signalled(t, bin, c.sig, c.group)
			if len(left) > 0 {
				t.Errorf("still running after the script ended:\n%s", strings.Join(left, "\n"))
			}
			checkInterrupted(t, out, code)
		})
	}
}
