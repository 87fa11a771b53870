package engineproc

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// rssSampleEvery is how often the resident set's high-water mark of an
// engine's process is read from /proc. A read costs microseconds, so ten
// a second per engine cost nothing; what a process adds to its peak in
// the last tenth of a second before it exits is all that is missed.
const rssSampleEvery = 100 * time.Millisecond

// rssWatch keeps the peak resident set of an engine's process. wait4's
// figure alone will not do on Linux: a process started by vfork, as Go
// starts every child, has its peak raised to its parent's (the judge's)
// at exec, so a small engine would show the judge's size. wait4's figure
// is kept only when it is larger than the judge's peak at the start,
// which it then cannot come from; else the process's own high-water mark
// (VmHWM), read while it runs, is the figure.
type rssWatch struct {
	judgeKiB int64 // the judge's peak resident set when the engine started
	peakKiB  atomic.Int64
}

// watchRSS reads pid's VmHWM every rssSampleEvery until exited closes.
func watchRSS(pid int, exited <-chan struct{}) *rssWatch {
	w := &rssWatch{}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		w.judgeKiB = ru.Maxrss
	}
	path := fmt.Sprintf("/proc/%d/status", pid)
	w.sample(path)
	go func() {
		t := time.NewTicker(rssSampleEvery)
		defer t.Stop()
		for {
			select {
			case <-exited:
				return
			case <-t.C:
				w.sample(path)
			}
		}
	}()
	return w
}

// sample reads VmHWM from the status file at path.
func (w *rssWatch) sample(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	_, rest, ok := bytes.Cut(data, []byte("VmHWM:"))
	if !ok {
		return
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	f := bytes.Fields(line)
	if len(f) == 0 {
		return
	}
	if kib, err := strconv.ParseInt(string(f[0]), 10, 64); err == nil && kib > w.peakKiB.Load() {
		w.peakKiB.Store(kib)
	}
}

// peak returns the peak resident set given wait4's figure waitKiB.
func (w *rssWatch) peak(waitKiB int64) int64 {
	if waitKiB > w.judgeKiB {
		return max(waitKiB, w.peakKiB.Load())
	}
	return w.peakKiB.Load()
}
