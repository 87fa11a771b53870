package engineproc

import (
	"testing"
	"time"
)

// CPUTime grows while a spinning engine runs, sandboxed or not, and never
// passes the wall time it has run on one thread (with a tick of slack).
func TestCPUTimeWhileRunning(t *testing.T) {
	onOff(t, func(t *testing.T, on bool) {
		h := sandboxHost(t, on, Limits{})
		p, err := h.Start(child(t, "spin", "1", "2s"))
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		start := time.Now()
		var cpu time.Duration
		for deadline := start.Add(20 * time.Second); cpu < 200*time.Millisecond && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
			c, ok := p.CPUTime()
			if !ok {
				t.Fatal("no CPU time while it runs")
			}
			if c < cpu {
				t.Fatalf("CPU time went back from %v to %v", cpu, c)
			}
			cpu = c
		}
		if cpu < 200*time.Millisecond {
			t.Fatalf("CPU time %v after %v of spinning", cpu, time.Since(start))
		}
		if wall := time.Since(start); cpu > wall+100*time.Millisecond { // its start, before the clock here
			t.Errorf("CPU time %v over %v of wall time, on one thread", cpu, wall)
		}
	})
}
