// Package faultmeter measures what first touches of memory cost a
// benchmark: the minor page faults and the CPU time (user and system) of
// its measured sections, reported per op beside Go's wall time. A large
// allocation's pages are faulted in one by one as the program first
// touches them; on a virtual machine each fault costs tens of
// microseconds of system time, which a benchmark that reuses its memory
// never sees. HandBackMemory between iterations makes every iteration's
// memory new to the process, as a new process's is.
package faultmeter

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/proctime"
)

// Meter adds up the minor page faults and the CPU time of a benchmark's
// measured sections (proctime.Usage). The zero Meter is ready; where the
// system does not report them (not Unix) it reports nothing.
type Meter struct {
	faults  int64
	cpu     time.Duration
	f0      int64
	cpu0    time.Duration
	started bool
	ok      bool
}

// Start begins a measured section.
func (m *Meter) Start() { m.f0, m.cpu0, m.started = proctime.Usage() }

// Stop ends the section begun by Start and adds what it used.
func (m *Meter) Stop() {
	if f1, cpu1, ok := proctime.Usage(); ok && m.started {
		m.faults += f1 - m.f0
		m.cpu += cpu1 - m.cpu0
		m.ok = true
	}
	m.started = false
}

// Faults returns the minor page faults of the sections so far.
func (m *Meter) Faults() int64 { return m.faults }

// CPU returns the CPU time of the sections so far.
func (m *Meter) CPU() time.Duration { return m.cpu }

// Report gives the faults and the CPU milliseconds per op, as "faults/op"
// and "cpu-ms/op".
func (m *Meter) Report(b *testing.B) {
	if !m.ok || b.N == 0 {
		return
	}
	b.ReportMetric(float64(m.faults)/float64(b.N), "faults/op")
	b.ReportMetric(m.cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
}

// HandBackMemory collects the garbage and hands the freed memory back to
// the system, so that the pages of the next large allocation are new to
// the process. Call it outside the timer: it takes a full collection.
func HandBackMemory() {
	runtime.GC()
	debug.FreeOSMemory()
}
