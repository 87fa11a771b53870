package engineproc

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// hierarchy is a cgroup hierarchy this process belongs to: where it is
// mounted and the process's own cgroup in it, under which the engines'
// cgroups are made.
type hierarchy struct {
	mount string
	path  string // the process's cgroup, from the mount's root
	v2    bool
}

// dir returns the process's own cgroup directory in h.
func (h *hierarchy) dir() string { return filepath.Join(h.mount, h.path) }

// name says which hierarchy h is, for the log.
func (h *hierarchy) name(controller string) string {
	if h.v2 {
		return "cgroup v2 (" + h.dir() + ")"
	}
	return "cgroup v1 " + controller + " (" + h.dir() + ")"
}

// cgroups are the hierarchies of this process: the v1 ones by controller,
// and the v2 one if mounted.
type cgroups struct {
	v1 map[string]*hierarchy
	v2 *hierarchy
}

// findCgroups reads /proc/self/cgroup and /proc/self/mountinfo for the
// hierarchies this process is in and where they are mounted.
//
// It reads the calling thread's cgroups, not the process's: the process's
// file shows its first thread's, and that thread may be, for a moment,
// in an engine's cgroups while it starts the engine (startOnThread). Any
// other thread is in the judge's own.
func findCgroups() (cgroups, error) {
	cg, err := readCgroups("/proc/thread-self/cgroup")
	if errors.Is(err, os.ErrNotExist) {
		return readCgroups("/proc/self/cgroup") // a kernel before 3.17
	}
	return cg, err
}

// readCgroups reads the hierarchies of the cgroup file own (a process's
// or a thread's) and where they are mounted.
func readCgroups(own string) (cgroups, error) {
	ownData, err := os.ReadFile(own)
	if err != nil {
		return cgroups{}, err
	}
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return cgroups{}, err
	}
	return parseCgroups(string(ownData), string(mounts)), nil
}

// parseCgroups reads the hierarchies of a cgroup file (own, as
// /proc/self/cgroup) mounted as mountinfo says.
func parseCgroups(own, mountinfo string) cgroups {
	cg := cgroups{v1: map[string]*hierarchy{}}
	type mount struct{ point, root string }
	v1mounts := map[string]mount{} // by controller
	var v2mount *mount
	for line := range strings.Lines(mountinfo) {
		// id parent major:minor root point options [optional...] - type source superoptions
		pre, post, ok := strings.Cut(strings.TrimSpace(line), " - ")
		if !ok {
			continue
		}
		f, g := strings.Fields(pre), strings.Fields(post)
		if len(f) < 5 || len(g) < 3 {
			continue
		}
		m := mount{point: unescapeMount(f[4]), root: unescapeMount(f[3])}
		switch g[0] {
		case "cgroup2":
			if v2mount == nil {
				v2mount = &m
			}
		case "cgroup":
			for opt := range strings.SplitSeq(g[2], ",") {
				if _, seen := v1mounts[opt]; !seen {
					v1mounts[opt] = m
				}
			}
		}
	}
	for line := range strings.Lines(own) {
		parts := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[0] == "0" && parts[1] == "" {
			if v2mount != nil {
				cg.v2 = &hierarchy{mount: v2mount.point, path: relativeTo(parts[2], v2mount.root), v2: true}
			}
			continue
		}
		for c := range strings.SplitSeq(parts[1], ",") {
			if m, ok := v1mounts[c]; ok {
				cg.v1[c] = &hierarchy{mount: m.point, path: relativeTo(parts[2], m.root)}
			}
		}
	}
	return cg
}

// relativeTo returns the cgroup path p as seen under a mount of root (a
// container sees its own cgroup as the root of its mounts).
func relativeTo(p, root string) string {
	if root == "/" {
		return p
	}
	if rest, ok := strings.CutPrefix(p, root); ok {
		return "/" + strings.TrimPrefix(rest, "/")
	}
	return p
}

// unescapeMount undoes mountinfo's octal escapes of spaces and the like.
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// v2Has reports whether the v2 hierarchy can give the engines' cgroups
// controller c: it is enabled for the children of this process's cgroup,
// or can be (written to its cgroup.subtree_control); the error says why
// not.
func (cg *cgroups) v2Has(c string) error {
	if cg.v2 == nil {
		return errors.New("no cgroup v2 hierarchy is mounted")
	}
	d := cg.v2.dir()
	avail, err := os.ReadFile(filepath.Join(d, "cgroup.controllers"))
	if err != nil {
		return err
	}
	if !slices.Contains(strings.Fields(string(avail)), c) {
		return fmt.Errorf("the %s controller is not available in %s (cgroup.controllers: %q)", c, d, strings.TrimSpace(string(avail)))
	}
	sub, err := os.ReadFile(filepath.Join(d, "cgroup.subtree_control"))
	if err == nil && slices.Contains(strings.Fields(string(sub)), c) {
		return nil
	}
	if err := writeFile(filepath.Join(d, "cgroup.subtree_control"), "+"+c); err != nil {
		return fmt.Errorf("the %s controller is not delegated to the judge's cgroup %s: %w", c, d, err)
	}
	return nil
}

// writeFile writes a value to a cgroup file, as one write.
func writeFile(path, value string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(value)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %q to %s: %w", value, path, err)
	}
	return nil
}

// readKey returns the number after key in a cgroup file of "key value"
// lines (cpu.stat, memory.events, memory.oom_control).
func readKey(path, key string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if k, v, ok := strings.Cut(s.Text(), " "); ok && k == key {
			return strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		}
	}
	return 0, fmt.Errorf("%s: no %s", path, key)
}

// readNumber returns the number a cgroup file holds (cpuacct.usage).
func readNumber(path string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
}

// cgroupPrefix starts the name of every cgroup a Host makes, followed by
// the judge's process id, the host's id and a count, so that the cgroups of a judge that
// died without removing them can be told and removed (removeStale).
const cgroupPrefix = "engineproc-"

// Bounds of the removal of a cgroup: the kernel may take a moment after
// the last process's death before the cgroup is empty.
const (
	removeTries = 100
	removePause = 10 * time.Millisecond
)

// removeCgroup kills whatever is left in the cgroup dir (a process that
// left the engine's process group) and removes it.
func removeCgroup(dir string) error {
	var err error
	for range removeTries {
		killAll(dir)
		if err = syscall.Rmdir(dir); err == nil || errors.Is(err, syscall.ENOENT) {
			return nil
		}
		time.Sleep(removePause)
	}
	return fmt.Errorf("remove cgroup %s: %w", dir, err)
}

// killAll kills every process in the cgroup dir.
func killAll(dir string) {
	data, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	if err != nil {
		return
	}
	for _, f := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(f); err == nil && pid > 0 {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// removeStale removes the empty cgroups under parent that a judge, no
// longer running, made and could not remove (it was killed).
func removeStale(parent string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), cgroupPrefix)
		if !e.IsDir() || !ok {
			continue
		}
		pidText, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() || syscall.Kill(pid, 0) == nil {
			continue
		}
		syscall.Rmdir(filepath.Join(parent, e.Name())) // only an empty one goes
	}
}
