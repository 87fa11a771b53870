package engineproc

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// platform is how this Linux system holds engines to the limits: the
// cgroups each engine gets (one a hierarchy used), the resource limits set
// on it, and the cores it is pinned to when no cgroup can cap its CPU.
type platform struct {
	limits Limits
	// memory, cpu, pids and acct are the hierarchies under which each
	// engine's cgroup is made for its memory limit, its CPU quota, its
	// process limit and its CPU time; nil for none.
	memory, cpu, pids, acct *hierarchy
	// sandbox starts each engine in a sandbox of its own; nil for none.
	sandbox *sandboxer
	// rlimitAS is set when the memory limit falls back to RLIMIT_AS.
	rlimitAS bool
	// pin is set when the CPU limit falls back to CPU affinity: cores
	// are then handed out by the allocator.
	pin   bool
	cores *coreAllocator
	// id and count name the cgroups: id tells this platform's from those
	// of another in the same process (two hosts), count one engine's
	// from another's.
	id    uint32
	count atomic.Int64
}

// newPlatform chooses, for each limit set and for the CPU time, the best
// means this system offers, checking each by making a cgroup with it, and
// reports the choices. It fails only for a sandbox asked for (on) that
// cannot be had, or bad sandbox settings.
func newPlatform(l Limits) (*platform, []Enforcement, error) {
	p := &platform{limits: l, id: rand.Uint32()}
	var r []Enforcement
	if l.Sandbox.Mode != SandboxOff {
		s, e, err := newSandboxer(l)
		switch {
		case err == nil:
			p.sandbox = s
		case l.Sandbox.Mode == SandboxOn:
			return nil, nil, fmt.Errorf("--sandbox on: engines cannot be sandboxed here: %w (run the judge as root, or where user namespaces are allowed; --sandbox off runs them unsandboxed)", err)
		default:
			e.How = fmt.Sprintf("engines run unsandboxed, as the judge's own processes: %v (--sandbox on makes this an error, --sandbox off silences it)", err)
		}
		r = append(r, e)
	}
	cg, cgErr := findCgroups()
	// pick returns the hierarchy that has controller c (v1 first: a
	// controller bound to a v1 hierarchy is absent from v2), or why none.
	pick := func(c string) (*hierarchy, error) {
		if cgErr != nil {
			return nil, cgErr
		}
		if h := cg.v1[c]; h != nil {
			return h, nil
		}
		if err := cg.v2Has(c); err != nil {
			return nil, err
		}
		return cg.v2, nil
	}
	if l.Memory > 0 {
		h, err := pick("memory")
		if err == nil {
			err = p.probe(h, func(dir string) error { return setMemory(h, dir, l.Memory) })
		}
		limit := FormatSize(l.Memory)
		if err == nil {
			p.memory = h
			file := "memory.limit_in_bytes"
			if h.v2 {
				file = "memory.max"
			}
			r = append(r, Enforcement{Resource: "memory", Limit: limit, Enforced: true,
				How: fmt.Sprintf("%s %s of a cgroup for each engine and its children; the kernel kills an engine that passes it", h.name("memory"), file)})
		} else {
			p.rlimitAS = true
			r = append(r, Enforcement{Resource: "memory", Limit: limit, Enforced: true, Fallback: true,
				How: fmt.Sprintf("RLIMIT_AS of each engine process (its address space; each child gets its own), set just after it starts; no cgroup: %v; an engine out of memory crashes, which counts as a crash, not as the memory limit", err)})
		}
	}
	if l.CPUs > 0 {
		h, err := pick("cpu")
		if err == nil {
			err = p.probe(h, func(dir string) error { return setCPU(h, dir, l.CPUs) })
		}
		if err == nil {
			p.cpu = h
			file := "cpu.cfs_quota_us"
			if h.v2 {
				file = "cpu.max"
			}
			r = append(r, Enforcement{Resource: "cpus", Limit: cpusText(l.CPUs), Enforced: true,
				How: fmt.Sprintf("%s %s: a quota of %s of CPU time per period for each engine and its children", h.name("cpu"), file, cpusText(l.CPUs))})
		} else {
			cores, aerr := newCoreAllocator()
			switch {
			case aerr != nil:
				r = append(r, Enforcement{Resource: "cpus", Limit: cpusText(l.CPUs), How: fmt.Sprintf("no cgroup (%v) and no CPU affinity (%v)", err, aerr)})
			case l.CPUs >= len(cores.cores):
				r = append(r, Enforcement{Resource: "cpus", Limit: cpusText(l.CPUs),
					How: fmt.Sprintf("no cgroup (%v), and CPU affinity cannot limit an engine to %s of the %d the judge may use", err, cpusText(l.CPUs), len(cores.cores))})
			default:
				p.pin, p.cores = true, cores
				r = append(r, Enforcement{Resource: "cpus", Limit: cpusText(l.CPUs), Enforced: true, Fallback: true,
					How: fmt.Sprintf("CPU affinity: each engine pinned to %s of %v, the least used, so that games played at once share none while there are cores enough; no cgroup: %v", cpusText(l.CPUs), cores.cores, err)})
			}
		}
	}
	if l.Pids > 0 {
		h, err := pick("pids")
		if err == nil {
			err = p.probe(h, func(dir string) error { return writeFile(filepath.Join(dir, "pids.max"), strconv.Itoa(l.Pids)) })
		}
		switch {
		case err == nil:
			p.pids = h
			r = append(r, Enforcement{Resource: "processes", Limit: strconv.Itoa(l.Pids), Enforced: true,
				How: fmt.Sprintf("%s pids.max of a cgroup for each engine and its children: processes and threads together; a fork or thread past it fails", h.name("pids"))})
		case p.sandbox != nil && !p.sandbox.userns:
			p.sandbox.nproc = l.Pids
			r = append(r, Enforcement{Resource: "processes", Limit: strconv.Itoa(l.Pids), Enforced: true, Fallback: true,
				How: fmt.Sprintf("RLIMIT_NPROC of the engine's own user id in its sandbox (processes and threads); no cgroup: %v", err)})
		default:
			r = append(r, Enforcement{Resource: "processes", Limit: strconv.Itoa(l.Pids),
				How: fmt.Sprintf("no pids cgroup (%v), and no user id of the engine's own to limit (the sandbox gives one when the judge runs as root)", err)})
		}
	}
	if l.Disk > 0 {
		r = append(r, Enforcement{Resource: "disk", Limit: FormatSize(l.Disk), Enforced: true,
			How: "RLIMIT_FSIZE of each engine process (the largest file it may write; children inherit it), set just after it starts"})
	}
	h, err := pick("cpuacct")
	if err != nil && cgErr == nil && cg.v2 != nil {
		h, err = cg.v2, nil // cpu.stat is in every v2 cgroup
	}
	if err == nil {
		err = p.probe(h, func(string) error { return nil })
	}
	if err == nil {
		p.acct = h
		file := "cpuacct.usage"
		if h.v2 {
			file = "cpu.stat usage_usec"
		}
		r = append(r, Enforcement{Resource: "cpu time", How: fmt.Sprintf("%s %s of the engine's cgroup: every process in it", h.name("cpuacct"), file)})
	} else {
		r = append(r, Enforcement{Resource: "cpu time",
			How: fmt.Sprintf("user and system time of the engine's process and the children it waited for (wait4); no cgroup: %v", err)})
	}
	r = append(r, Enforcement{Resource: "peak memory", How: "largest resident set of the engine's process (its VmHWM, read every 100 ms) or of a child it waited for (wait4)"})
	return p, r, nil
}

// probe makes a cgroup under h, applies set to it and removes it: the
// proof that engines' cgroups can be made there. It first removes the
// cgroups that judges killed before they could remove theirs left.
func (p *platform) probe(h *hierarchy, set func(dir string) error) error {
	removeStale(h.dir())
	dir := filepath.Join(h.dir(), fmt.Sprintf("%s%d-%08x-probe", cgroupPrefix, os.Getpid(), p.id))
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	err := set(dir)
	if rerr := removeCgroup(dir); err == nil {
		err = rerr
	}
	return err
}

// setMemory sets the memory limit of the cgroup dir, swap included where
// the kernel accounts swap: the limit is on memory, not on RAM alone.
func setMemory(h *hierarchy, dir string, limit int64) error {
	v := strconv.FormatInt(limit, 10)
	if h.v2 {
		if err := writeFile(filepath.Join(dir, "memory.max"), v); err != nil {
			return err
		}
		if err := writeIfExists(filepath.Join(dir, "memory.swap.max"), "0"); err != nil {
			return err
		}
		// Kill every process of the cgroup when one is killed, as the
		// limit is on the engine and its children together.
		return writeIfExists(filepath.Join(dir, "memory.oom.group"), "1")
	}
	if err := writeFile(filepath.Join(dir, "memory.limit_in_bytes"), v); err != nil {
		return err
	}
	return writeIfExists(filepath.Join(dir, "memory.memsw.limit_in_bytes"), v)
}

// writeIfExists writes value to path if the kernel has that file.
func writeIfExists(path, value string) error {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return writeFile(path, value)
}

// cfsPeriod is the period of the v2 CPU quota, the kernel's default.
const cfsPeriod = 100000 // µs

// setCPU caps the cgroup dir at cpus cores' worth of CPU time.
func setCPU(h *hierarchy, dir string, cpus int) error {
	if h.v2 {
		return writeFile(filepath.Join(dir, "cpu.max"), fmt.Sprintf("%d %d", cpus*cfsPeriod, cfsPeriod))
	}
	period, err := readNumber(filepath.Join(dir, "cpu.cfs_period_us"))
	if err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "cpu.cfs_quota_us"), strconv.FormatInt(int64(cpus)*period, 10))
}

// jail is what holds one engine to the limits: its cgroups and its cores.
type jail struct {
	p     *platform
	dirs  []string   // the cgroups made, one a hierarchy
	v1    []v1Cgroup // those of v1 hierarchies, to be entered
	v2    string     // that of the v2 hierarchy, if any
	acct  string     // where its CPU time is read, "" for none
	mem   string     // where its memory limit kills are counted
	cores []int
	rss   *rssWatch
	// sb is the engine's sandbox, nil for none.
	sb *sandboxed
}

// startIn makes the engine's cgroups, then starts cmd in them (and on its
// cores): from a thread of its own that enters the v1 cgroups and takes
// the cores' affinity, so that the process is born in them and inherits
// them, as is anything it starts; a v2 cgroup is given to clone3. Then it
// sets the resource limits of the process. In a sandbox, what starts is
// the sandbox's init, which starts cmd's program; listen is the port the
// program dials the judge on, 0 for a program on pipes.
func (p *platform) startIn(cmd *exec.Cmd, listen int) (_ *jail, err error) {
	j := &jail{p: p}
	defer func() {
		if err != nil {
			j.release()
		}
	}()
	if p.sandbox != nil {
		if j.sb, err = p.sandbox.wrap(cmd, listen, cmd.Args); err != nil {
			return nil, err
		}
	}
	name := fmt.Sprintf("%s%d-%08x-%d", cgroupPrefix, os.Getpid(), p.id, p.count.Add(1))
	// By the parent's directory: controllers mounted together (cpu,cpuacct)
	// share one cgroup.
	made := map[string]string{}
	for _, use := range []struct {
		h          *hierarchy
		controller string
	}{{p.memory, "memory"}, {p.cpu, "cpu"}, {p.pids, "pids"}, {p.acct, "cpuacct"}} {
		h := use.h
		if h == nil || made[h.dir()] != "" {
			continue
		}
		dir := filepath.Join(h.dir(), name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, fmt.Errorf("cgroup: %w", err)
		}
		made[h.dir()] = dir
		j.dirs = append(j.dirs, dir)
		if h.v2 {
			j.v2 = dir
		} else {
			j.v1 = append(j.v1, v1Cgroup{dir, use.controller})
		}
	}
	if h := p.memory; h != nil {
		j.mem = made[h.dir()]
		if err := setMemory(h, j.mem, p.limits.Memory); err != nil {
			return nil, err
		}
	}
	if h := p.cpu; h != nil {
		if err := setCPU(h, made[h.dir()], p.limits.CPUs); err != nil {
			return nil, err
		}
	}
	if h := p.pids; h != nil {
		if err := writeFile(filepath.Join(made[h.dir()], "pids.max"), strconv.Itoa(p.limits.Pids)); err != nil {
			return nil, err
		}
	}
	if h := p.acct; h != nil {
		j.acct = made[h.dir()]
	}
	if p.pin {
		j.cores = p.cores.acquire(p.limits.CPUs)
	}
	if j.v2 != "" {
		fd, err := syscall.Open(j.v2, syscall.O_DIRECTORY|syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != nil {
			return nil, fmt.Errorf("cgroup: %w", err)
		}
		defer syscall.Close(fd)
		cmd.SysProcAttr.UseCgroupFD, cmd.SysProcAttr.CgroupFD = true, fd
	}
	err = j.startOnThread(cmd)
	if j.sb != nil {
		j.sb.started()
	}
	if err != nil {
		return nil, err
	}
	if err := p.setRlimits(cmd.Process.Pid); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, err
	}
	if j.sb != nil {
		if err := j.sb.awaitReady(); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, err
		}
	}
	return j, nil
}

// startOnThread starts cmd from a thread locked for the purpose, which
// enters the jail's v1 cgroups and takes its cores first, and leaves them
// after. A thread that cannot leave them is never used again, and never
// ends either: its goroutine stays parked, locked to it, for the rest of
// the run. Letting it end would have the kernel send the parent-death
// signal (procgroup) to every engine that thread started, and os/exec
// starts each engine on whatever thread its goroutine runs on, so engines
// started earlier on it, playing their games, would be killed with it.
// The engine started on it this time is killed and reaped, as the start
// failed; the thread stays in the jail's cgroups, which then cannot be
// removed before the judge ends.
func (j *jail) startOnThread(cmd *exec.Cmd) error {
	if len(j.v1) == 0 && len(j.cores) == 0 {
		return cmd.Start()
	}
	return startEntered(cmd, j.enter)
}

// startEntered starts cmd from a locked thread that enter moves (into an
// engine's cgroups, onto its cores) and the leave it returns moves back;
// see startOnThread.
func startEntered(cmd *exec.Cmd, enter func() (leave func() error, err error)) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		leave, err := enter()
		if err == nil {
			err = cmd.Start()
		}
		if lerr := leave(); lerr != nil {
			if err == nil {
				cmd.Process.Kill()
				cmd.Wait()
			}
			done <- fmt.Errorf("leaving the engine's cgroups: %w", lerr)
			select {} // locked for good: the thread neither serves nor ends
		}
		runtime.UnlockOSThread()
		done <- err
	}()
	return <-done
}

// enter moves the calling thread, locked, into the jail's v1 cgroups and
// onto its cores; leave moves it back.
func (j *jail) enter() (leave func() error, err error) {
	tid := strconv.Itoa(syscall.Gettid())
	back := map[string]string{} // tasks file of the thread's own cgroup, by jail dir
	var entered []string
	var oldMask *cpuMask
	leave = func() error {
		var errs []error
		for _, dir := range entered {
			errs = append(errs, writeFile(back[dir], tid))
		}
		if oldMask != nil {
			errs = append(errs, setAffinity(oldMask))
		}
		return errors.Join(errs...)
	}
	if len(j.v1) > 0 {
		// Where this thread is now, to come back to.
		own, err := readCgroups("/proc/thread-self/cgroup")
		if err != nil {
			return leave, err
		}
		for _, c := range j.v1 {
			home := own.v1[c.controller]
			if home == nil {
				return leave, fmt.Errorf("cgroup: this thread's %s cgroup is unknown", c.controller)
			}
			back[c.dir] = filepath.Join(home.dir(), "tasks")
			if err := writeFile(filepath.Join(c.dir, "tasks"), tid); err != nil {
				return leave, err
			}
			entered = append(entered, c.dir)
		}
	}
	if len(j.cores) > 0 {
		m, err := getAffinity()
		if err != nil {
			return leave, err
		}
		var want cpuMask
		for _, c := range j.cores {
			want.set(c)
		}
		if err := setAffinity(&want); err != nil {
			return leave, err
		}
		oldMask = m
	}
	return leave, nil
}

// v1Cgroup is an engine's cgroup in a v1 hierarchy, with a controller of
// that hierarchy by which to find it.
type v1Cgroup struct {
	dir, controller string
}

// The resources of prlimit64 (linux/resource.h).
const (
	rlimitFSIZE = 1
	rlimitAS    = 9
)

// setRlimits sets the disk limit, and the memory limit where no cgroup
// holds it, on process pid: soft and hard, so that it cannot raise them.
func (p *platform) setRlimits(pid int) error {
	if p.limits.Disk > 0 {
		if err := prlimit(pid, rlimitFSIZE, uint64(p.limits.Disk)); err != nil {
			return fmt.Errorf("RLIMIT_FSIZE: %w", err)
		}
	}
	if p.rlimitAS {
		if err := prlimit(pid, rlimitAS, uint64(p.limits.Memory)); err != nil {
			return fmt.Errorf("RLIMIT_AS: %w", err)
		}
	}
	return nil
}

// prlimit sets resource of process pid to v, soft and hard.
func prlimit(pid, resource int, v uint64) error {
	lim := [2]uint64{v, v}
	_, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(resource), uintptr(unsafe.Pointer(&lim)), 0, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// watch starts watching the peak resident set of the process pid.
func (j *jail) watch(pid int, exited <-chan struct{}) { j.rss = watchRSS(pid, exited) }

// peakRSS returns the process's peak resident set given wait4's figure.
func (j *jail) peakRSS(waitKiB int64) int64 { return j.rss.peak(waitKiB) }

// finish kills what is left in the jail's cgroups, reads the CPU time and
// the memory limit kills, removes the cgroups and frees the cores.
func (j *jail) finish() (cpu time.Duration, ok, oom bool) {
	for _, dir := range j.dirs {
		killAll(dir)
	}
	if j.acct != "" {
		cpu, ok = j.cgroupCPU()
	}
	oom = j.oomKilled()
	j.release()
	return cpu, ok, oom
}

// cgroupCPU reads the CPU time of every process of the jail's
// accounting cgroup, which must be set: cpu.stat's usage_usec in v2,
// cpuacct.usage in v1.
func (j *jail) cgroupCPU() (time.Duration, bool) {
	if j.acct == j.v2 {
		us, err := readKey(filepath.Join(j.acct, "cpu.stat"), "usage_usec")
		return time.Duration(us) * time.Microsecond, err == nil
	}
	ns, err := readNumber(filepath.Join(j.acct, "cpuacct.usage"))
	return time.Duration(ns), err == nil
}

// oomKilled reports whether the kernel killed a process of the jail's
// memory cgroup for passing its limit, as far as the cgroup still exists.
func (j *jail) oomKilled() bool {
	if j.mem == "" || len(j.dirs) == 0 {
		return false
	}
	file := "memory.oom_control"
	if j.mem == j.v2 {
		file = "memory.events"
	}
	n, err := readKey(filepath.Join(j.mem, file), "oom_kill")
	return err == nil && n > 0
}

// release removes the jail's cgroups, frees its cores and closes its
// sandbox's control socket.
func (j *jail) release() {
	if j.sb != nil {
		j.sb.close()
	}
	for _, dir := range j.dirs {
		removeCgroup(dir)
	}
	j.dirs = nil
	if j.cores != nil {
		j.p.cores.release(j.cores)
		j.cores = nil
	}
}

// cpuMask is a CPU set as sched_setaffinity takes it.
type cpuMask [16]uint64 // 1024 CPUs

func (m *cpuMask) set(c int)      { m[c/64] |= 1 << (c % 64) }
func (m *cpuMask) has(c int) bool { return m[c/64]&(1<<(c%64)) != 0 }

// getAffinity returns the calling thread's CPU set.
func getAffinity() (*cpuMask, error) {
	var m cpuMask
	_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m)))
	if e != 0 {
		return nil, fmt.Errorf("sched_getaffinity: %w", e)
	}
	return &m, nil
}

// setAffinity sets the calling thread's CPU set.
func setAffinity(m *cpuMask) error {
	_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, 0, unsafe.Sizeof(*m), uintptr(unsafe.Pointer(m)))
	if e != 0 {
		return fmt.Errorf("sched_setaffinity: %w", e)
	}
	return nil
}

// coreAllocator hands out the cores the judge may use to engines, the
// least used first, so that engines running at once share a core only
// when there are not cores enough.
type coreAllocator struct {
	mu    sync.Mutex
	cores []int
	users map[int]int
}

// newCoreAllocator allocates the cores of the calling thread's affinity,
// which is the process's as the judge sets none of its own.
func newCoreAllocator() (*coreAllocator, error) {
	m, err := getAffinity()
	if err != nil {
		return nil, err
	}
	a := &coreAllocator{users: map[int]int{}}
	for c := range len(m) * 64 {
		if m.has(c) {
			a.cores = append(a.cores, c)
		}
	}
	if len(a.cores) == 0 {
		return nil, errors.New("sched_getaffinity: no core")
	}
	return a, nil
}

// acquire takes the n least used cores, lowest first among equals.
func (a *coreAllocator) acquire(n int) []int {
	a.mu.Lock()
	defer a.mu.Unlock()
	free := slices.Clone(a.cores)
	// A stable sort by users keeps the lower cores first among equals.
	slices.SortStableFunc(free, func(x, y int) int { return cmp.Compare(a.users[x], a.users[y]) })
	got := free[:min(n, len(free))]
	for _, c := range got {
		a.users[c]++
	}
	return got
}

// release gives the cores back.
func (a *coreAllocator) release(cores []int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, c := range cores {
		a.users[c]--
	}
}

// liveCPUTime returns nil where cpuNow can read an engine's CPU time: its
// cgroup, else /proc.
func (p *platform) liveCPUTime() error {
	if p.acct != nil {
		return nil
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		return fmt.Errorf("an engine's CPU time cannot be read while it runs: no cgroup for it, and no /proc (%v)", err)
	}
	return nil
}
