package engineproc

import (
	"fmt"
	"time"
)

// Usage is what an engine process and its children used: the figures a
// judge records for every engine it starts, whatever the limits.
type Usage struct {
	// CPUMS is the CPU time, user and system, of the engine and its
	// children, in milliseconds.
	CPUMS float64 `json:"cpu_ms"`
	// WallMS is how long the engine's process ran, from its start to its
	// end, in milliseconds.
	WallMS float64 `json:"wall_ms"`
	// ThinkMS is the wall time the engine spent thinking: from each
	// request for a move to its answer, in milliseconds. The process
	// cannot know it; the judge fills it in.
	ThinkMS float64 `json:"think_ms"`
	// PeakRSSKiB is the largest resident set, in KiB, of the engine's
	// process or of any child it waited for (0 where the system does not
	// tell).
	PeakRSSKiB int64 `json:"peak_rss_kib"`
	// MemoryLimit is true when the kernel killed the engine (or a child)
	// for passing the memory limit.
	MemoryLimit bool `json:"memory_limit,omitempty"`
	// DiskLimit is true when the engine ran into the disk limit: it
	// filled its sandbox's scratch, or the kernel killed it for a file
	// past --engine-disk.
	DiskLimit bool `json:"disk_limit,omitempty"`
}

// MulticoreSlack is the CPU time a process may use beyond its thinking
// time before Multicore counts it as using more than one core: starting a
// program (a Go runtime, tables loaded or built) and answering the
// commands that are not a request for a move take CPU time that no
// thinking time covers. Our search takes 0.11 to 0.14 s of CPU time to
// start and quit without thinking (measured on the loaded 2-core machine,
// docs/judge.md); half a second leaves four times that for a slower
// start, and is still only 5 % of one move at the course's 10 s.
const MulticoreSlack = 500 * time.Millisecond

// Add adds v's figures to u's, for an engine's total over games: the peak
// is the largest of the two, MemoryLimit true if either is.
func (u *Usage) Add(v Usage) {
	u.CPUMS += v.CPUMS
	u.WallMS += v.WallMS
	u.ThinkMS += v.ThinkMS
	u.PeakRSSKiB = max(u.PeakRSSKiB, v.PeakRSSKiB)
	u.MemoryLimit = u.MemoryLimit || v.MemoryLimit
	u.DiskLimit = u.DiskLimit || v.DiskLimit
}

// Multicore reports whether u, the total of processes engine processes,
// shows more than one core's worth of CPU over the engine's thinking
// time: more CPU time than thinking time, beyond MulticoreSlack a
// process. A single-threaded engine can use at most its thinking time
// (plus its start); one that does more ran threads at once, or thought on
// its opponent's time.
func (u Usage) Multicore(processes int) bool {
	slack := float64(processes) * float64(MulticoreSlack) / float64(time.Millisecond)
	return u.CPUMS > u.ThinkMS+slack
}

// String writes the figures for a record: "cpu 1.234 s, think 1.200 s,
// wall 2.500 s, peak rss 12.3 MiB".
func (u Usage) String() string {
	s := fmt.Sprintf("cpu %.3f s, think %.3f s, wall %.3f s, peak rss ", u.CPUMS/1000, u.ThinkMS/1000, u.WallMS/1000)
	if u.PeakRSSKiB > 0 {
		s += FormatSize(u.PeakRSSKiB << 10)
	} else {
		s += "unknown"
	}
	if u.MemoryLimit {
		s += ", killed at the memory limit"
	}
	if u.DiskLimit {
		s += ", at the disk limit"
	}
	return s
}
