package engineproc

import (
	"fmt"
	"os/exec"

	"go.uber.org/zap"
)

// Host starts engine processes under one set of Limits and accounts what
// each uses. It finds out once, when made, how this system can enforce
// each limit (cgroups, resource limits, CPU affinity) and says so (Log):
// a limit it cannot enforce is reported as such, never dropped silently.
// Its methods may be called from several goroutines at once.
type Host struct {
	limits Limits
	plat   *platform
	report []Enforcement
}

// Enforcement says how one limit is enforced, or one figure accounted, on
// this system, or why it is not.
type Enforcement struct {
	// Resource is "memory", "cpus", "disk", "cpu time" or "peak memory".
	Resource string
	// Limit is the limit as given, empty for a figure accounted.
	Limit string
	// Enforced is false for a limit this system cannot enforce here.
	Enforced bool
	// Fallback is true for a limit enforced by a weaker means than a
	// cgroup (a resource limit on each process, CPU affinity), because
	// no cgroup could be used: How says why.
	Fallback bool
	// How says by what means, or why not.
	How string
}

// NewHost prepares to start engines under l. It fails only when l cannot
// be understood; a limit this system cannot enforce is reported by Report
// and Log, and the engines run without it.
func NewHost(l Limits) (*Host, error) {
	if l.Memory < 0 || l.CPUs < 0 || l.Disk < 0 {
		return nil, fmt.Errorf("engine limits %+v: a limit is 0 (none) or more, not negative", l)
	}
	if l.Pids < 0 {
		return nil, fmt.Errorf("engine limits %+v: a limit is 0 (none) or more, not negative", l)
	}
	plat, report, err := newPlatform(l)
	if err != nil {
		return nil, err
	}
	return &Host{limits: l, plat: plat, report: report}, nil
}

// Limits returns the limits the host starts engines under.
func (h *Host) Limits() Limits { return h.limits }

// Report says, for each limit set and each figure accounted, how this
// system enforces or measures it, or why it does not.
func (h *Host) Report() []Enforcement { return h.report }

// Log writes Report, a line a resource: info for what is enforced or
// accounted, a warning for a limit that is not enforced or enforced by a
// fallback.
func (h *Host) Log(log *zap.Logger) {
	for _, e := range h.report {
		switch {
		case e.Limit == "":
			log.Info("engine accounting", zap.String("figure", e.Resource), zap.String("how", e.How))
		case e.Enforced && e.Fallback:
			log.Warn("engine limit enforced by a fallback", zap.String("resource", e.Resource), zap.String("limit", e.Limit), zap.String("how", e.How))
		case e.Enforced:
			log.Info("engine limit enforced", zap.String("resource", e.Resource), zap.String("limit", e.Limit), zap.String("how", e.How))
		default:
			log.Warn("engine limit NOT enforced", zap.String("resource", e.Resource), zap.String("limit", e.Limit), zap.String("why", e.How))
		}
	}
}

// Start starts cmd, not yet started, in a process group of its own,
// under the host's limits. The caller must Close the process it returns.
func (h *Host) Start(cmd *exec.Cmd) (*Proc, error) {
	return startProc(h, cmd, 0)
}

// Sandboxed reports whether the host starts every engine in a sandbox.
func (h *Host) Sandboxed() bool { return h.plat.sandboxed() }

// LiveCPUTime returns why the CPU time of a running engine (Proc.CPUTime)
// cannot be read here, nil where it can: for a judge that charges each
// move the engine's CPU time, which must know so before the first game.
func (h *Host) LiveCPUTime() error { return h.plat.liveCPUTime() }
