package engineproc

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"

	"go.uber.org/zap"
)

// benchHost is sandboxHost for benchmarks.
func benchHost(b *testing.B, on bool) *Host {
	b.Helper()
	l := Limits{}
	if on {
		l.Sandbox.Mode = SandboxOn
	}
	h, err := NewHost(l)
	if err != nil {
		b.Skipf("no sandbox here: %v", err)
	}
	return h
}

// BenchmarkEngineStart starts and closes an engine that exits at once
// (/bin/true), with the sandbox and without: the sandbox's cost per engine
// start, two of which a game of a tournament makes.
//
//	go test -run '^$' -bench EngineStart -benchtime 50x ./engineproc
func BenchmarkEngineStart(b *testing.B) {
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "unsandboxed", true: "sandboxed"}[on], func(b *testing.B) {
			h := benchHost(b, on)
			for b.Loop() {
				p, err := h.Start(exec.Command("/bin/true"))
				if err != nil {
					b.Fatal(err)
				}
				select {
				case <-p.Exited():
				case <-time.After(10 * time.Second):
					b.Fatal("/bin/true did not exit")
				}
				p.Close()
			}
		})
	}
}

// BenchmarkRoundTrip sends a line to an engine that dials the judge and
// reads its echo: through the sandbox's handed-over socket and through the
// judge's own port, the same TCP loopback either way.
//
//	go test -run '^$' -bench RoundTrip -benchtime 20000x ./engineproc
func BenchmarkRoundTrip(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "direct", true: "sandboxed"}[on], func(b *testing.B) {
			h := benchHost(b, on)
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			port := ln.Addr().(*net.TCPAddr).Port
			if on {
				port = SandboxPort
			}
			e, err := h.StartEngine(1, []string{exe, "engineproc-child", "attack", "dial"}, "127.0.0.1", port, b.TempDir(), zap.NewNop())
			if err != nil {
				b.Fatal(err)
			}
			defer e.Stop(zap.NewNop())
			c := acceptWithin(b, e.Seat(ln), 10*time.Second)
			defer c.Close()
			r := bufio.NewReader(c)
			if line, err := r.ReadString('\n'); line != "hello\n" {
				b.Fatalf("first line %q, %v", line, err)
			}
			for b.Loop() {
				fmt.Fprint(c, "genmove\n")
				if _, err := r.ReadString('\n'); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
