package engineproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc/proctest"
)

// The sandbox's tests: each attack of a hostile engine is tried with the
// sandbox on, where it must fail, and off, where it must succeed, so that
// the test proves the sandbox stops it. The hostile engine is this test
// binary ("engineproc-child attack NAME ARGS"); each attack prints what
// it managed as "result KEY VALUE" lines.

// attackMain runs the attack name and reports it.
func attackMain(name string, args []string) int {
	report := func(key string, v any) { fmt.Printf("result %s %v\n", key, v) }
	switch name {
	case "signal":
		// args: the marker of the victims' command lines, the judge's pid.
		// Kill every process whose command line has the marker, as a
		// student's engine killing its opponent by name; signal 0 to
		// the judge (which a real attack would kill), and trace a victim.
		judge, _ := strconv.Atoi(args[1])
		killed, traced := 0, false
		for _, pid := range proctest.Named(args[0]) {
			if !traced && syscall.PtraceAttach(pid) == nil {
				traced = true
				var ws syscall.WaitStatus
				syscall.Wait4(pid, &ws, 0, nil)
				syscall.PtraceDetach(pid)
			}
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				killed++
			}
		}
		report("killed", killed)
		report("traced", traced)
		report("judge-signalled", syscall.Kill(judge, 0) == nil)
		report("parent-signalled", syscall.Kill(os.Getppid(), 0) == nil && os.Getppid() != 1)
		return 0
	case "files":
		// The environment's ATTACK_SECRET, a file beside the judge's
		// results, and ATTACK_OTHER, a directory of another engine's
		// (not arguments, which the sandbox binds as the engine's own
		// files: a student guesses such paths).
		args = []string{os.Getenv("ATTACK_SECRET"), os.Getenv("ATTACK_OTHER")}
		_, err := os.ReadFile(args[0])
		report("read-secret", err == nil)
		err = os.WriteFile(filepath.Join(filepath.Dir(args[0]), "forged.jsonl"), []byte("forged\n"), 0o644)
		report("wrote-beside", err == nil)
		err = os.WriteFile(filepath.Join(args[1], "planted"), []byte("planted\n"), 0o644)
		report("wrote-other-engine", err == nil)
		for _, d := range []string{"/root", "/home", "/var"} {
			_, err := os.ReadDir(d)
			report("listed"+d, err == nil)
		}
		err = os.WriteFile("scratch-file", []byte("mine\n"), 0o644)
		report("wrote-scratch", err == nil)
		return 0
	case "disk":
		// args: the directory to fill, the most bytes to write. Files of
		// a MiB each, as a program dodging a per-file limit would.
		most, _ := strconv.ParseInt(args[1], 10, 64)
		var total int64
		chunk := make([]byte, 1<<20)
		for i := 0; total < most; i++ {
			if os.WriteFile(filepath.Join(args[0], fmt.Sprintf("fill-%d", i)), chunk, 0o644) != nil {
				break
			}
			total += int64(len(chunk))
		}
		report("wrote-bytes", total)
		return 0
	case "network":
		// args: a TCP address and a UDP address on the host's loopback.
		c, err := net.DialTimeout("tcp", args[0], 2*time.Second)
		report("tcp", err == nil)
		if err == nil {
			c.Write([]byte("exfiltrated\n"))
			c.Close()
		}
		u, err := net.Dial("udp", args[1])
		sent := false
		if err == nil {
			_, err = u.Write([]byte("exfiltrated"))
			sent = err == nil
			u.Close()
		}
		report("udp-sent", sent)
		// A name looked up at a resolver of the attacker's choice: the
		// test's UDP server, standing for a DNS server outside.
		r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "udp", args[1])
		}}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		r.LookupHost(ctx, "secret.example.org")
		cancel()
		return 0
	case "fork":
		// args: how many processes to start; each sleeps, to be counted.
		n, _ := strconv.Atoi(args[0])
		started := 0
		for range n {
			if _, err := syscall.ForkExec("/bin/sleep", []string{"sleep", "60"}, &syscall.ProcAttr{}); err != nil {
				break
			}
			started++
		}
		report("started", started)
		return 0
	case "threads":
		// args: how many threads to start. Each is a goroutine locked to
		// its thread and blocked in a system call; the count goes out as
		// it grows, for a runtime that dies when a thread cannot be made.
		n, _ := strconv.Atoi(args[0])
		var made atomic.Int64
		for i := range n {
			go func() {
				runtime.LockOSThread()
				made.Add(1)
				time.Sleep(time.Minute)
			}()
			if (i+1)%50 == 0 {
				time.Sleep(20 * time.Millisecond)
				fmt.Printf("result threads %d\n", made.Load())
			}
		}
		for deadline := time.Now().Add(5 * time.Second); made.Load() < int64(n) && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		report("threads", made.Load())
		return 0
	case "daemon":
		// args: a marker for the daemon's command line. It leaves its
		// session and process group, and the engine exits at once.
		_, err := syscall.ForkExec("/bin/sleep", []string{"sleep", args[0]}, &syscall.ProcAttr{Sys: &syscall.SysProcAttr{Setsid: true}})
		report("daemon", err == nil)
		return 0
	case "descriptors":
		// args: a descriptor of the judge's: change to it and list what
		// is there (a directory of the host's), and count the others.
		fd, _ := strconv.Atoi(args[0])
		err := syscall.Fchdir(fd)
		listed := false
		if err == nil {
			entries, err := os.ReadDir(".")
			listed = err == nil && len(entries) > 0
		}
		report("listed-host-dir", listed)
		entries, _ := os.ReadDir("/proc/self/fd")
		report("descriptors", len(entries))
		return 0
	case "kernel":
		// The kernel's keyrings, and a user namespace of its own (every
		// capability inside it).
		_, _, e := syscall.RawSyscall(syscall.SYS_KEYCTL, 0 /* KEYCTL_GET_KEYRING_ID */, uintptr(0xfffffffd) /* KEY_SPEC_SESSION_KEYRING */, 0)
		report("keyring", e == 0)
		err := exec.Command("/usr/bin/unshare", "-U", "/bin/true").Run()
		report("user-namespace", err == nil)
		return 0
	case "output":
		// args: bytes to write to stdout; then what stderr is.
		n, _ := strconv.Atoi(args[0])
		chunk := make([]byte, 1<<16)
		for i := range chunk {
			chunk[i] = 'x'
		}
		for w := 0; w < n; w += len(chunk) {
			os.Stdout.Write(chunk)
		}
		var st syscall.Stat_t
		syscall.Fstat(2, &st)
		fmt.Fprintf(os.Stderr, "\nresult stderr-is-file %v\n", st.Mode&syscall.S_IFMT == syscall.S_IFREG)
		return 0
	case "env":
		report("secret", os.Getenv("ENGINEPROC_TEST_SECRET") != "")
		return 0
	case "whoami":
		status, _ := os.ReadFile("/proc/self/status")
		for line := range strings.Lines(string(status)) {
			if k, v, ok := strings.Cut(line, ":"); ok && (k == "Uid" || k == "CapEff" || k == "CapBnd" || k == "NoNewPrivs") {
				report(k, strings.Fields(v)[0])
			}
		}
		host, _ := os.Hostname()
		report("hostname", host)
		wd, _ := os.Getwd()
		report("cwd", wd)
		return 0
	case "dial":
		// args: ip, port: connect, say hello, answer every line with it.
		c, err := net.Dial("tcp", net.JoinHostPort(args[0], args[1]))
		if err != nil {
			fmt.Println("dial:", err)
			return 1
		}
		fmt.Fprintln(c, "hello")
		r := bufio.NewReader(c)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return 0
			}
			c.Write([]byte(line))
		}
	}
	fmt.Fprintf(os.Stderr, "attack: unknown %q\n", name)
	return 2
}

// results reads the "result KEY VALUE" lines of an attack's output.
func results(out string) map[string]string {
	r := map[string]string{}
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "result" {
			r[f[1]] = f[2]
		}
	}
	return r
}

// sandboxHost makes a host with the sandbox on or off; the test skips
// where the sandbox cannot be had (not root, no namespaces).
func sandboxHost(t *testing.T, on bool, l Limits) *Host {
	t.Helper()
	if on {
		l.Sandbox.Mode = SandboxOn
	}
	h, err := NewHost(l)
	if err != nil {
		if on {
			t.Skipf("no sandbox here: %v", err)
		}
		t.Fatal(err)
	}
	return h
}

// attack runs the attack under h and returns its results.
func attack(t *testing.T, h *Host, name string, args ...string) map[string]string {
	t.Helper()
	out, _, _ := run(t, h, child(t, "attack", append([]string{name}, args...)...))
	t.Logf("%s (sandboxed %v):\n%s", name, h.Sandboxed(), out)
	return results(out)
}

// expect checks the attack's results: want, for each key, its value.
func expect(t *testing.T, got map[string]string, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %q, want %q", k, got[k], v)
		}
	}
}

// onOff runs f with the sandbox on and off, as subtests.
func onOff(t *testing.T, f func(t *testing.T, on bool)) {
	for _, on := range []bool{true, false} {
		name := "sandbox-off"
		if on {
			name = "sandbox-on"
		}
		t.Run(name, func(t *testing.T) { f(t, on) })
	}
}

// victim starts a sleeping engine under h, whose command line has the
// marker it returns, and waits (a bounded time) until it runs.
func victim(t *testing.T, h *Host) (*Proc, string) {
	t.Helper()
	marker := fmt.Sprintf("victim-%d", time.Now().UnixNano())
	cmd := child(t, "sleep", marker)
	cmd.Stdout = os.Stderr
	p, err := h.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	for deadline := time.Now().Add(5 * time.Second); len(proctest.Named(marker)) == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	return p, marker
}

// An engine kills its opponent by name, traces it and signals the judge:
// all of it with the sandbox off, none of it with it on.
func TestSandboxSignals(t *testing.T) {
	onOff(t, func(t *testing.T, on bool) {
		h := sandboxHost(t, on, Limits{})
		v, marker := victim(t, h)
		got := attack(t, h, "signal", marker, strconv.Itoa(os.Getpid()))
		b := strconv.FormatBool(!on)
		expect(t, got, map[string]string{"killed": map[bool]string{true: "0", false: "1"}[on], "traced": b, "judge-signalled": b, "parent-signalled": b})
		if !on {
			select {
			case <-v.Exited():
			case <-time.After(5 * time.Second):
				t.Error("unsandboxed, the victim still runs: the test does not show the attack")
			}
		} else if v.HasExited() {
			t.Errorf("the sandboxed victim exited: %s", v.Status())
		}
	})
}

// An engine reads a file beside the results, writes there and into
// another engine's directory, and looks at the host's private
// directories: all of it with the sandbox off, none of it with it on; it
// writes its scratch either way.
func TestSandboxFiles(t *testing.T) {
	onOff(t, func(t *testing.T, on bool) {
		h := sandboxHost(t, on, Limits{Sandbox: Sandbox{Env: []string{"ATTACK_SECRET", "ATTACK_OTHER"}}})
		resultsDir := t.TempDir()
		secret := filepath.Join(resultsDir, "secret.txt")
		os.WriteFile(secret, []byte("the other students' results\n"), 0o644)
		other := t.TempDir()
		os.Chmod(other, 0o777)
		cmd := child(t, "attack", "files")
		cmd.Env = append(cmd.Env, "ATTACK_SECRET="+secret, "ATTACK_OTHER="+other)
		if !on {
			cmd.Dir = t.TempDir() // its scratch, unsandboxed
		}
		out, _, _ := run(t, h, cmd)
		t.Logf("%s", out)
		got := results(out)
		b := strconv.FormatBool(!on)
		expect(t, got, map[string]string{"read-secret": b, "wrote-beside": b, "wrote-other-engine": b,
			"listed/root": b, "listed/var": b, "wrote-scratch": "true"})
		if _, err := os.Stat(filepath.Join(resultsDir, "forged.jsonl")); (err == nil) == on {
			t.Errorf("forged.jsonl beside the results: %v", err)
		}
	})
}

// An engine fills the disk with files each under the per-file limit: with
// the sandbox off it writes as much as it likes, with it on its scratch is
// full at the disk limit.
func TestSandboxDisk(t *testing.T) {
	const limit, try = 8 << 20, 32 << 20
	onOff(t, func(t *testing.T, on bool) {
		h := sandboxHost(t, on, Limits{Disk: limit})
		dir := "."
		if !on {
			dir = t.TempDir()
		}
		out, u, _ := run(t, h, child(t, "attack", "disk", dir, strconv.Itoa(try)))
		got := results(out)
		n, _ := strconv.ParseInt(got["wrote-bytes"], 10, 64)
		if u.DiskLimit != on {
			t.Errorf("the disk limit reported: %v", u.DiskLimit)
		}
		if on && n > limit {
			t.Errorf("wrote %d bytes in a sandbox with --engine-disk %d", n, limit)
		}
		if !on && n < try {
			t.Errorf("unsandboxed, wrote %d bytes, want %d: the test does not show the attack", n, try)
		}
	})
}

// An engine connects to a TCP server and sends UDP (a name lookup at a
// resolver of its own) on the host's loopback: it reaches both with the
// sandbox off, neither with it on.
func TestSandboxNetwork(t *testing.T) {
	onOff(t, func(t *testing.T, on bool) {
		h := sandboxHost(t, on, Limits{})
		tcp, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer tcp.Close()
		var tcpSeen atomic.Int64
		go func() {
			for {
				c, err := tcp.Accept()
				if err != nil {
					return
				}
				tcpSeen.Add(1)
				c.Close()
			}
		}()
		udp, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer udp.Close()
		var udpSeen atomic.Int64
		go func() {
			buf := make([]byte, 2048)
			for {
				if _, _, err := udp.ReadFrom(buf); err != nil {
					return
				}
				udpSeen.Add(1)
			}
		}()
		attack(t, h, "network", tcp.Addr().String(), udp.LocalAddr().String())
		time.Sleep(100 * time.Millisecond) // for the last packet
		if (tcpSeen.Load() > 0) == on {
			t.Errorf("TCP connections from the engine: %d", tcpSeen.Load())
		}
		if on && udpSeen.Load() > 0 || !on && udpSeen.Load() < 2 {
			t.Errorf("UDP packets from the engine (a datagram and a name lookup): %d", udpSeen.Load())
		}
	})
}

// An engine forks processes by the thousand: with the sandbox and its
// process limit it gets no more than the limit; without them all it asks.
func TestSandboxForkBomb(t *testing.T) {
	onOff(t, func(t *testing.T, on bool) {
		l, try := Limits{Pids: DefaultPids}, 10000
		if !on {
			// No limit at all, and enough processes to show it, not so
			// many as to load the machine.
			l, try = Limits{}, 4*DefaultPids
		}
		h := sandboxHost(t, on, l)
		got := attack(t, h, "fork", strconv.Itoa(try))
		n, _ := strconv.Atoi(got["started"])
		if on && n >= DefaultPids {
			t.Errorf("started %d processes under --engine-pids %d", n, DefaultPids)
		}
		if !on && n != try {
			t.Errorf("unsandboxed, started %d processes, want %d: the test does not show the attack", n, try)
		}
	})
}

// An engine starts a thousand threads: held to the process limit with
// the sandbox on (its runtime dies when it cannot make one), all of them
// with it off.
func TestSandboxThreads(t *testing.T) {
	const try = 1000
	onOff(t, func(t *testing.T, on bool) {
		l := Limits{Pids: DefaultPids}
		if !on {
			l = Limits{}
		}
		h := sandboxHost(t, on, l)
		got := attack(t, h, "threads", strconv.Itoa(try))
		n, _ := strconv.Atoi(got["threads"])
		if on && n >= DefaultPids {
			t.Errorf("made %d threads under --engine-pids %d", n, DefaultPids)
		}
		if !on && n < try {
			t.Errorf("unsandboxed, made %d threads, want %d", n, try)
		}
	})
}

// An engine leaves a daemon behind, in a session of its own: nothing of
// it runs once the engine is closed. (Unsandboxed, the engine's cgroup
// already has it killed where cgroups are there; the PID namespace does
// it everywhere.)
func TestSandboxDaemon(t *testing.T) {
	h := sandboxHost(t, true, Limits{})
	marker := fmt.Sprintf("%d.%d", 30+os.Getpid()%60, time.Now().UnixNano()%1000000)
	got := attack(t, h, "daemon", marker)
	expect(t, got, map[string]string{"daemon": "true"})
	deadline := time.Now().Add(5 * time.Second)
	for len(proctest.Named("sleep "+marker)) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if pids := proctest.Named("sleep " + marker); len(pids) > 0 {
		t.Errorf("the engine's daemon still runs: %v", pids)
	}
}

// A sandboxed engine runs as a user of its own with no capabilities and
// no_new_privs, under another host name, in its scratch; in a user
// namespace (a judge without root) as that namespace's root, still with
// no capabilities.
func TestSandboxIdentity(t *testing.T) {
	for _, userns := range []bool{false, true} {
		t.Run(map[bool]string{false: "own-uid", true: "user-namespace"}[userns], func(t *testing.T) {
			h := sandboxHost(t, true, Limits{Sandbox: Sandbox{userNamespace: userns}})
			got := attack(t, h, "whoami")
			want := map[string]string{"CapEff": "0000000000000000", "CapBnd": "0000000000000000",
				"NoNewPrivs": "1", "hostname": "sandbox", "cwd": "/tmp"}
			if os.Geteuid() != 0 || userns {
				want["Uid"] = "0"
			}
			expect(t, got, want)
			if uid, _ := strconv.Atoi(got["Uid"]); os.Geteuid() == 0 && !userns && (uid < sandboxUIDBase || uid >= sandboxUIDBase+maxSlots) {
				// The lowest slot free on the machine: other judges (tests
				// of other packages running at once) may hold the first.
				t.Errorf("Uid %d, want one of the sandbox's from %d", uid, sandboxUIDBase)
			}
		})
	}
}

// A sandboxed engine dials the judge at the address it was given, inside
// its own network namespace; the judge gets the connection from Seat and
// talks to it as to any engine. The TCP port the judge opened is closed.
func TestSandboxSeat(t *testing.T) {
	h := sandboxHost(t, true, Limits{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	e, err := h.StartEngine(1, []string{exe, "engineproc-child", "attack", "dial"}, "127.0.0.1", SandboxPort, t.TempDir(), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Stop(zap.NewNop())
	seat := e.Seat(ln)
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		t.Error("the judge's own port still takes connections")
	}
	c := acceptWithin(t, seat, 10*time.Second)
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(c)
	if line, err := r.ReadString('\n'); line != "hello\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	fmt.Fprintln(c, "ping")
	if line, err := r.ReadString('\n'); line != "ping\n" {
		t.Fatalf("echo %q, %v", line, err)
	}
}

// acceptWithin accepts a connection from l within d.
func acceptWithin(t testing.TB, l net.Listener, d time.Duration) net.Conn {
	t.Helper()
	type res struct {
		c   net.Conn
		err error
	}
	ch := make(chan res, 1)
	go func() {
		c, err := l.Accept()
		ch <- res{c, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r.c
	case <-time.After(d):
		l.Close()
		t.Fatalf("no connection within %v", d)
	}
	return nil
}

// --keep-scratch keeps what the engine wrote in its scratch; without it
// nothing of the scratch is left on the host.
func TestSandboxKeepScratch(t *testing.T) {
	keep := t.TempDir()
	h := sandboxHost(t, true, Limits{Sandbox: Sandbox{KeepScratch: keep}})
	attack(t, h, "files")
	entries, err := os.ReadDir(keep)
	if err != nil || len(entries) != 1 {
		t.Fatalf("kept scratch directories: %v, %v", entries, err)
	}
	data, err := os.ReadFile(filepath.Join(keep, entries[0].Name(), "scratch-file"))
	if string(data) != "mine\n" {
		t.Errorf("kept scratch-file: %q, %v", data, err)
	}
	if _, err := os.Stat(filepath.Join(keep, entries[0].Name(), filepath.Base(os.Args[0]))); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the program's directory, bound into the scratch, was copied too: %v", err)
	}
}

// A sandbox that cannot be had is an error with --sandbox on, and a
// warning and no sandbox with auto.
func TestSandboxUnavailable(t *testing.T) {
	l := Limits{Sandbox: Sandbox{Mode: SandboxOn, Binds: []string{"/nonexistent/dir"}}}
	if _, err := NewHost(l); err == nil || !strings.Contains(err.Error(), "/nonexistent/dir") {
		t.Errorf("a bind that does not exist: %v", err)
	}
	// A sandbox whose init cannot start, as where the kernel refuses the
	// namespaces.
	broken := Sandbox{initPath: "/nonexistent/init"}
	broken.Mode = SandboxOn
	if _, err := NewHost(Limits{Sandbox: broken}); err == nil || !strings.Contains(err.Error(), "--sandbox on") {
		t.Errorf("--sandbox on where it cannot be had: %v", err)
	}
	broken.Mode = SandboxAuto
	h, err := NewHost(Limits{Sandbox: broken})
	if err != nil {
		t.Fatal(err)
	}
	if h.Sandboxed() {
		t.Error("auto: sandboxed where it cannot be")
	}
	var warned bool
	for _, e := range h.Report() {
		if e.Resource == "sandbox" && !e.Enforced && strings.Contains(e.How, "unsandboxed") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("auto: no warning in %+v", h.Report())
	}
}

// A descriptor the judge inherited without close-on-exec (a directory
// of the host's, as a shell's lock idiom leaves one) reaches an
// unsandboxed engine, which reads the host's tree through it; a
// sandboxed engine gets its three standard descriptors alone.
func TestSandboxInheritedDescriptors(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "results.jsonl"), []byte("{}\n"), 0o644)
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY, 0) // no O_CLOEXEC, on purpose
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	onOff(t, func(t *testing.T, on bool) {
		h := sandboxHost(t, on, Limits{})
		got := attack(t, h, "descriptors", strconv.Itoa(fd))
		expect(t, got, map[string]string{"listed-host-dir": strconv.FormatBool(!on)})
	})
}

// The keyrings and user namespaces of its own are refused to a sandboxed
// engine (the seccomp filter, on amd64), and given to an unsandboxed one.
func TestSandboxKernelInterfaces(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the seccomp filter is amd64's")
	}
	if _, err := os.Stat("/usr/bin/unshare"); err != nil {
		t.Skip("no /usr/bin/unshare")
	}
	onOff(t, func(t *testing.T, on bool) {
		h := sandboxHost(t, on, Limits{})
		got := attack(t, h, "kernel")
		b := strconv.FormatBool(!on)
		expect(t, got, map[string]string{"keyring": b, "user-namespace": b})
	})
}

// A sandboxed engine writes its log through a pipe the judge copies, cut
// at the cap: it holds no descriptor of the log file, and cannot fill
// the disk through it.
func TestSandboxOutputCapped(t *testing.T) {
	const limit, wrote = 1 << 20, 4 << 20
	onOff(t, func(t *testing.T, on bool) {
		l := Limits{Disk: limit} // the cap of a sandboxed engine's output
		if !on {
			l = Limits{} // else RLIMIT_FSIZE would stop its writes to the log
		}
		h := sandboxHost(t, on, l)
		log, err := os.Create(filepath.Join(t.TempDir(), "engine.log"))
		if err != nil {
			t.Fatal(err)
		}
		defer log.Close()
		cmd := child(t, "attack", "output", strconv.Itoa(wrote))
		cmd.Stdout, cmd.Stderr = log, log
		run(t, h, cmd)
		fi, _ := log.Stat()
		data, _ := os.ReadFile(log.Name())

		if on && (fi.Size() > limit+1024 || !strings.Contains(string(data), "output cut at 1 MiB")) {
			t.Errorf("sandboxed, the log holds %d bytes under a cap of %d", fi.Size(), limit)
		}
		if !on && fi.Size() < wrote {
			t.Errorf("unsandboxed, the log holds %d bytes: the test does not show the engine writing it directly", fi.Size())
		}
		if on && strings.Contains(string(data), "result stderr-is-file true") {
			t.Error("sandboxed, the engine's stderr is the log file itself")
		}
	})
}

// The judge's environment reaches a sandboxed engine only where named.
func TestSandboxEnvironment(t *testing.T) {
	t.Setenv("ENGINEPROC_TEST_SECRET", "a token")
	for _, c := range []struct {
		env  []string
		want string
	}{{nil, "false"}, {[]string{"ENGINEPROC_TEST_SECRET"}, "true"}} {
		h := sandboxHost(t, true, Limits{Sandbox: Sandbox{Env: c.env}})
		expect(t, attack(t, h, "env"), map[string]string{"secret": c.want})
	}
}

// Two judges' engines never share a user id: the slots are held across
// the machine.
func TestSandboxSlotsAcrossJudges(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("user ids of their own are for judges that run as root")
	}
	var a, b slots
	i, err := a.acquire()
	if err != nil {
		t.Fatal(err)
	}
	defer a.release(i)
	j, err := b.acquire()
	if err != nil {
		t.Fatal(err)
	}
	defer b.release(j)
	if i == j {
		t.Errorf("two judges got slot %d", i)
	}
	// A freed slot is free to every judge: its lock can be taken again
	// (by this one here; another process of the machine may be first).
	a.release(i)
	f, err := os.OpenFile(filepath.Join(uidLockDir, strconv.Itoa(sandboxUIDBase+i)), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil && !errors.Is(err, syscall.EWOULDBLOCK) {
		t.Errorf("the freed slot's lock: %v", err)
	}
}

// A program that is a FIFO, or in a directory every user shares, is
// refused at its start, with the reason; the judge never blocks on it.
func TestSandboxRefusedPrograms(t *testing.T) {
	h := sandboxHost(t, true, Limits{})
	fifo := filepath.Join(t.TempDir(), "engine")
	os.Chmod(filepath.Dir(fifo), 0o755)
	if err := syscall.Mkfifo(fifo, 0o755); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := h.Start(exec.Command(fifo))
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a file") {
			t.Errorf("a FIFO as the program: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the judge blocked on a FIFO as the program")
	}
	f, err := os.CreateTemp("", "engineproc-shared-*.sh")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(f.Name())
	f.WriteString("#!/bin/sh\nexit 0\n")
	f.Close()
	os.Chmod(f.Name(), 0o755)
	if _, err := h.Start(exec.Command(f.Name())); err == nil || !strings.Contains(err.Error(), "a directory of its own") {
		t.Errorf("a program in %s: %v", os.TempDir(), err)
	}
}

// A data file named on the command line, readable by all but executable
// by none (0644), is bound and read; one closed to others (0600) is
// refused at the start, naming it.
func TestSandboxArgumentFile(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("a user of its own, and so file modes that matter, are for judges that run as root")
	}
	h := sandboxHost(t, true, Limits{})
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	engine := filepath.Join(dir, "engine.sh")
	if err := os.WriteFile(engine, []byte("#!/bin/sh\ncat \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir() // apart from the engine: bound as the file alone
	weights := filepath.Join(data, "weights.txt")
	if err := os.WriteFile(weights, []byte("the weights\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, _ := run(t, h, exec.Command(engine, weights))
	if out != "the weights\n" {
		t.Errorf("the engine read %q of a 0644 file named on its command line", out)
	}
	os.Chmod(weights, 0o600)
	if _, err := h.Start(exec.Command(engine, weights)); err == nil || !strings.Contains(err.Error(), "weights.txt") {
		t.Errorf("a 0600 file named on the command line: %v", err)
	}
}
