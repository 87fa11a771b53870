package engineproc

// The judge's side of the sandbox (sandboxinit_linux.go is the other):
// deciding at start whether engines can be sandboxed here, turning each
// engine's command into the start of a sandbox's init that will run it,
// and speaking with that init over the control socket.

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// sandboxUIDBase is the first of the user and group ids a judge running
// as root gives its engines, one an engine running at once (as the IOI's
// isolate does from 60000): ids no account of a usual system has, so
// that an engine owns no file of the host's and can signal nobody else.
const sandboxUIDBase = 60000

// sandboxStartWait bounds the wait for a sandbox's init to say that the
// engine started: the namespaces and mounts take milliseconds, but a
// loaded machine may be slow to schedule the new process.
const sandboxStartWait = 10 * time.Second

// sandboxCloneFlags are the namespaces every sandbox gets.
const sandboxCloneFlags = syscall.CLONE_NEWPID | syscall.CLONE_NEWNS | syscall.CLONE_NEWNET |
	syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS

// sandboxer starts engines in sandboxes.
type sandboxer struct {
	binds []string
	keep  string
	// userns is set when the engines get a user namespace (the judge is
	// not root) rather than a user id of their own.
	userns bool
	// scratch is the size of each engine's /tmp.
	scratch int64
	// nproc is RLIMIT_NPROC for each engine, where no pids cgroup holds
	// the process limit but each engine has a user id of its own.
	nproc int
	uids  slots
	// init is the program started as each sandbox's init.
	init string
	// fsize is each engine's RLIMIT_FSIZE, 0 for none; outputCap the
	// most bytes of its stdout and stderr the judge keeps.
	fsize, outputCap int64
	// env are the names of the judge's environment variables the
	// engines get besides envPassed.
	env []string
	// count names the kept scratch directories.
	mu    sync.Mutex
	count int
}

// slots hands out the engines' user ids, one an engine running at once,
// reserved across the machine: two judges on one machine (shards of a
// tournament) must not give their engines one id, which would share the
// id's process limit and whatever the kernel keeps by user. A slot is
// held by a lock (flock) on a file of its own in uidLockDir, which the
// kernel releases if the judge dies; ids that name an account of the
// host's are skipped.
type slots struct {
	mu   sync.Mutex
	held map[int]*os.File
}

// uidLockDir holds the locks of the slots; root's alone, as the ids are
// given only by judges that run as root.
const uidLockDir = "/run/engineproc-uids"

// maxSlots bounds the ids tried: far more engines than any machine runs
// at once.
const maxSlots = 4096

// acquire reserves the lowest free slot.
func (s *slots) acquire() (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held == nil {
		s.held = map[int]*os.File{}
	}
	if err := os.MkdirAll(uidLockDir, 0o700); err != nil {
		return 0, fmt.Errorf("sandbox: the locks of the engines' user ids: %w", err)
	}
	for i := range maxSlots {
		if s.held[i] != nil || accountExists(sandboxUIDBase+i) {
			continue
		}
		f, err := os.OpenFile(filepath.Join(uidLockDir, strconv.Itoa(sandboxUIDBase+i)), os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return 0, fmt.Errorf("sandbox: %w", err)
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
			f.Close() // another judge's
			continue
		}
		s.held[i] = f
		return i, nil
	}
	return 0, fmt.Errorf("sandbox: all %d user ids from %d are in use", maxSlots, sandboxUIDBase)
}

// release gives slot i back.
func (s *slots) release(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f := s.held[i]; f != nil {
		f.Close() // and with it the lock
		delete(s.held, i)
	}
}

// accountExists reports whether /etc/passwd names uid: an id of a real
// account is never given to an engine.
func accountExists(uid int) bool {
	data, err := os.ReadFile("/etc/passwd")
	if err != nil {
		return false
	}
	id := ":" + strconv.Itoa(uid) + ":"
	for line := range strings.Lines(string(data)) {
		// name:password:uid:...
		if f := strings.SplitN(line, ":", 4); len(f) == 4 && ":"+f[2]+":" == id {
			return true
		}
	}
	return false
}

// newSandboxer checks that engines can be sandboxed here, by building a
// sandbox and bringing up its network, and says how they are.
func newSandboxer(l Limits) (*sandboxer, Enforcement, error) {
	e := Enforcement{Resource: "sandbox", Limit: l.Sandbox.Mode.String()}
	binds, err := checkBinds(l.Sandbox.Binds)
	if err != nil {
		return nil, e, err
	}
	s := &sandboxer{binds: binds, keep: l.Sandbox.KeepScratch, scratch: DefaultScratchSize,
		userns: os.Geteuid() != 0 || l.Sandbox.userNamespace, init: cmp.Or(l.Sandbox.initPath, "/proc/self/exe")}
	if l.Disk > 0 {
		s.scratch, s.fsize = l.Disk, l.Disk
	}
	s.outputCap = min(s.scratch, maxEngineOutput)
	s.env = l.Sandbox.Env
	if s.keep != "" {
		if s.keep, err = filepath.Abs(s.keep); err == nil {
			err = os.MkdirAll(s.keep, 0o755)
		}
		if err != nil {
			return nil, e, fmt.Errorf("--keep-scratch: %w", err)
		}
	}
	if err := s.probe(); err != nil {
		return nil, e, err
	}
	identity := fmt.Sprintf("a user and group id of its own from %d, no capabilities, no_new_privs", sandboxUIDBase)
	if s.userns {
		identity = "a user namespace whose root has no capabilities, no_new_privs"
	}
	e.Enforced = true
	e.How = fmt.Sprintf("each engine and its children in PID, mount, network, IPC and UTS namespaces of their own; %s; "+
		"read-only %s, its program's directory%s; a private %s tmpfs as its working directory and /tmp%s; "+
		"network: its own loopback only, where it dials the judge its one connection is handed to the judge; "+
		"%s; its standard descriptors alone, its output through pipes (at most %s kept); the environment's %s%s",
		identity, strings.Join(systemDirs, " "), bindsText(binds), FormatSize(s.scratch), keepText(s.keep),
		seccompText, FormatSize(s.outputCap), strings.Join(envPassed, " "), envText(s.env))
	return s, e, nil
}

func envText(env []string) string {
	if len(env) == 0 {
		return " LC_* alone"
	}
	return " LC_* " + strings.Join(env, " ")
}

func bindsText(binds []string) string {
	if len(binds) == 0 {
		return ""
	}
	return " and " + strings.Join(binds, " ")
}

func keepText(keep string) string {
	if keep == "" {
		return ", removed after the game"
	}
	return ", kept under " + keep
}

// probe builds a sandbox with its network and no engine.
func (s *sandboxer) probe() error {
	cmd := exec.Command(s.init)
	sb, err := s.wrap(cmd, 1, nil)
	if err != nil {
		return err
	}
	defer sb.ctl.Close()
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting a sandbox: %w", err)
	}
	sb.started()
	err = sb.awaitReady()
	cmd.Wait()
	return err
}

// sandboxed is one engine's sandbox, as the judge sees it.
type sandboxed struct {
	s *sandboxer
	// ctl is the judge's end of the control socket, under the runtime's
	// poller so that closing it never races a read; peer the init's end,
	// closed once the init started.
	ctl  *net.UnixConn
	peer *os.File
	slot int // -1 without a user id of its own
	// keptIn is the directory the scratch is copied to, "" for none.
	keptIn string
	ready  chan error
	conns  chan net.Conn
	// status is the engine's wait status, once the init reported it.
	mu     sync.Mutex
	status *syscall.WaitStatus
	// scratchFull is set when the engine ended with its scratch full.
	scratchFull bool
}

// wrap turns cmd, not started, into the start of a sandbox's init that
// will run cmd's program in its place: the program resolved to its real
// path, its arguments that name files made absolute (its working
// directory inside is its scratch) and bound (programBinds). listen is
// the port it dials the judge on, 0 for none. argv nil makes a probe,
// which runs no program.
func (s *sandboxer) wrap(cmd *exec.Cmd, listen int, argv []string) (*sandboxed, error) {
	cfg := initConfig{UID: -1, GID: -1, ScratchSize: s.scratch, Listen: listen, Binds: s.binds}
	sb := &sandboxed{s: s, slot: -1, ready: make(chan error, 1), conns: make(chan net.Conn, 1)}
	if argv != nil {
		prog, binds, err := programBinds(cmd.Path, argv[1:])
		if err != nil {
			return nil, err
		}
		if !s.userns {
			if err := openToOthers(prog, binds); err != nil {
				return nil, err
			}
		}
		cfg.Argv = append([]string{prog}, binds.args...)
		cfg.Binds = append(cfg.Binds, binds.paths...)
		env := cmd.Env
		if env == nil {
			env = os.Environ()
		}
		cfg.Env = append(passedVars(env, s.env), "HOME=/tmp", "TMPDIR=/tmp", "PWD=/tmp")
		if !s.userns {
			slot, err := s.uids.acquire()
			if err != nil {
				return nil, err
			}
			sb.slot = slot
			cfg.UID, cfg.GID = sandboxUIDBase+sb.slot, sandboxUIDBase+sb.slot
			cfg.Nproc = s.nproc
		}
		cfg.Fsize = s.fsize
		capOutput(cmd, s.outputCap)
		if s.keep != "" {
			s.mu.Lock()
			s.count++
			n := s.count
			s.mu.Unlock()
			sb.keptIn = filepath.Join(s.keep, fmt.Sprintf("engine-%d-%d-%s", os.Getpid(), n, filepath.Base(prog)))
			if err := os.Mkdir(sb.keptIn, 0o755); err != nil {
				sb.release()
				return nil, fmt.Errorf("--keep-scratch: %w", err)
			}
			cfg.Keep = sb.keptIn
		}
	}
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		sb.release()
		return nil, fmt.Errorf("sandbox control socket: %w", err)
	}
	sb.peer = os.NewFile(uintptr(fds[1]), "sandbox control")
	own := os.NewFile(uintptr(fds[0]), "sandbox control")
	c, err := net.FileConn(own)
	own.Close()
	if err != nil {
		sb.close()
		return nil, fmt.Errorf("sandbox control socket: %w", err)
	}
	sb.ctl = c.(*net.UnixConn)
	orders, err := json.Marshal(cfg)
	if err == nil {
		_, err = sb.ctl.Write(orders) // a packet, buffered until the init reads it
	}
	if err != nil {
		sb.close()
		return nil, fmt.Errorf("sandbox orders: %w", err)
	}
	name := "engineproc-sandbox"
	if len(cfg.Argv) > 0 {
		name += ": " + filepath.Base(cfg.Argv[0])
	}
	cmd.Path, cmd.Args = s.init, []string{name}
	cmd.Env = []string{sandboxInitEnv + "=1"}
	cmd.Dir = "/"
	cmd.ExtraFiles = []*os.File{sb.peer}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Cloneflags |= sandboxCloneFlags
	// A session of its own: no controlling terminal (whose input it could
	// push keys into); the session's id is its group's, so the group kill
	// of procgroup still reaches it.
	cmd.SysProcAttr.Setsid, cmd.SysProcAttr.Setpgid = true, false
	if s.userns {
		cmd.SysProcAttr.Cloneflags |= syscall.CLONE_NEWUSER
		cmd.SysProcAttr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Geteuid(), Size: 1}}
		cmd.SysProcAttr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getegid(), Size: 1}}
	}
	return sb, nil
}

// started is called once the init is started (or failed to): the judge
// closes its copy of the init's end, and reads what the init says.
func (sb *sandboxed) started() {
	sb.peer.Close()
	go sb.read()
}

// read reads the init's messages until it exits.
func (sb *sandboxed) read() {
	defer close(sb.conns)
	buf := make([]byte, 4096)
	oob := make([]byte, syscall.CmsgSpace(4))
	readySent := false
	ready := func(err error) {
		if !readySent {
			readySent = true
			sb.ready <- err
		}
	}
	defer ready(errors.New("the sandbox ended before its engine started"))
	for {
		n, oobn, _, _, err := sb.ctl.ReadMsgUnix(buf, oob)
		if err != nil || n == 0 {
			return
		}
		msg := string(buf[:n])
		word, rest, _ := strings.Cut(msg, " ")
		switch word {
		case msgReady:
			ready(nil)
		case msgError:
			ready(fmt.Errorf("sandbox: %s", rest))
		case msgConn:
			if c := connFromRights(oob[:oobn]); c != nil {
				sb.conns <- c
			}
		case msgExit:
			status, full, _ := strings.Cut(rest, " ")
			if v, err := strconv.ParseUint(status, 10, 32); err == nil {
				ws := syscall.WaitStatus(v)
				sb.mu.Lock()
				sb.status, sb.scratchFull = &ws, full == "true"
				sb.mu.Unlock()
			}
		}
	}
}

// connFromRights makes a connection of the descriptor in a control
// message, nil if there is none.
func connFromRights(oob []byte) net.Conn {
	msgs, err := syscall.ParseSocketControlMessage(oob)
	if err != nil || len(msgs) == 0 {
		return nil
	}
	fds, err := syscall.ParseUnixRights(&msgs[0])
	if err != nil || len(fds) == 0 {
		return nil
	}
	for _, fd := range fds[1:] {
		syscall.Close(fd)
	}
	f := os.NewFile(uintptr(fds[0]), "engine connection")
	defer f.Close()
	c, err := net.FileConn(f)
	if err != nil {
		return nil
	}
	return c
}

// awaitReady waits for the init to say that the engine started.
func (sb *sandboxed) awaitReady() error {
	t := time.NewTimer(sandboxStartWait)
	defer t.Stop()
	select {
	case err := <-sb.ready:
		return err
	case <-t.C:
		return fmt.Errorf("sandbox: the engine did not start within %v", sandboxStartWait)
	}
}

// exitText is the engine's exit status as os/exec words it, "" until the
// init reported it.
func (sb *sandboxed) exitText() string {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.status == nil {
		return ""
	}
	ws := *sb.status
	switch {
	case ws.Exited():
		return "exit status " + strconv.Itoa(ws.ExitStatus())
	case ws.Signaled():
		return "signal: " + ws.Signal().String()
	}
	return "exit status unknown"
}

// diskLimit reports whether the engine ran into the disk limit: its
// scratch full at its end, or, unsandboxed, killed by SIGXFSZ for a file
// past RLIMIT_FSIZE (ps is its process's state, nil before it exits).
func (j *jail) diskLimit(ps *os.ProcessState) bool {
	if j.sb != nil {
		j.sb.mu.Lock()
		defer j.sb.mu.Unlock()
		return j.sb.scratchFull || j.sb.status != nil && j.sb.status.Signaled() && j.sb.status.Signal() == syscall.SIGXFSZ
	}
	if ps == nil {
		return false
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGXFSZ
}

// release gives the user id back.
func (sb *sandboxed) release() {
	if sb.slot >= 0 {
		sb.s.uids.release(sb.slot)
		sb.slot = -1
	}
}

// close closes the control socket and gives the user id back.
func (sb *sandboxed) close() {
	if sb.ctl != nil {
		sb.ctl.Close()
	}
	if sb.peer != nil {
		sb.peer.Close()
	}
	sb.release()
}

// engineFiles is what an engine must read besides the system's.
type engineFiles struct {
	// args are its arguments, those that name files made absolute.
	args []string
	// paths are the directories and files to bind, resolved.
	paths []string
	// script is set for a program run by its #! interpreter.
	script bool
}

// programBinds resolves an engine's program to an absolute path and
// finds what it must read: the program's directory (the real one where
// the program is a link, both where they differ), the directory of a
// script's interpreter, and the files its arguments name (only those
// files: a script given to python3, a weights file), which it gets as
// absolute paths (its working directory is its scratch). Every path is
// resolved through its links, which the sandbox's root does not have.
func programBinds(prog string, args []string) (string, engineFiles, error) {
	var out engineFiles
	abs, err := filepath.Abs(prog)
	if err != nil {
		return "", out, err
	}
	add := func(p string) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		if !underSystemDir(p) && !slices.Contains(out.paths, p) {
			out.paths = append(out.paths, p)
		}
	}
	addDirOf := func(p string) {
		add(filepath.Dir(p))
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			add(filepath.Dir(real))
		}
	}
	addDirOf(abs)
	if interp := interpreter(abs); interp != "" {
		out.script = true
		addDirOf(interp)
	}
	for _, a := range args {
		if fi, err := os.Stat(a); err == nil && fi.Mode().IsRegular() {
			if p, err := filepath.Abs(a); err == nil {
				add(p)
				a = p
			}
		}
		out.args = append(out.args, a)
	}
	for _, d := range out.paths {
		if sharedDir(d) {
			return "", out, fmt.Errorf("sandbox: the engine's program %s is in %s, which the sandbox would bind whole, every other user's files in it: put each engine in a directory of its own", prog, d)
		}
	}
	return abs, out, nil
}

// sharedDir reports whether d is a directory that many users share (the
// root, the temporary directories), never bound whole into a sandbox.
func sharedDir(d string) bool {
	switch filepath.Clean(d) {
	case "/", "/tmp", "/var/tmp", "/dev/shm", "/var", "/home", "/root", "/run":
		return true
	}
	return false
}

// interpreter returns the absolute interpreter a script's #! line names,
// "" for none.
func interpreter(path string) string {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return "" // a FIFO would block the judge
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := f.Read(head)
	line, ok := strings.CutPrefix(string(head[:n]), "#!")
	if !ok {
		return ""
	}
	line, _, _ = strings.Cut(line, "\n")
	fields := strings.Fields(line)
	if len(fields) == 0 || !filepath.IsAbs(fields[0]) {
		return ""
	}
	return fields[0]
}

// underSystemDir reports whether d is inside a directory every sandbox
// gets already.
func underSystemDir(d string) bool {
	for _, s := range systemDirs {
		if d == s || strings.HasPrefix(d, s+"/") {
			return true
		}
	}
	return false
}

// envPassed are the variables of the judge's environment every engine
// gets: what programs need to run and to read text. Nothing else, as
// the judge's may hold credentials (a CI's tokens, a cloud's keys, a
// cluster's job variables); --sandbox-env names more.
var envPassed = []string{"PATH", "LANG", "LANGUAGE", "TZ", "TERM",
	// The Go runtime's knobs, for engines in Go: settings, not secrets.
	"GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GODEBUG", "GORACE"}

// passedVars returns the variables of env that engines get: envPassed,
// LC_*, and those named in extra.
func passedVars(env, extra []string) []string {
	var out []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if slices.Contains(envPassed, name) || strings.HasPrefix(name, "LC_") || slices.Contains(extra, name) {
			out = append(out, kv)
		}
	}
	return out
}

// maxEngineOutput bounds what the judge keeps of an engine's stdout and
// stderr (its log), --engine-disk if smaller: an engine must not fill the
// judge's disk through the log the judge writes for it.
const maxEngineOutput = 64 << 20

// capOutput has the engine write its stdout (when a file) and its stderr
// to pipes, which the judge copies into what the caller gave, no more
// than limit bytes: the engine never holds a descriptor of the judge's
// own (its log file, the terminal of the judge's stderr, in which it
// could push keys). A pipe the caller made for the protocol is left.
func capOutput(cmd *exec.Cmd, limit int64) {
	capped := func(w io.Writer) io.Writer { return &cappedWriter{w: w, left: limit, limit: limit} }
	if cmd.Stderr != nil && sameWriter(cmd.Stdout, cmd.Stderr) {
		// One writer for both, one at a time, as os/exec does for one.
		c := capped(cmd.Stderr)
		cmd.Stdout, cmd.Stderr = c, c
	} else {
		if f, ok := cmd.Stdout.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				cmd.Stdout = capped(f)
			}
		}
		if cmd.Stderr != nil {
			cmd.Stderr = capped(cmd.Stderr)
		}
	}
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = StopGrace
	}
}

// sameWriter reports whether a and b are the same writer, as os/exec
// compares them: writers of types that cannot be compared are not.
func sameWriter(a, b io.Writer) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// cappedWriter passes on the first left bytes written to w and drops the
// rest, saying so once; it never fails, so that the engine is never
// blocked on its output.
type cappedWriter struct {
	mu          sync.Mutex
	w           io.Writer
	left, limit int64
	cut         bool
}

// Write passes on what the cap leaves.
func (c *cappedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cut {
		return len(p), nil
	}
	if int64(len(p)) <= c.left {
		c.w.Write(p)
		c.left -= int64(len(p))
		return len(p), nil
	}
	c.w.Write(p[:c.left])
	c.left, c.cut = 0, true
	fmt.Fprintf(c.w, "\n[engineproc: the engine's output cut at %s]\n", FormatSize(c.limit))
	return len(p), nil
}

// sandboxListener is the seat of a sandboxed engine that dials the
// judge: Accept returns the one connection the engine made.
type sandboxListener struct {
	sb     *sandboxed
	port   int
	once   sync.Once
	closed chan struct{}
}

// Accept returns the engine's connection once it made it.
func (l *sandboxListener) Accept() (net.Conn, error) {
	select {
	case c, ok := <-l.sb.conns:
		if ok {
			return c, nil
		}
		return nil, errors.New("sandbox: the engine exited without connecting")
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

// Close ends a wait in Accept.
func (l *sandboxListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

// Addr is the address the engine dials, in its own network namespace.
func (l *sandboxListener) Addr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: l.port}
}

// sandboxed reports whether engines start in sandboxes.
func (p *platform) sandboxed() bool { return p.sandbox != nil }

// exitText is the sandboxed engine's exit status, "" without a sandbox or
// before the init reported it.
func (j *jail) exitText() string {
	if j.sb == nil {
		return ""
	}
	return j.sb.exitText()
}

// stop ends a sandbox whose scratch is to be kept gently: SIGTERM has
// its init kill the rest and copy the scratch before it exits, for
// StopGrace at most. Other engines are killed at once by the caller.
func (j *jail) stop(p *os.Process, exited <-chan struct{}) {
	if j.sb == nil || j.sb.keptIn == "" {
		return
	}
	// Through the process's pidfd where the system has one: never a
	// process that took a reaped init's pid.
	p.Signal(syscall.SIGTERM)
	t := time.NewTimer(StopGrace)
	defer t.Stop()
	select {
	case <-exited:
	case <-t.C:
	}
}

// listener returns the seat of a sandboxed engine that dials the judge
// on port, nil without a sandbox.
func (j *jail) listener(port int) net.Listener {
	if j.sb == nil {
		return nil
	}
	return &sandboxListener{sb: j.sb, port: port, closed: make(chan struct{})}
}

// scratchKept is where the engine's scratch is kept, "" for nowhere.
func (j *jail) scratchKept() string {
	if j.sb == nil {
		return ""
	}
	return j.sb.keptIn
}

// enginePid returns the process id, in the judge's namespace, of the
// program a sandbox's init (pid) started: its only child. Without a
// sandbox, or if it cannot be found, it returns pid.
func (j *jail) enginePid(pid int) int {
	if j.sb == nil {
		return pid
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
	if err != nil {
		return pid
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return pid
	}
	if child, err := strconv.Atoi(f[0]); err == nil {
		return child
	}
	return pid
}

// openToOthers checks that an engine's program and what is bound for it
// can be used by the sandbox's user, which owns none of them and is in
// none of their groups: each directory must be open to others (o+rx),
// each file readable by them, and the program executable by them (a
// script readable too), so that the error is this one, said at the
// start, and not a bare "permission denied" from the init.
func openToOthers(prog string, files engineFiles) error {
	const fix = "make it so (chmod o+rx, a file o+r), run the engine's files from a directory open to all, or --sandbox off"
	for _, p := range files.paths {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		switch {
		case fi.IsDir() && fi.Mode().Perm()&0o005 != 0o005:
			return fmt.Errorf("sandbox: the engine's directory %s (%v) is not open to the sandbox's user, who owns nothing of the host's: %s", p, fi.Mode(), fix)
		case !fi.IsDir() && fi.Mode().Perm()&0o004 == 0:
			return fmt.Errorf("sandbox: the engine's file %s (%v) is not readable by the sandbox's user, who owns nothing of the host's: %s", p, fi.Mode(), fix)
		}
	}
	fi, err := os.Stat(prog)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("sandbox: the engine's program %s is not a file (%v)", prog, fi.Mode())
	}
	want := fs.FileMode(0o001)
	if files.script {
		want = 0o005
	}
	if fi.Mode().Perm()&want != want {
		return fmt.Errorf("sandbox: the engine's program %s (%v) cannot be run by the sandbox's user, who owns nothing of the host's: %s", prog, fi.Mode(), fix)
	}
	return nil
}

// userHZ is the unit of the CPU times in /proc/PID/stat: Linux exports
// them in USER_HZ, 100 a second on every architecture, whatever the
// kernel's own tick rate.
const userHZ = 100

// cpuNow returns the CPU time the engine has used so far, with whatever
// it started: from its cgroup where it has one (every process in it),
// else from /proc of its process (pid, or in a sandbox the engine the
// init runs): its own time and that of the children it waited for.
func (j *jail) cpuNow(pid int) (time.Duration, bool) {
	if j.acct != "" {
		return j.cgroupCPU()
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", j.enginePid(pid)))
	if err != nil {
		return 0, false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	// After the command: state (field 3), ... utime stime cutime cstime
	// are fields 14 to 17.
	f := strings.Fields(s[i+1:])
	if len(f) < 15 {
		return 0, false
	}
	var ticks int64
	for _, v := range f[11:15] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / userHZ, true
}
