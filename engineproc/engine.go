package engineproc

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"
)

// Engine is an engine a judge started to play over the network: its
// process, which dials the judge, and the log file its stdout and stderr
// go to.
type Engine struct {
	*Proc
	// N is the engine's number in its match or game: 1 or 2.
	N int
	// LogPath is the file of its stdout and stderr.
	LogPath string
	logFile *os.File
	stopped bool
	usage   Usage
	// port is the port the engine was told to dial.
	port int
}

// StartEngine starts engine n (1 or 2): argv, the program and its
// arguments (SplitCommand), with ip and port appended, its stdout and
// stderr going to engineN.log in dir. A sandboxed engine is given
// 127.0.0.1 and port, in its own network namespace, whatever ip is: its
// connection comes from Seat, not from the judge's port.
func (h *Host) StartEngine(n int, argv []string, ip string, port int, dir string, log *zap.Logger) (*Engine, error) {
	if h.Sandboxed() {
		ip = "127.0.0.1"
	}
	args := append(argv[1:len(argv):len(argv)], ip, strconv.Itoa(port))
	e := &Engine{N: n, LogPath: filepath.Join(dir, fmt.Sprintf("engine%d.log", n))}
	var err error
	if e.logFile, err = os.Create(e.LogPath); err != nil {
		return nil, fmt.Errorf("engine %d log: %w", n, err)
	}
	cmd := exec.Command(argv[0], args...)
	cmd.Stdout, cmd.Stderr = e.logFile, e.logFile
	args = cmd.Args
	if e.Proc, err = startProc(h, cmd, port); err != nil {
		e.logFile.Close()
		return nil, fmt.Errorf("engine %d (%q): %w", n, argv, err)
	}
	e.port = port
	log.Info("engine started", append([]zap.Field{zap.Int("engine", n), zap.Strings("argv", args),
		zap.Int("pid", e.Pid()), zap.String("log", e.LogPath)}, e.sandboxFields()...)...)
	return e, nil
}

// sandboxFields are the log fields that say how the engine is sandboxed.
func (e *Engine) sandboxFields() []zap.Field {
	if !e.host.Sandboxed() {
		return nil
	}
	f := []zap.Field{zap.Bool("sandboxed", true)}
	if k := e.ScratchKept(); k != "" {
		f = append(f, zap.String("scratch_kept_in", k))
	}
	return f
}

// Seat returns where the judge accepts the engine's connection: ln, the
// port the engine was told to dial, or for a sandboxed engine, which
// cannot reach that port, the connection its sandbox hands over, ln
// then being closed (nobody is to connect there).
func (e *Engine) Seat(ln net.Listener) net.Listener {
	l := e.Listener(e.port)
	if l == nil {
		return ln
	}
	ln.Close()
	return l
}

// StartPipedEngine starts engine n (1 or 2) as StartEngine does, for an
// engine that speaks over its stdin and stdout rather than dialling the
// judge (NBoard): argv is started as it is, its stderr goes to engineN.log
// in dir, and the caller writes to in and reads from out, closing both.
// What the caller copies of out into Log joins the same log.
func (h *Host) StartPipedEngine(n int, argv []string, dir string, log *zap.Logger) (e *Engine, in, out *os.File, err error) {
	e = &Engine{N: n, LogPath: filepath.Join(dir, fmt.Sprintf("engine%d.log", n))}
	if e.logFile, err = os.Create(e.LogPath); err != nil {
		return nil, nil, nil, fmt.Errorf("engine %d log: %w", n, err)
	}
	if e.Proc, in, out, err = h.StartPiped(argv, e.logFile); err != nil {
		e.logFile.Close()
		return nil, nil, nil, fmt.Errorf("engine %d (%q): %w", n, argv, err)
	}
	log.Info("engine started", append([]zap.Field{zap.Int("engine", n), zap.Strings("argv", argv),
		zap.Int("pid", e.Pid()), zap.String("log", e.LogPath), zap.String("over", "stdin and stdout")}, e.sandboxFields()...)...)
	return e, in, out, nil
}

// Log returns the engine's log file, for what the judge reads of its
// stdout when it speaks over pipes (StartPipedEngine).
func (e *Engine) Log() io.Writer { return e.logFile }

// Stop waits a little (StopGrace) for the engine to exit, kills it if it
// does not, closes its log and returns what it used. Where the engine runs
// in a process group of its own (Unix), the whole group is killed, also
// after a clean exit: an engine started through a wrapper script (without
// exec) leaves its real program behind when only the script is killed or
// exits. A second Stop returns the same figures and does nothing else.
func (e *Engine) Stop(log *zap.Logger) Usage {
	if e.stopped {
		return e.usage
	}
	e.stopped = true
	t := time.NewTimer(StopGrace)
	defer t.Stop()
	select {
	case <-e.Exited():
	case <-t.C:
		log.Warn("engine still running after the match: killing it", zap.Int("engine", e.N), zap.Int("pid", e.Pid()))
	}
	u := e.Close()
	e.usage = u
	e.logFile.Close()
	log.Info("engine stopped", zap.Int("engine", e.N), zap.String("status", e.Status()), zap.String("log", e.LogPath),
		zap.Float64("cpu_ms", u.CPUMS), zap.Int64("peak_rss_kib", u.PeakRSSKiB))
	if u.MemoryLimit {
		log.Warn("engine killed at its memory limit", zap.Int("engine", e.N), zap.String("limit", FormatSize(e.host.limits.Memory)))
	}
	return u
}

// Bounds of the output quoted from an engine that did not connect.
const (
	// tailLines is how many of its last lines are quoted: enough for an
	// error message and its context, few enough for a log line.
	tailLines = 5
	// tailBytes is how much of the end of its log is read for them, and
	// tailLineBytes the most of any one line kept.
	tailBytes     = 4096
	tailLineBytes = 200
)

// LastOutput returns the last lines the engine wrote to its log (its
// stdout and stderr), for a message about an engine that never connected:
// the reason is most often there ("invalid duration", a missing library).
func (e *Engine) LastOutput() []string {
	f, err := os.Open(e.LogPath)
	if err != nil {
		return nil
	}
	defer f.Close()
	cut := false
	if fi, err := f.Stat(); err == nil && fi.Size() > tailBytes {
		_, err := f.Seek(fi.Size()-tailBytes, io.SeekStart)
		cut = err == nil
	}
	data, _ := io.ReadAll(io.LimitReader(f, tailBytes))
	if cut {
		// The first line read is the end of a longer one: skip it.
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:]
		}
	}
	data = bytes.TrimRight(data, "\r\n")
	if len(data) == 0 {
		return nil
	}
	var lines []string
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		if len(line) > tailLineBytes {
			line = append(line[:tailLineBytes:tailLineBytes], "..."...)
		}
		lines = append(lines, string(line))
	}
	return lines[max(0, len(lines)-tailLines):]
}

// NoShow logs why the engine, named name, did not connect: it exited (with
// its status) or was still running at the deadline, with the last lines of
// its output either way. It returns the phrase for the forfeit's detail.
func (e *Engine) NoShow(name string, limit time.Duration, log *zap.Logger) string {
	fields := []zap.Field{zap.Int("engine", e.N), zap.String("name", name), zap.String("log", e.LogPath)}
	if e.HasExited() {
		detail := "exited before connecting: " + e.Status()
		log.Error("engine exited before connecting", append(fields, zap.String("status", e.Status()),
			zap.Strings("last_output", e.LastOutput()))...)
		return detail
	}
	log.Error("engine did not connect in time", append(fields, zap.Duration("limit", limit),
		zap.Strings("last_output", e.LastOutput()))...)
	return fmt.Sprintf("not connected within %v", limit)
}

// UntilExit returns a context that ends with ctx or when every one of
// procs has exited: then nobody is left to connect.
func UntilExit(ctx context.Context, procs ...*Proc) (context.Context, context.CancelFunc) {
	wctx, cancel := context.WithCancel(ctx)
	go func() {
		defer cancel()
		for _, p := range procs {
			select {
			case <-p.Exited():
			case <-wctx.Done():
				return
			}
		}
	}()
	return wctx, cancel
}

// DialHost is the address an engine should dial to reach a judge
// listening on host.
func DialHost(host string) string {
	switch host {
	case "", "0.0.0.0", "::", "[::]":
		return "127.0.0.1"
	}
	return strings.Trim(host, "[]")
}
