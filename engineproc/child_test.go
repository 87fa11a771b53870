package engineproc

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/proctime"
)

// TestMain lets the test binary double as the engines of the tests:
// "engineproc-child MODE ARGS...", MODE being
//
//	alloc BYTES         allocate BYTES, touch every page, print "allocated", sleep
//	spin THREADS CPU    keep THREADS threads busy until the process used CPU of
//	                    CPU time (spinWallCap at most), then exit
//	write PATH BYTES    write BYTES to the file PATH, print the error or "wrote"
//	burn CPU            use CPU time CPU on one thread, then print what /proc says of itself
//	proc                print its own /proc/self/status and /proc/self/limits
//	sleep               print its pid ("engineproc child pid N"), sleep a minute
//	host DIR            start two sleep children under a Host, their output
//	                    in DIR/child1.log and DIR/child2.log, and sleep
//	attack NAME ARGS    a hostile engine's attack NAME (attackMain)
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "engineproc-child" {
		os.Exit(childMain(os.Args[2], os.Args[3:]))
	}
	os.Exit(m.Run())
}

// spinWallCap bounds a spinning child's life, however little CPU time a
// loaded machine gives it.
const spinWallCap = 30 * time.Second

func childMain(mode string, args []string) int {
	switch {
	case mode == "alloc" && len(args) == 1:
		n, _ := strconv.Atoi(args[0])
		b := make([]byte, n)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		fmt.Println("allocated")
		time.Sleep(30 * time.Second)
		runtime.KeepAlive(b)
		return 0
	case mode == "spin" && len(args) == 2:
		threads, _ := strconv.Atoi(args[0])
		cpu, _ := time.ParseDuration(args[1])
		// A wall-time bound too, should the CPU time never come.
		end := time.Now().Add(spinWallCap)
		done := make(chan bool)
		for range threads {
			go func() {
				x := 0
				for now, ok := proctime.CPU(); ok && now < cpu && time.Now().Before(end); now, ok = proctime.CPU() {
					for range 100000 {
						x++
					}
				}
				done <- x > 0
			}()
		}
		for range threads {
			<-done
		}
		return 0
	case mode == "write" && len(args) == 2:
		// Unsandboxed, the limits are set just after the start (prlimit):
		// a moment's wait has the test check the limit, not that race.
		time.Sleep(100 * time.Millisecond)
		n, _ := strconv.Atoi(args[1])
		err := os.WriteFile(args[0], make([]byte, n), 0o644)
		if err != nil {
			fmt.Println("write failed:", err)
			return 1
		}
		fmt.Println("wrote")
		return 0
	case mode == "burn" && len(args) == 1:
		d, _ := time.ParseDuration(args[0])
		burn(d)
		stat, _ := os.ReadFile("/proc/self/stat")
		status, _ := os.ReadFile("/proc/self/status")
		fmt.Printf("stat %s\n%s", stat, status)
		return 0
	case mode == "sleep":
		fmt.Printf("engineproc child pid %d\n", os.Getpid())
		time.Sleep(time.Minute)
		return 0
	case mode == "host" && len(args) == 1:
		return hostMain(args[0])
	case mode == "attack" && len(args) >= 1:
		return attackMain(args[0], args[1:])
	case mode == "proc":
		status, _ := os.ReadFile("/proc/self/status")
		limits, _ := os.ReadFile("/proc/self/limits")
		fmt.Printf("%s%s", status, limits)
		return 0
	}
	fmt.Fprintf(os.Stderr, "engineproc-child: bad arguments %q %q\n", mode, args)
	return 2
}

// burn uses about d of CPU time on the calling thread, by the process's
// own clock: the figures compared are CPU time, whatever the machine's
// load does to the wall time.
func burn(d time.Duration) {
	start, _ := proctime.CPU()
	x := 0
	for now, ok := proctime.CPU(); ok && now-start < d; now, _ = proctime.CPU() {
		for range 1000000 {
			x++
		}
	}
	runtime.KeepAlive(x)
}

// child returns a command running this test binary in mode.
func child(t *testing.T, mode string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append([]string{"engineproc-child", mode}, args...)...)
	// Built with -race, the child would sleep a second at exit.
	cmd.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0")
	return cmd
}

// run starts cmd under h, waits for it to exit (a minute at most), closes
// it and returns its output and figures. The output is what cmd wrote to
// stdout and stderr, unless the caller gave cmd a stdout of its own
// (then "": it went there).
func run(t *testing.T, h *Host, cmd *exec.Cmd) (string, Usage, *Proc) {
	t.Helper()
	var out strings.Builder
	if cmd.Stdout == nil {
		cmd.Stdout, cmd.Stderr = &out, &out
	}
	p, err := h.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.Exited():
	case <-time.After(time.Minute):
		t.Errorf("%q did not exit within a minute", cmd.Args)
	}
	u := p.Close()
	return out.String(), u, p
}

// hostMain starts two sleeping children under a Host and sleeps, to be
// killed.
func hostMain(dir string) int {
	h, err := NewHost(Limits{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	exe, _ := os.Executable()
	for _, name := range []string{"child1.log", "child2.log"} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		cmd := exec.Command(exe, "engineproc-child", "sleep")
		cmd.Stdout = f
		if _, err := h.Start(cmd); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	time.Sleep(time.Minute)
	return 0
}
