package engineproc

// The sandbox's first process. The judge starts an engine by starting
// its own program again (/proc/self/exe) with sandboxInitEnv set, in new
// PID, mount, network, IPC and UTS namespaces (and a user namespace when
// it is not root). This init runs before main: it reads its orders from
// the control socket (fd 3), builds the engine's file system, brings the
// loopback interface up and listens on the engine's port if it dials the
// judge, starts the engine as an unprivileged user with no capabilities
// and no_new_privs, and, as PID 1 of the namespace, reaps what dies in it.
// When the engine exits it kills whatever the engine left, reports the
// exit status to the judge and exits too, which ends the namespace.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// sandboxInitEnv, set in its environment, makes a program that links
// engineproc the sandbox's init rather than itself.
const sandboxInitEnv = "ENGINEPROC_SANDBOX_INIT"

// controlFD is the control socket's descriptor in the init: the first of
// ExtraFiles.
const controlFD = 3

// initConfig is what the judge tells the init to do.
type initConfig struct {
	// Argv is the engine's program, an absolute path, and its arguments;
	// empty for a probe, which builds the sandbox and exits.
	Argv []string
	Env  []string
	// Binds are the host's files and directories the engine may read, at
	// the same paths inside.
	Binds []string
	// UID and GID are the engine's identity; -1 keeps the init's (the
	// user namespace's root, without capabilities).
	UID, GID int
	// ScratchSize is the size of the engine's /tmp, its working directory.
	ScratchSize int64
	// Listen is the port the engine dials on 127.0.0.1, 0 for an engine
	// that gets no network at all.
	Listen int
	// Nproc, if above 0, is RLIMIT_NPROC for the engine's user: the
	// process limit where no pids cgroup holds it.
	Nproc int
	// Fsize, if above 0, is RLIMIT_FSIZE, set before the engine starts
	// (the judge sets it on an unsandboxed engine just after).
	Fsize int64
	// Keep, if set, is a host directory the scratch is copied to at the
	// end.
	Keep string
}

// The messages of the init to the judge, one a packet.
const (
	msgReady = "ready" // the engine started (or the probe succeeded)
	msgError = "error" // followed by the reason: nothing started
	msgConn  = "conn"  // with the engine's connection as SCM_RIGHTS
	msgExit  = "exit"  // followed by the engine's wait status
)

// systemDirs are the host's directories every engine reads, each bound
// read-only where it is a directory and made again where it is a
// symbolic link (/bin -> usr/bin on a merged /usr).
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"}

// devices are the device nodes an engine gets in its /dev: enough for
// programs that read random numbers or discard output; no terminal.
var devices = []string{"null", "zero", "full", "random", "urandom"}

// Sizes of the small file systems of the sandbox.
const (
	// skeletonSize holds the empty directories and links of the new root
	// and of the staging root: a few kilobytes are used.
	skeletonSize = "1m"
	// shmSize is /dev/shm's, for Python's multiprocessing and the like.
	shmSize = 64 << 20
)

func init() {
	if os.Getenv(sandboxInitEnv) == "" {
		return
	}
	os.Exit(sandboxInit())
}

// sandboxInit is the init's whole life; it returns its exit status.
func sandboxInit() int {
	runtime.LockOSThread() // no_new_privs and the capability bounding set are per thread
	// The engine must inherit no descriptor but its standard three: not
	// the control socket (it would speak to the judge as the init), nor
	// any the judge itself inherited without close-on-exec (a directory
	// of the host's would open the whole host's tree to it).
	closeOnExecFrom(controlFD)
	// Signals the engine may send it (the same user in a user namespace)
	// are caught and dropped, not left to the runtime, which would exit
	// on them. Caught, not ignored: an ignored signal would stay ignored
	// in the engine, across its exec. SIGTERM is the judge's, below.
	dropped := make(chan os.Signal, 16)
	signal.Notify(dropped, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGPIPE,
		syscall.SIGALRM, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU, syscall.SIGXCPU, syscall.SIGXFSZ,
		syscall.SIGVTALRM, syscall.SIGPROF)
	go func() {
		for range dropped {
		}
	}()
	ctl := os.NewFile(controlFD, "control")
	fail := func(err error) int {
		sendPacket(ctl, msgError+" "+err.Error(), nil)
		return 125
	}
	buf := make([]byte, 1<<20)
	n, err := ctl.Read(buf)
	if err != nil {
		return fail(fmt.Errorf("reading the orders: %w", err))
	}
	var cfg initConfig
	if err := json.Unmarshal(buf[:n], &cfg); err != nil {
		return fail(fmt.Errorf("reading the orders: %w", err))
	}
	// The engine, maybe of the same user here (a user namespace), must
	// not trace the init.
	if err := prctl(syscall.PR_SET_DUMPABLE, 0); err != nil {
		return fail(fmt.Errorf("PR_SET_DUMPABLE: %w", err))
	}
	keep, err := buildRoot(&cfg)
	if err != nil {
		return fail(err)
	}
	if err := syscall.Sethostname([]byte("sandbox")); err != nil {
		return fail(fmt.Errorf("sethostname: %w", err))
	}
	var ln net.Listener
	if cfg.Listen > 0 {
		if err := loopbackUp(); err != nil {
			return fail(fmt.Errorf("loopback: %w", err))
		}
		if ln, err = net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(cfg.Listen))); err != nil {
			return fail(err)
		}
	}
	if len(cfg.Argv) == 0 {
		sendPacket(ctl, msgReady, nil)
		return 0
	}
	pid, err := startEngine(&cfg)
	if err != nil {
		return fail(err)
	}
	sendPacket(ctl, msgReady, nil)
	// The init's own copies of the engine's stdin and stdout would keep
	// the pipes open after the engine closed them.
	if null, err := syscall.Open("/dev/null", syscall.O_RDWR, 0); err == nil {
		syscall.Dup3(null, 0, 0)
		syscall.Dup3(null, 1, 0)
		syscall.Close(null)
	}
	if ln != nil {
		go relayOne(ln, ctl)
	}
	// The judge ends a sandbox with SIGTERM (when the scratch is to be
	// kept) or SIGKILL; on SIGTERM everything else dies first.
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	go func() {
		<-term
		syscall.Kill(-1, syscall.SIGKILL)
	}()
	status := reap(pid)
	// What the engine left (a daemon, a child holding its pipes) dies
	// now, not when the namespace ends, so that the scratch is quiet.
	syscall.Kill(-1, syscall.SIGKILL)
	if ln != nil {
		ln.Close()
	}
	full := scratchFull()
	if keep != nil {
		copyScratch(keep, cfg.ScratchSize)
	}
	sendPacket(ctl, fmt.Sprintf("%s %d %t", msgExit, uint32(status), full), nil)
	switch {
	case status.Exited():
		return status.ExitStatus()
	case status.Signaled():
		return 128 + int(status.Signal())
	}
	return 1
}

// buildRoot makes the engine's file system and enters it: a tmpfs root
// with the system's directories, /dev, /proc, the binds (all read-only)
// and a writable /tmp. It returns the directory the scratch is to be
// copied to at the end, if any, opened before the host's tree is gone.
//
// The host's tree is first moved aside (a staging tmpfs becomes the root,
// the host's tree under it at /old), so that sources anywhere, /tmp
// included, can be bound from /old into the new root, which then becomes
// the root in turn, the host's tree unmounted from under it.
func buildRoot(cfg *initConfig) (*os.Root, error) {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return nil, fmt.Errorf("making the mounts private: %w", err)
	}
	const stage = "/tmp"
	if err := syscall.Mount("tmpfs", stage, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size="+skeletonSize+",mode=0755"); err != nil {
		return nil, fmt.Errorf("staging tmpfs: %w", err)
	}
	for _, d := range []string{"old", "new"} {
		if err := os.Mkdir(filepath.Join(stage, d), 0o755); err != nil {
			return nil, err
		}
	}
	if err := syscall.PivotRoot(stage, stage+"/old"); err != nil {
		return nil, fmt.Errorf("pivot_root to the staging root: %w", err)
	}
	if err := syscall.Chdir("/"); err != nil {
		return nil, err
	}
	const root = "/new"
	if err := syscall.Mount("tmpfs", root, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size="+skeletonSize+",mode=0755"); err != nil {
		return nil, fmt.Errorf("root tmpfs: %w", err)
	}
	if err := os.Mkdir(root+"/proc", 0o555); err != nil {
		return nil, err
	}
	if err := syscall.Mount("proc", root+"/proc", "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, ""); err != nil {
		return nil, fmt.Errorf("proc: %w", err)
	}
	// The scratch before the binds: a program under the host's /tmp is
	// bound on top of it, not hidden by it.
	if err := mkdirMount(root+"/tmp", "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, fmt.Sprintf("size=%d,mode=1777", cfg.ScratchSize)); err != nil {
		return nil, fmt.Errorf("scratch tmpfs: %w", err)
	}
	var readOnly []string // mount points to make read-only
	for _, d := range systemDirs {
		fi, err := os.Lstat("/old" + d)
		switch {
		case err != nil:
			continue // not on this system
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink("/old" + d)
			if err != nil {
				return nil, err
			}
			if err := os.Symlink(target, root+d); err != nil {
				return nil, err
			}
		case fi.IsDir():
			if err := bindInto(root, d); err != nil {
				return nil, err
			}
			readOnly = append(readOnly, root+d)
		}
	}
	binds := slices.Clone(cfg.Binds)
	slices.Sort(binds) // parents before what is inside them
	for _, b := range binds {
		if err := bindInto(root, b); err != nil {
			return nil, err
		}
		readOnly = append(readOnly, root+b)
	}
	if err := makeDev(root); err != nil {
		return nil, err
	}
	for _, m := range readOnly {
		if err := remountReadOnly(root, m); err != nil {
			return nil, err
		}
	}
	var keep *os.Root
	if cfg.Keep != "" {
		var err error
		if keep, err = os.OpenRoot("/old" + cfg.Keep); err != nil {
			return nil, fmt.Errorf("the directory to keep the scratch in: %w", err)
		}
	}
	if err := os.Mkdir(root+"/.old", 0o700); err != nil {
		return nil, err
	}
	if err := syscall.PivotRoot(root, root+"/.old"); err != nil {
		return nil, fmt.Errorf("pivot_root to the engine's root: %w", err)
	}
	if err := syscall.Chdir("/"); err != nil {
		return nil, err
	}
	if err := syscall.Unmount("/.old", syscall.MNT_DETACH); err != nil {
		return nil, fmt.Errorf("unmounting the host's tree: %w", err)
	}
	if err := os.Remove("/.old"); err != nil {
		return nil, err
	}
	if err := remountFlags("/", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV); err != nil {
		return nil, fmt.Errorf("making the root read-only: %w", err)
	}
	return keep, syscall.Chdir("/tmp")
}

// bindInto binds the host's path p (seen at /old+p) at root+p, making
// the directories above it, or the file it is mounted on, as needed.
func bindInto(root, p string) error {
	src, dst := "/old"+p, root+p
	fi, err := os.Stat(src)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if fi.IsDir() {
			err = os.Mkdir(dst, 0o755)
		} else {
			err = os.WriteFile(dst, nil, 0o644)
		}
		if err != nil {
			return err
		}
	}
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return fmt.Errorf("binding %s: %w", p, err)
	}
	return nil
}

// mkdirMount makes the directory dir and mounts a file system there.
func mkdirMount(dir, fstype string, flags uintptr, data string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return syscall.Mount(fstype, dir, fstype, flags, data)
}

// makeDev makes root's /dev: a tmpfs with the host's harmless devices
// bound into it, the usual links and a /dev/shm.
func makeDev(root string) error {
	dev := root + "/dev"
	if err := mkdirMount(dev, "tmpfs", syscall.MS_NOSUID, "size="+skeletonSize+",mode=0755"); err != nil {
		return fmt.Errorf("/dev: %w", err)
	}
	for _, d := range devices {
		if err := bindInto(root, "/dev/"+d); err != nil {
			return err
		}
	}
	for link, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, dev+"/"+link); err != nil {
			return err
		}
	}
	if err := mkdirMount(dev+"/shm", "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, fmt.Sprintf("size=%d,mode=1777", shmSize)); err != nil {
		return fmt.Errorf("/dev/shm: %w", err)
	}
	return remountFlags(dev, syscall.MS_RDONLY|syscall.MS_NOSUID)
}

// remountReadOnly makes the mount at dir, and every mount below it,
// read-only and without set-user-ID programs; root holds the new /proc.
func remountReadOnly(root, dir string) error {
	data, err := os.ReadFile(root + "/proc/self/mountinfo")
	if err != nil {
		return err
	}
	var points []string
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) < 5 {
			continue
		}
		p := unescapeMount(f[4])
		if p == dir || strings.HasPrefix(p, dir+"/") {
			points = append(points, p)
		}
	}
	for _, p := range points {
		if err := remountFlags(p, syscall.MS_RDONLY|syscall.MS_NOSUID); err != nil {
			return err
		}
	}
	return nil
}

// The statfs flags that a remount must keep: in a user namespace the
// kernel refuses to clear those the mount had when it was bound.
var lockedFlags = []struct{ statfs, mount uintptr }{
	{0x0001, syscall.MS_RDONLY}, {0x0002, syscall.MS_NOSUID}, {0x0004, syscall.MS_NODEV},
	{0x0008, syscall.MS_NOEXEC}, {0x0400, syscall.MS_NOATIME}, {0x0800, syscall.MS_NODIRATIME},
	{0x1000, syscall.MS_RELATIME},
}

// remountFlags remounts the bind mount at p with the flags add besides
// those it has.
func remountFlags(p string, add uintptr) error {
	var st syscall.Statfs_t
	if err := syscall.Statfs(p, &st); err != nil {
		return fmt.Errorf("statfs %s: %w", p, err)
	}
	flags := uintptr(syscall.MS_REMOUNT|syscall.MS_BIND) | add
	for _, f := range lockedFlags {
		if uintptr(st.Flags)&f.statfs != 0 {
			flags |= f.mount
		}
	}
	if err := syscall.Mount("", p, "", flags, ""); err != nil {
		return fmt.Errorf("remounting %s read-only: %w", p, err)
	}
	return nil
}

// loopbackUp brings the namespace's loopback interface up.
func loopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	var ifr [40]byte // struct ifreq: the name, then the flags
	copy(ifr[:], "lo")
	*(*uint16)(unsafe.Pointer(&ifr[syscall.IFNAMSIZ])) = syscall.IFF_UP | syscall.IFF_RUNNING
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr[0]))); e != 0 {
		return fmt.Errorf("SIOCSIFFLAGS: %w", e)
	}
	return nil
}

// startEngine starts the engine from the init's locked thread, whose
// no_new_privs and empty capability bounding set it inherits: it can
// neither gain privileges by a set-user-ID program nor keep any, even as
// the user namespace's root.
func startEngine(cfg *initConfig) (int, error) {
	if err := prctl(unix_PR_SET_NO_NEW_PRIVS, 1); err != nil {
		return 0, fmt.Errorf("no_new_privs: %w", err)
	}
	for c := 0; ; c++ {
		if err := prctl(syscall.PR_CAPBSET_DROP, uintptr(c)); err != nil {
			if errors.Is(err, syscall.EINVAL) {
				break // past the last capability
			}
			return 0, fmt.Errorf("dropping capability %d: %w", c, err)
		}
	}
	if cfg.Nproc > 0 {
		if err := prlimit(0, rlimitNPROC, uint64(cfg.Nproc)); err != nil {
			return 0, fmt.Errorf("RLIMIT_NPROC: %w", err)
		}
	}
	if cfg.Fsize > 0 {
		if err := prlimit(0, rlimitFSIZE, uint64(cfg.Fsize)); err != nil {
			return 0, fmt.Errorf("RLIMIT_FSIZE: %w", err)
		}
	}
	// No core files: a crashing engine would write its memory where it
	// could fill the scratch.
	if err := prlimit(0, rlimitCORE, 0); err != nil {
		return 0, fmt.Errorf("RLIMIT_CORE: %w", err)
	}
	if err := installSeccomp(); err != nil {
		return 0, err
	}
	attr := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if cfg.UID >= 0 {
		attr.Credential = &syscall.Credential{Uid: uint32(cfg.UID), Gid: uint32(cfg.GID), Groups: []uint32{}}
	}
	p, err := os.StartProcess(cfg.Argv[0], cfg.Argv, &os.ProcAttr{
		Dir: "/tmp", Env: cfg.Env, Files: []*os.File{os.Stdin, os.Stdout, os.Stderr}, Sys: attr,
	})
	if err != nil {
		return 0, err
	}
	return p.Pid, nil
}

// closeOnExecFrom marks every open descriptor from fd up close-on-exec.
func closeOnExecFrom(fd int) {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range entries {
		if n, err := strconv.Atoi(e.Name()); err == nil && n >= fd {
			syscall.CloseOnExec(n)
		}
	}
}

// PR_SET_NO_NEW_PRIVS, which package syscall does not name.
const unix_PR_SET_NO_NEW_PRIVS = 38

// The resources of RLIMIT_NPROC and RLIMIT_CORE (linux/resource.h).
const (
	rlimitNPROC = 6
	rlimitCORE  = 4
)

// prctl calls prctl(2) with one argument.
func prctl(option int, arg uintptr) error {
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRCTL, uintptr(option), arg, 0, 0, 0, 0); e != 0 {
		return e
	}
	return nil
}

// reap waits for every process that ends in the namespace, as its PID 1
// must, until the engine itself ends, and returns the engine's status.
func reap(engine int) syscall.WaitStatus {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil || pid == engine {
			return ws
		}
	}
}

// relayOne hands the first connection to the engine's port to the judge,
// as a file descriptor over the control socket, so that the judge talks
// to the engine's socket itself with no copy between, then stops
// listening: a second connection, as a cheat to take another seat or to
// fake a result, finds nobody.
func relayOne(ln net.Listener, ctl *os.File) {
	c, err := ln.Accept()
	ln.Close()
	if err != nil {
		return
	}
	defer c.Close()
	f, err := c.(*net.TCPConn).File()
	if err != nil {
		return
	}
	defer f.Close()
	sendPacket(ctl, msgConn, f)
}

// sendPacket sends one message to the judge, with f's descriptor if set.
func sendPacket(ctl *os.File, msg string, f *os.File) error {
	var oob []byte
	if f != nil {
		oob = syscall.UnixRights(int(f.Fd()))
	}
	return syscall.Sendmsg(int(ctl.Fd()), []byte(msg), oob, nil, 0)
}

// scratchFullShare is how little of the scratch may be left for it to
// count as filled: an engine that stopped for want of space left less
// than a block of its last write, and one that did not leaves far more.
const scratchFullShare = 0.01

// scratchFull reports whether the engine filled its scratch: the disk
// limit, not the engine's own fault, is then named in its forfeit.
func scratchFull() bool {
	var st syscall.Statfs_t
	if syscall.Statfs("/tmp", &st) != nil || st.Blocks == 0 {
		return false
	}
	return float64(st.Bavail) < scratchFullShare*float64(st.Blocks)
}

// maxKeptFiles bounds the files --keep-scratch copies: the scratch's
// inodes are not otherwise bounded, and each copy costs the host's disk.
const maxKeptFiles = 10000

// copyScratch copies the engine's /tmp into keep: its directories and
// regular files, no more than limit bytes in all (a sparse file of the
// engine's would otherwise become that many bytes on the host's disk)
// and maxKeptFiles files, readable by the judge's user alone; what it
// cannot copy it skips. The engine is dead by then.
func copyScratch(keep *os.Root, limit int64) {
	defer keep.Close()
	var scratch syscall.Stat_t
	if syscall.Stat("/tmp", &scratch) != nil {
		return
	}
	files := 0
	filepath.WalkDir("/tmp", func(p string, d fs.DirEntry, err error) error {
		rel, rerr := filepath.Rel("/tmp", p)
		if err != nil || rerr != nil || rel == "." {
			return nil
		}
		if limit <= 0 || files >= maxKeptFiles {
			return fs.SkipAll
		}
		switch {
		case d.IsDir():
			// A program's directory bound under /tmp is not the scratch.
			var st syscall.Stat_t
			if syscall.Stat(p, &st) != nil || st.Dev != scratch.Dev {
				return fs.SkipDir
			}
			keep.Mkdir(rel, 0o700)
		case d.Type().IsRegular():
			fd, err := syscall.Open(p, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
			if err != nil {
				return nil
			}
			src := os.NewFile(uintptr(fd), p)
			defer src.Close()
			dst, err := keep.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
			if err != nil {
				return nil
			}
			n, _ := io.Copy(dst, io.LimitReader(src, limit))
			dst.Close()
			limit -= n
			files++
		}
		return nil
	})
}
