package match

// What a judge does with the engine processes it starts: wait for each
// one's connection, and name the forfeit of one the kernel killed at its
// memory limit.

import (
	"context"
	"fmt"
	"net"
	"runtime"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/otp"
)

// AwaitEngine waits on ln for the connection of the engine p until
// deadline, or until p exits: then it is not coming. It closes ln, and
// returns nil if the engine did not connect or ctx ended. Connections
// beyond the first are turned away (Gate).
func AwaitEngine(ctx context.Context, ln net.Listener, p *engineproc.Engine, deadline time.Time, log *zap.Logger) net.Conn {
	gate := OpenGate(ln, log)
	defer gate.Close() // accepted connections outlive the listener
	wait, cancel := engineproc.UntilExit(ctx, p.Proc)
	defer cancel()
	c, err := gate.Next(wait, deadline)
	if err != nil || ctx.Err() != nil {
		if c != nil {
			c.Close()
		}
		return nil
	}
	return c
}

// AwaitEngines waits for the connections of both engines at once, each
// on its own listener (AwaitEngine), against the one deadline: an engine
// that hangs eats none of the other's connect time, and one that exits
// stops being waited for. It closes the listeners; a connection is nil
// where its engine did not connect or ctx ended.
func AwaitEngines(ctx context.Context, lns [2]net.Listener, procs [2]*engineproc.Engine, deadline time.Time, log *zap.Logger) [2]net.Conn {
	var conns [2]net.Conn
	var wg sync.WaitGroup
	for i := range conns {
		wg.Go(func() { conns[i] = AwaitEngine(ctx, lns[i], procs[i], deadline, log) })
	}
	wg.Wait()
	return conns
}

// MemoryForfeit turns the forfeit of an engine the kernel killed at its
// memory limit (limit bytes) into a forfeit for the memory limit, keeping
// what the judge saw of its end (a closed connection, a timeout) in the
// detail. A nil forfeit, or one already for the memory limit, is left
// alone.
func MemoryForfeit(f *otp.Forfeit, limit int64) {
	if f == nil || f.Reason == otp.ForfeitMemoryLimit {
		return
	}
	saw := string(f.Reason)
	if f.Detail != "" {
		saw += " (" + f.Detail + ")"
	}
	f.Reason = otp.ForfeitMemoryLimit
	f.Detail = fmt.Sprintf("killed at --engine-memory %s; the judge saw: %s", engineproc.FormatSize(limit), saw)
}

// ForfeitDiskLimit is no rule of the protocol either: the judge gives it
// to an engine that ran into the disk limit (--engine-disk, or the size
// of its sandbox's scratch), whatever the protocol saw of its end (most
// often a closed connection: the engine failed to write and gave up).
const ForfeitDiskLimit otp.ForfeitReason = "disk limit"

// DiskLimitText names the disk limit of engines held to limit bytes:
// "--engine-disk 1 MiB", or without it the size of a sandbox's scratch.
func DiskLimitText(limit int64) string {
	if limit == 0 {
		return fmt.Sprintf("the sandbox's scratch of %s (no --engine-disk)", engineproc.FormatSize(engineproc.DefaultScratchSize))
	}
	return "--engine-disk " + engineproc.FormatSize(limit)
}

// DiskForfeit turns the forfeit of an engine that ran into the disk limit
// (limit bytes, 0 for none but its sandbox's scratch) into a forfeit for
// the disk limit, keeping what the judge saw in the detail, as
// MemoryForfeit does. A nil forfeit, or one already for a limit, is left
// alone.
func DiskForfeit(f *otp.Forfeit, limit int64) {
	if f == nil || f.Reason == ForfeitDiskLimit || f.Reason == otp.ForfeitMemoryLimit {
		return
	}
	saw := string(f.Reason)
	if f.Detail != "" {
		saw += " (" + f.Detail + ")"
	}
	f.Reason = ForfeitDiskLimit
	f.Detail = fmt.Sprintf("ran into %s: its scratch full or a file past the limit; the judge saw: %s", DiskLimitText(limit), saw)
}

// LimitForfeit names in f, the forfeit of an engine that used u under
// limits l, the resource limit it ran into, if any: the memory limit
// (MemoryForfeit), else the disk limit (DiskForfeit). It reports whether
// it named one.
func LimitForfeit(f *otp.Forfeit, u engineproc.Usage, l engineproc.Limits) bool {
	switch {
	case f == nil:
		return false
	case u.MemoryLimit:
		MemoryForfeit(f, l.Memory)
	case u.DiskLimit:
		DiskForfeit(f, l.Disk)
	default:
		return false
	}
	return true
}

// WarnOverCores warns, once, of what asks for more cores than this
// machine has (runtime.NumCPU): games played at once (concurrency, beyond
// the one a match plays) and --engine-cpus. Neither is an error, since a
// machine may be meant to be oversubscribed, but each then shares cores
// and plays slower than it says: two engines of a game at once already
// want two cores.
func WarnOverCores(log *zap.Logger, concurrency, engineCPUs int) {
	cores := runtime.NumCPU()
	if concurrency > cores {
		log.Warn("--concurrency is above the number of cores: games played at once share them, and their engines think more slowly than alone",
			zap.Int("concurrency", concurrency), zap.Int("cores", cores))
	}
	if engineCPUs > cores {
		log.Warn("--engine-cpus is above the number of cores: it limits nothing beyond the machine itself",
			zap.Int("engine_cpus", engineCPUs), zap.Int("cores", cores))
	}
}
