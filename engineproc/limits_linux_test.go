package engineproc

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// newHost makes a host under l, skipping the test, with the reason, when
// resource needs a cgroup and this machine gives none to this process.
func newHost(t *testing.T, l Limits, resource string) *Host {
	t.Helper()
	h, err := NewHost(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range h.Report() {
		if e.Resource == resource && (!e.Enforced || e.Fallback) {
			t.Skipf("no cgroup for the %s limit here: %s", resource, e.How)
		}
	}
	return h
}

// An engine that allocates past its memory limit is killed, and known to
// have been killed for it; one that stays under it is not.
func TestMemoryLimit(t *testing.T) {
	const limit = 256 << 20
	h := newHost(t, Limits{Memory: limit}, "memory")
	out, u, p := run(t, h, child(t, "alloc", strconv.Itoa(300<<20)))
	if strings.Contains(out, "allocated") || !u.MemoryLimit || !p.MemoryKilled() {
		t.Errorf("allocating 300 MiB under 256 MiB: output %q, status %s, memory limit %v; want killed at the limit", out, p.Status(), u.MemoryLimit)
	}
	// The same program under the limit lives (and is killed by Close
	// while it sleeps, which is no memory limit).
	cmd := child(t, "alloc", strconv.Itoa(100<<20))
	outPath := filepath.Join(t.TempDir(), "out")
	f, err := os.Create(outPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdout = f // a file, read while the child writes it
	p, err = h.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	allocated := func() bool {
		data, _ := os.ReadFile(outPath)
		return strings.Contains(string(data), "allocated")
	}
	for deadline := time.Now().Add(30 * time.Second); !allocated() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	u = p.Close()
	if u.MemoryLimit || u.PeakRSSKiB < 100<<10 {
		t.Errorf("allocating 100 MiB under 256 MiB: memory limit %v, peak %d KiB; want alive, at least 100 MiB resident", u.MemoryLimit, u.PeakRSSKiB)
	}
}

// Four busy threads under a limit of one core get about one core: their
// CPU time is at most 1.2 times their wall time. Without the limit, on a
// machine of two cores or more, they get more (the test can fail).
func TestCPULimit(t *testing.T) {
	h := newHost(t, Limits{CPUs: 1}, "cpus")
	// 1.5 s of CPU time: three times MulticoreSlack, however long the
	// machine's load makes it take.
	_, u, _ := run(t, h, child(t, "spin", "4", "1500ms"))
	if u.CPUMS > 1.2*u.WallMS {
		t.Errorf("4 threads under 1 core: cpu %.0f ms over %.0f ms of wall time, want at most 1.2 times", u.CPUMS, u.WallMS)
	}
	if !u.Multicore(1) {
		t.Errorf("4 busy threads not thinking: %+v not flagged as multicore", u)
	}
	if cores, err := newCoreAllocator(); err == nil && len(cores.cores) >= 2 {
		free, _ := NewHost(Limits{})
		_, u, _ := run(t, free, child(t, "spin", "4", "1500ms"))
		if u.CPUMS < 1.2*u.WallMS {
			t.Logf("without a limit: cpu %.0f ms over %.0f ms of wall time (a busy machine leaves them less than 2 cores)", u.CPUMS, u.WallMS)
		}
	}
}

// An engine cannot write a file larger than its disk limit.
func TestDiskLimit(t *testing.T) {
	h, err := NewHost(Limits{Disk: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "big")
	out, _, _ := run(t, h, child(t, "write", path, strconv.Itoa(2<<20)))
	if !strings.Contains(out, "file too large") {
		t.Errorf("writing 2 MiB under 1 MiB: output %q, want the write refused (file too large)", out)
	}
	if fi, err := os.Stat(path); err == nil && fi.Size() > 1<<20 {
		t.Errorf("the file holds %d bytes, more than the limit", fi.Size())
	}
	// Under the limit the same write succeeds.
	out, _, _ = run(t, h, child(t, "write", path, strconv.Itoa(1<<19)))
	if !strings.Contains(out, "wrote") {
		t.Errorf("writing 512 KiB under 1 MiB: output %q, want it written", out)
	}
}

// clockTicks is the kernel's USER_HZ, the unit of the CPU times in
// /proc/PID/stat: 100 on every Linux architecture Go supports.
const clockTicks = 100

// The figures of a normal engine are within 10 % of what /proc says of it
// just before it exits.
func TestAccountingAgreesWithProc(t *testing.T) {
	h, err := NewHost(Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out, u, _ := run(t, h, child(t, "burn", "600ms"))
	stat := regexp.MustCompile(`stat .*\) (.*)`).FindStringSubmatch(out)
	hwm := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindStringSubmatch(out)
	if stat == nil || hwm == nil {
		t.Fatalf("the child printed no /proc figures:\n%s", out)
	}
	f := strings.Fields(stat[1]) // from the state on: utime and stime are fields 12 and 13
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	procCPU := (utime + stime) * 1000 / clockTicks
	peak, _ := strconv.ParseInt(hwm[1], 10, 64)
	if procCPU < 500 {
		t.Fatalf("/proc says %.0f ms of CPU time, want the 600 ms burnt", procCPU)
	}
	if d := u.CPUMS/procCPU - 1; d > 0.1 || d < -0.1 {
		t.Errorf("cpu %.1f ms, /proc %.1f ms: %+.1f%%, want within 10%%", u.CPUMS, procCPU, 100*d)
	}
	if d := float64(u.PeakRSSKiB)/float64(peak) - 1; d > 0.1 || d < -0.1 {
		t.Errorf("peak rss %d KiB, /proc VmHWM %d KiB: %+.1f%%, want within 10%%", u.PeakRSSKiB, peak, 100*d)
	}
	if u.WallMS < procCPU*0.9 {
		t.Errorf("wall %.1f ms, less than the CPU time of one thread %.1f ms", u.WallMS, procCPU)
	}
}

// The cgroups made for an engine are gone once it is closed.
func TestCgroupsRemoved(t *testing.T) {
	h := newHost(t, Limits{Memory: 1 << 30, CPUs: 1}, "memory")
	cmd := child(t, "proc")
	p, err := h.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	dirs := append([]string(nil), p.jail.dirs...)
	if len(dirs) == 0 {
		t.Fatal("no cgroup made")
	}
	for _, d := range dirs {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("cgroup %s while the engine runs: %v", d, err)
		}
	}
	p.Close()
	for _, d := range dirs {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("cgroup %s after Close: %v, want it removed", d, err)
		}
	}
}

// Where no cgroup caps the CPU, each engine is pinned to cores of its own
// while there are enough; the fallback is forced here.
func TestAffinityFallback(t *testing.T) {
	cores, err := newCoreAllocator()
	if err != nil {
		t.Skip(err)
	}
	h := &Host{limits: Limits{CPUs: 1}, plat: &platform{limits: Limits{CPUs: 1}, pin: true, cores: cores}}
	cmd1, cmd2 := child(t, "proc"), child(t, "proc")
	var out1, out2 strings.Builder
	cmd1.Stdout, cmd2.Stdout = &out1, &out2
	p1, err := h.Start(cmd1)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := h.Start(cmd2)
	if err != nil {
		t.Fatal(err)
	}
	<-p1.Exited()
	<-p2.Exited()
	p1.Close()
	p2.Close()
	re := regexp.MustCompile(`Cpus_allowed_list:\s+(\S+)`)
	a, b := re.FindStringSubmatch(out1.String()), re.FindStringSubmatch(out2.String())
	if a == nil || b == nil {
		t.Fatalf("no Cpus_allowed_list in\n%s\n%s", out1.String(), out2.String())
	}
	want1 := strconv.Itoa(cores.cores[0])
	if a[1] != want1 {
		t.Errorf("first engine on cores %s, want %s", a[1], want1)
	}
	if len(cores.cores) >= 2 && b[1] != strconv.Itoa(cores.cores[1]) {
		t.Errorf("second engine, started while the first held core %s, on cores %s, want %d", a[1], b[1], cores.cores[1])
	}
	if cores.users[cores.cores[0]] != 0 {
		t.Errorf("core %d still counted as used after both closed", cores.cores[0])
	}
	// The judge's own threads keep their cores.
	if m, err := getAffinity(); err != nil || !m.has(cores.cores[len(cores.cores)-1]) || !m.has(cores.cores[0]) {
		t.Errorf("the judge's affinity after starting pinned engines: %v, %v", m, err)
	}
}

// Where no cgroup holds the memory, RLIMIT_AS does; the fallback is forced
// here, as is the disk limit's RLIMIT_FSIZE.
func TestRlimits(t *testing.T) {
	l := Limits{Memory: 3 << 30, Disk: 5 << 20}
	h := &Host{limits: l, plat: &platform{limits: l, rlimitAS: true}}
	out, _, _ := run(t, h, child(t, "proc"))
	for _, want := range []string{
		`Max file size\s+5242880\s+5242880\s+bytes`,
		`Max address space\s+3221225472\s+3221225472\s+bytes`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("/proc/self/limits lacks %q:\n%s", want, out)
		}
	}
}

// Engines started at once, as a tournament's concurrent games start
// them, each get their cgroups, whichever thread starts them (the
// process's first thread among them), and the judge's threads all come
// back to the judge's own cgroups.
func TestConcurrentStarts(t *testing.T) {
	h := newHost(t, Limits{Memory: 1 << 30, CPUs: 1}, "memory")
	before, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Fatal(err)
	}
	const engines = 16
	errs := make(chan error, engines)
	var procs [engines]*Proc
	for i := range engines {
		go func() {
			var err error
			procs[i], err = h.Start(child(t, "proc"))
			errs <- err
		}()
	}
	for range engines {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	for _, p := range procs {
		if p != nil {
			p.Close()
		}
	}
	if after, _ := os.ReadFile("/proc/self/cgroup"); string(after) != string(before) {
		t.Errorf("the judge's cgroups before:\n%s\nafter:\n%s", before, after)
	}
	tasks, _ := os.ReadDir("/proc/self/task")
	for _, task := range tasks {
		data, _ := os.ReadFile(filepath.Join("/proc/self/task", task.Name(), "cgroup"))
		if strings.Contains(string(data), cgroupPrefix) {
			t.Errorf("thread %s left in an engine's cgroup:\n%s", task.Name(), data)
		}
	}
}
