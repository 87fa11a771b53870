package movetime

// This file is the judge's side of a move's time: by what clock a judge,
// a referee or a runner charges an engine's move (--time-basis), the
// same rule for judge, judge tournament, killallgo referee and einstein
// game.

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"
)

// Basis is the clock a move's time is charged by.
type Basis string

// The bases.
const (
	// Wall charges a move the wall time from the request to the reply:
	// the course's rule, and the default.
	Wall Basis = "wall"
	// CPU charges a move the CPU time, user and system, that the engine's
	// process tree used from the request to the reply: on a loaded,
	// shared machine, an engine that times itself by its own CPU time
	// (clock(), as the course's templates do) is then not charged the
	// time it waited for a core. A wall-clock cap still bounds the move.
	CPU Basis = "cpu"
)

// DefaultWallCapFactor is the wall-clock cap of a move under CPU, as a
// multiple of its limit, when --wall-cap is not given: an engine that gets
// a third of a core (three busy programs on each core, the worst a shared
// 2-core machine of six users gave) still moves within it, while one that
// sleeps or waits on something other than a CPU still loses, in three
// limits' time rather than never.
const DefaultWallCapFactor = 3

// ParseBasis reads a basis as --time-basis takes it: wall or cpu.
func ParseBasis(s string) (Basis, error) {
	switch b := Basis(s); b {
	case Wall, CPU:
		return b, nil
	}
	return "", fmt.Errorf("--time-basis %q: want wall (the course's rule) or cpu", s)
}

// Rule is how a judge times the moves of the engines it started. The zero
// Rule is Wall.
type Rule struct {
	Basis Basis
	// WallCap is, under CPU, the most wall time a move may take whatever
	// CPU time it used; 0 for DefaultWallCapFactor times the move's limit.
	WallCap time.Duration
}

// ByCPU reports whether the rule charges CPU time.
func (r Rule) ByCPU() bool { return r.Basis == CPU }

// Name is the rule's basis as the results, summaries and records name
// it: "wall" or "cpu".
func (r Rule) Name() string {
	if r.ByCPU() {
		return string(CPU)
	}
	return string(Wall)
}

// Wait returns how long a judge waits for a move whose limit is limit: the
// limit by the wall clock, the wall cap by CPU time.
func (r Rule) Wait(limit time.Duration) time.Duration {
	if !r.ByCPU() {
		return limit
	}
	if r.WallCap > 0 {
		return r.WallCap
	}
	return DefaultWallCapFactor * limit
}

// Describe says how a move of limit is timed, for a record: "10s a move
// by the wall clock", "10s of CPU time a move, at most 30s by the wall
// clock".
func (r Rule) Describe(limit time.Duration) string {
	if !r.ByCPU() {
		return fmt.Sprintf("%v a move by the wall clock", limit)
	}
	return fmt.Sprintf("%v of CPU time a move, at most %v by the wall clock", limit, r.Wait(limit))
}

// Clock tells the CPU time an engine, with whatever it started, has used
// so far: *engineproc.Proc. ok is false when it cannot be told.
type Clock interface {
	CPUTime() (cpu time.Duration, ok bool)
}

// Move is one move being timed: Start it just before the request, and
// ask Late once the reply came within Wait.
type Move struct {
	rule  Rule
	limit time.Duration
	clock Clock
	cpu   time.Duration
	ok    bool
}

// Start starts timing a move of limit made by the engine clock tells the
// CPU time of (nil: none, as for a person or a player the judge did not
// start, timed by the wall clock).
func (r Rule) Start(limit time.Duration, clock Clock) Move {
	m := Move{rule: r, limit: limit, clock: clock}
	if r.ByCPU() && clock != nil {
		m.cpu, m.ok = clock.CPUTime()
	}
	return m
}

// Wait returns how long the judge waits for the move's reply (Rule.Wait).
func (m Move) Wait() time.Duration { return m.rule.Wait(m.limit) }

// Late reports, for a reply that came after wall time elapsed (within
// Wait), whether the move passed its limit, and if so why, in words for
// the forfeit. By the wall clock a reply within Wait is in time. By CPU
// time it is charged the CPU time used since Start; where that cannot be
// read (the clock failed at either end), its wall time.
func (m Move) Late(elapsed time.Duration) (string, bool) {
	if !m.rule.ByCPU() {
		return "", false
	}
	if m.ok {
		if now, ok := m.clock.CPUTime(); ok {
			used := max(now-m.cpu, 0)
			if used > m.limit {
				return fmt.Sprintf("used %v of CPU time, over the limit of %v (--time-basis cpu; %v by the wall clock)",
					used.Round(time.Millisecond), m.limit, elapsed.Round(time.Millisecond)), true
			}
			return "", false
		}
	}
	if elapsed > m.limit {
		return fmt.Sprintf("replied after %v, over the limit of %v (--time-basis cpu, but its CPU time could not be read)", elapsed, m.limit), true
	}
	return "", false
}

// CapNote is what a judge adds to the forfeit of a move that got no reply
// within Wait under CPU: that the wall-clock cap, not the CPU time, ended
// it. It is "" by the wall clock.
func (m Move) CapNote() string {
	if !m.rule.ByCPU() {
		return ""
	}
	return fmt.Sprintf("the wall-clock cap of a move under --time-basis cpu, %v for a limit of %v", m.Wait(), m.limit)
}

// LiveCPU is what tells whether engines' CPU time can be read while they
// run: *engineproc.Host.
type LiveCPU interface {
	LiveCPUTime() error
}

// Check returns why the rule cannot be applied to the engines host
// starts: by CPU time, where their CPU time cannot be read while they run.
func (r Rule) Check(host LiveCPU) error {
	if !r.ByCPU() {
		return nil
	}
	if err := host.LiveCPUTime(); err != nil {
		return fmt.Errorf("--time-basis cpu: %w (--time-basis wall, the default, times moves by the wall clock)", err)
	}
	return nil
}

// Flags are --time-basis and --wall-cap as given.
type Flags struct {
	fs      *pflag.FlagSet
	basis   string
	wallCap time.Duration
}

// The flags' descriptions, in lines short enough that a help wrapped at
// 100 columns keeps them as they are.
const (
	basisHelp   = "wall or cpu: charge each move its wall time (the course's\nrule), or the CPU time of the engine and its children,\nfor a loaded shared machine (--wall-cap bounds it)"
	wallCapHelp = "with --time-basis cpu, the most wall time a move may\ntake whatever its CPU time, so that a sleeping engine\nstill loses (default 3x the move's limit)"
)

// AddFlags declares --time-basis and --wall-cap.
func AddFlags(fs *pflag.FlagSet) *Flags {
	f := &Flags{fs: fs}
	fs.StringVar(&f.basis, "time-basis", string(Wall), basisHelp)
	fs.DurationVar(&f.wallCap, "wall-cap", 0, wallCapHelp)
	return f
}

// Rule checks the flags' values and returns the rule they set. limit is
// the shortest move limit the cap must leave room for.
func (f *Flags) Rule(limit time.Duration) (Rule, error) {
	b, err := ParseBasis(f.basis)
	if err != nil {
		return Rule{}, err
	}
	r := Rule{Basis: b, WallCap: f.wallCap}
	if f.fs.Changed("wall-cap") {
		switch {
		case b != CPU:
			return Rule{}, fmt.Errorf("--wall-cap is for --time-basis cpu: by the wall clock the limit is the cap")
		case f.wallCap < limit:
			return Rule{}, fmt.Errorf("--wall-cap %v: want at least the move's limit, %v", f.wallCap, limit)
		}
	}
	return r, nil
}
