// Package proctime reads the CPU time the process has used, and its page
// faults: the clock of benchmarks (packages cpuclock and faultmeter) and
// of searches timed in CPU seconds on a shared machine (samegame search
// --cpu), where a process waits for a core much of the time and wall time
// overstates its work.
package proctime
