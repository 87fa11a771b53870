package proctest

import (
	_ "embed"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// hostileScript is hostile.sh: every attack of a hostile engine that a
// shell script can make, then the honest engine of its arguments.
//
//go:embed hostile.sh
var hostileScript []byte

// Attacks are the targets of a hostile engine (hostile.sh), set in the
// environment of the judge under test, which its engines inherit, and
// what the test sees of the attacks from outside.
type Attacks struct {
	// Script is the hostile engine: Script HONEST-PROGRAM ARGS...
	Script string
	// Secret is a file beside the results, Other another engine's
	// directory.
	Secret, Other string
	// Daemon is the daemon's sleep, a number unique to the test.
	Daemon string
	tcp    net.Listener
	dialed atomic.Int64
}

// Arm writes the hostile engine and its targets in directories of the
// test's, sets the environment (t.Setenv) that points the engine at them
// and at its victim, and starts a TCP server on loopback for it to reach.
// The victim is named by the words that begin its command line, the
// first its program's absolute path (see VictimPattern): the unsandboxed
// half of a test really kills what it names, as root anywhere on the
// host, so the name must be the test's alone.
func Arm(t *testing.T, victim ...string) *Attacks {
	t.Helper()
	pattern, err := VictimPattern(victim...)
	if err != nil {
		t.Fatal(err)
	}
	a := &Attacks{}
	dir := t.TempDir()
	os.Chmod(dir, 0o755) // open to the sandbox's user
	a.Script = filepath.Join(dir, "hostile.sh")
	if err := os.WriteFile(a.Script, hostileScript, 0o755); err != nil {
		t.Fatal(err)
	}
	results := t.TempDir()
	a.Secret = filepath.Join(results, "secret.txt")
	if err := os.WriteFile(a.Secret, []byte("the results\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a.Other = t.TempDir()
	os.Chmod(a.Other, 0o777) // writable by anyone: only the sandbox hides it
	if a.tcp, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.tcp.Close() })
	go func() {
		for {
			c, err := a.tcp.Accept()
			if err != nil {
				return
			}
			a.dialed.Add(1)
			c.Close()
		}
	}()
	a.Daemon = fmt.Sprintf("%d.%06d", 40+os.Getpid()%50, time.Now().UnixNano()%1000000)
	t.Cleanup(func() {
		for _, pid := range a.daemons() {
			killPid(pid)
		}
	})
	t.Setenv("ATTACK_VICTIM", pattern)
	t.Setenv("ATTACK_JUDGE", strconv.Itoa(os.Getpid()))
	t.Setenv("ATTACK_SECRET", a.Secret)
	t.Setenv("ATTACK_OTHER", a.Other)
	t.Setenv("ATTACK_TCP", strconv.Itoa(a.tcp.Addr().(*net.TCPAddr).Port))
	t.Setenv("ATTACK_DAEMON", a.Daemon)
	return a
}

// attackVars are the variables that point the hostile engine at its
// targets.
var attackVars = []string{"ATTACK_VICTIM", "ATTACK_JUDGE", "ATTACK_SECRET", "ATTACK_OTHER", "ATTACK_TCP", "ATTACK_DAEMON"}

// EnvFlags are the flags that pass the attack's variables to sandboxed
// engines, which get none of the judge's otherwise.
func (a *Attacks) EnvFlags() []string {
	var f []string
	for _, v := range attackVars {
		f = append(f, "--sandbox-env", v)
	}
	return f
}

// daemons returns the pids of the daemons the hostile engine left.
func (a *Attacks) daemons() []int {
	var pids []int
	for _, pid := range Processes(func(cmdline string) bool { return cmdline == "sleep\x00"+a.Daemon+"\x00" }) {
		if Alive(pid) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// Check checks what the attacks did, seen from outside and in out, the
// engines' stderr (their logs): with the sandbox (on) every attack
// failed and left nothing; without it, every attack succeeded but the
// daemon's, which the engine's cgroup, where there is one, kills even
// unsandboxed (the sandbox kills it everywhere).
func (a *Attacks) Check(t *testing.T, on bool, out string) {
	t.Helper()
	for _, name := range []string{"kill-opponent", "signal-judge", "read-secret", "write-beside", "write-other-engine", "tcp"} {
		done, failed := strings.Contains(out, "attack "+name+": done"), strings.Contains(out, "attack "+name+": failed")
		if on && (done || !failed) || !on && !done {
			t.Errorf("sandbox %v: attack %s: done %v, failed %v", on, name, done, failed)
		}
	}
	forged, _ := filepath.Glob(filepath.Join(filepath.Dir(a.Secret), "forged-*"))
	planted, _ := filepath.Glob(filepath.Join(a.Other, "planted-*"))
	if on && (len(forged) > 0 || len(planted) > 0) || !on && (len(forged) == 0 || len(planted) == 0) {
		t.Errorf("sandbox %v: files forged beside the results %v, planted in another engine's directory %v", on, forged, planted)
	}
	if n := a.dialed.Load(); (n > 0) == on {
		t.Errorf("sandbox %v: %d connections to the host's TCP server", on, n)
	}
	deadline := time.Now().Add(deadWait)
	for on && len(a.daemons()) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if d := a.daemons(); on && len(d) > 0 {
		t.Errorf("sandboxed, the engine's daemon outlived it: %v", d)
	}
}

// VictimPattern returns the extended regular expression (grep -E) with
// which hostile.sh finds its victim in /proc/PID/cmdline: the command
// lines that begin with words, each ended by its NUL (a control
// character to grep -a). words[0] must be
// an absolute path, the program the test started (a build in a temporary
// directory of its own, or the test binary), so that the pattern matches
// nothing but the test's victim: a word such as "--seed 2" alone also
// named "judge tournament --seed 23 ..." (the NUL and the 3 each matched
// by a dot) and killed a judge running beside the tests. Anchored at the
// start, it does not match the grep's own command line either.
func VictimPattern(words ...string) (string, error) {
	if len(words) == 0 || !filepath.IsAbs(words[0]) {
		return "", fmt.Errorf("the victim %q is not named by its program's absolute path", words)
	}
	var b strings.Builder
	b.WriteString("^")
	for _, w := range words {
		if w == "" || strings.ContainsRune(w, 0) {
			return "", fmt.Errorf("the victim's word %q is empty or holds a NUL", w)
		}
		b.WriteString(regexp.QuoteMeta(w))
		// The word's NUL, which a dot would not tell from a character
		// ("--seed.2." matched "--seed 23").
		b.WriteString("[[:cntrl:]]")
	}
	return b.String(), nil
}
