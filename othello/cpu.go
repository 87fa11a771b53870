package othello

import (
	"fmt"
	"os"
)

// CPUEnv is the environment variable that picks the move-generation path at
// start, with the values of SetCPU: "portable" forces the portable Go code
// (for comparison, and so that CI tests both paths), "auto" or unset uses
// the fastest path the CPU supports.
const CPUEnv = "OTHELLO_CPU"

// The move-generation paths, as CPU and SetCPU name them.
const (
	// CPUPortable is the portable Go code of bitboard.go: every
	// architecture, and the reference the fast path is tested against.
	CPUPortable = "portable"
	// CPUAVX2 is the assembly of bitboard_amd64.s, on amd64 CPUs with AVX2
	// and POPCNT whose operating system saves the 256-bit registers.
	CPUAVX2 = "avx2"
	// CPUAVX512 is CPUAVX2 where the loops that run many plies in one
	// assembly call (Perft's last plies, RandomGame, LastTwo) also use
	// AVX-512's ternary logic and registers, and BMI2's PDEP; single Moves
	// and Flips calls stay on AVX2. On CPUs
	// with AVX-512 F, CD and VL and a fast PDEP whose operating system saves
	// the AVX-512 state.
	CPUAVX512 = "avx512"
	// CPUAuto picks the fastest path the CPU supports, unless CPUEnv says
	// portable.
	CPUAuto = "auto"
)

// autoAVX2 is the choice of CPUAuto: AVX2 where the CPU has it, unless the
// environment forces the portable path.
func autoAVX2() bool { return hasAVX2 && os.Getenv(CPUEnv) != CPUPortable }

// autoAVX512 is the choice of CPUAuto between the two assembly paths.
func autoAVX512() bool { return hasAVX512 && autoAVX2() }

// useAVX2 selects the AVX2 path of Moves, Flips and Perft. It is set once
// at start from the CPU's features and CPUEnv, and changed only by SetCPU,
// which a command calls before it starts any search: it is read on every
// move generation, so it is a plain variable rather than a lock or an
// atomic, the way the standard library keeps its CPU feature flags.
var useAVX2 = autoAVX2()

// useAVX512 selects the AVX-512 forms of Flips, FlipsReplies, Perft's
// last plies, RandomGame, LastTwo and LastThree on top of useAVX2, set
// like it.
var useAVX512 = autoAVX512()

// CPU returns the move-generation path in use: CPUAVX512, CPUAVX2 or
// CPUPortable.
func CPU() string {
	if useAVX512 {
		return CPUAVX512
	}
	if useAVX2 {
		return CPUAVX2
	}
	return CPUPortable
}

// CPUSupported reports whether this machine can run the AVX2 path.
func CPUSupported() bool { return hasAVX2 }

// errNoPath is CheckCPU's error for a path this CPU or build lacks.
func errNoPath(name string) error {
	return fmt.Errorf("cpu %q: this CPU or build has no %s path (want %q or %q)", name, name, CPUPortable, CPUAuto)
}

// CheckCPU reports whether SetCPU would accept name, without changing the
// path: an error names a path this CPU or build lacks, or an unknown name.
func CheckCPU(name string) error {
	switch name {
	case CPUPortable, CPUAuto:
		return nil
	case CPUAVX2:
		if !hasAVX2 {
			return errNoPath(name)
		}
		return nil
	case CPUAVX512:
		if !hasAVX512 {
			return errNoPath(name)
		}
		return nil
	}
	return fmt.Errorf("cpu %q: want %q, %q, %q or %q", name, CPUAuto, CPUAVX512, CPUAVX2, CPUPortable)
}

// SetCPU picks the move-generation path: CPUPortable, CPUAVX2 or CPUAVX512
// (an error if the CPU lacks it) or CPUAuto. It must be called before any goroutine
// generates moves, typically once from a command's flags.
func SetCPU(name string) error {
	if err := CheckCPU(name); err != nil {
		return err
	}
	switch name {
	case CPUPortable:
		useAVX2, useAVX512 = false, false
	case CPUAVX2:
		useAVX2, useAVX512 = true, false
	case CPUAVX512:
		useAVX2, useAVX512 = true, true
	default:
		useAVX2, useAVX512 = autoAVX2(), autoAVX512()
	}
	return nil
}
