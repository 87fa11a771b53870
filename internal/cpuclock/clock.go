// Package cpuclock lets a benchmark report its CPU time beside Go's
// wall-clock figures. On the shared 2-core development machine a
// benchmark waits for a core much of the time, which wall time counts and
// CPU time does not. The benchmarks that use it run allocation-free hot
// paths, so the process's CPU time is the benchmark's own.
package cpuclock

import (
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/proctime"
)

// Clock is the process's CPU time at the start of a measurement.
type Clock struct {
	start time.Duration
	ok    bool
}

// Start reads the process's CPU time.
func Start() Clock {
	t, ok := proctime.CPU()
	return Clock{t, ok}
}

// Report adds the CPU time per op as "cpu-ns/op" and, when perSecond is
// not empty, the ops per CPU second as "cpu-"+perSecond (for example
// "playouts/s"). It reports nothing where the CPU time is not available.
func (c Clock) Report(b *testing.B, perSecond string) { c.ReportCount(b, 1, perSecond) }

// ReportCount is Report for ops that each do count things (a search of
// many playouts, say): "cpu-"+perSecond is then things per CPU second.
func (c Clock) ReportCount(b *testing.B, count float64, perSecond string) {
	end, ok := proctime.CPU()
	if !ok || !c.ok {
		return
	}
	perOp := float64(end-c.start) / float64(b.N)
	b.ReportMetric(perOp, "cpu-ns/op")
	if perSecond != "" {
		b.ReportMetric(count*1e9/perOp, "cpu-"+perSecond)
	}
}
