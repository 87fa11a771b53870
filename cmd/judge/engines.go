package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tcgothello/mcts/internal/procgroup"
	"go.uber.org/zap"
)

// stopGrace is how long an engine has to exit on its own after the match
// (it got quit, or was disqualified and should notice the closed
// connection) before the judge kills it.
const stopGrace = 2 * time.Second

// engineProc is an engine the judge started itself.
type engineProc struct {
	n       int
	cmd     *exec.Cmd
	logPath string
	logFile *os.File
	exited  chan struct{}
	waitErr error // the process's exit status; read only after exited closes
}

// startEngine starts engine n (1 or 2): argv, the program and its
// arguments (splitCommand), with ip and port appended, its stdout and
// stderr going to engineN.log in dir.
func startEngine(n int, argv []string, ip string, port int, dir string, log *zap.Logger) (*engineProc, error) {
	args := append(argv[1:len(argv):len(argv)], ip, strconv.Itoa(port))
	p := &engineProc{n: n, logPath: filepath.Join(dir, fmt.Sprintf("engine%d.log", n)), exited: make(chan struct{})}
	var err error
	if p.logFile, err = os.Create(p.logPath); err != nil {
		return nil, fmt.Errorf("engine %d log: %w", n, err)
	}
	p.cmd = exec.Command(argv[0], args...)
	p.cmd.Stdout, p.cmd.Stderr = p.logFile, p.logFile
	procgroup.Own(p.cmd)
	if err := p.cmd.Start(); err != nil {
		p.logFile.Close()
		return nil, fmt.Errorf("engine %d (%q): %w", n, argv, err)
	}
	log.Info("engine started", zap.Int("engine", n), zap.Strings("argv", p.cmd.Args),
		zap.Int("pid", p.cmd.Process.Pid), zap.String("log", p.logPath))
	go func() {
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// stop waits a little for the engine to exit, kills it if it does not,
// and closes its log. Where the engine runs in a process group of its own
// (Unix), the whole group is killed, also after a clean exit: an engine
// started through a wrapper script (without exec) leaves its real program
// behind when only the script is killed or exits.
func (p *engineProc) stop(log *zap.Logger) {
	t := time.NewTimer(stopGrace)
	defer t.Stop()
	select {
	case <-p.exited:
	case <-t.C:
		log.Warn("engine still running after the match: killing it", zap.Int("engine", p.n), zap.Int("pid", p.cmd.Process.Pid))
		procgroup.Kill(p.cmd)
		<-p.exited
	}
	// Whatever the engine's leader left behind. The group keeps its id
	// while any member lives, so the id names no other group; with none
	// left the kill finds nobody.
	procgroup.Kill(p.cmd)
	p.logFile.Close()
	log.Info("engine stopped", zap.Int("engine", p.n), zap.String("status", p.status()), zap.String("log", p.logPath))
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

// lastOutput returns the last lines the engine wrote to its log (its
// stdout and stderr), for a message about an engine that never connected:
// the reason is most often there ("invalid duration", a missing library).
func (p *engineProc) lastOutput() []string {
	f, err := os.Open(p.logPath)
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

// status returns the engine's exit status as a phrase, once it has exited.
func (p *engineProc) status() string {
	if p.waitErr != nil {
		return p.waitErr.Error()
	}
	return "exit status 0"
}

// noShow logs why engine p, named name, did not connect: it exited (with
// its status) or was still running at the deadline, with the last lines of
// its output either way. It returns the phrase for the forfeit's detail.
func (p *engineProc) noShow(name string, limit time.Duration, log *zap.Logger) string {
	fields := []zap.Field{zap.Int("engine", p.n), zap.String("name", name), zap.String("log", p.logPath)}
	if exited(p) {
		detail := "exited before connecting: " + p.status()
		log.Error("engine exited before connecting", append(fields, zap.String("status", p.status()),
			zap.Strings("last_output", p.lastOutput()))...)
		return detail
	}
	log.Error("engine did not connect in time", append(fields, zap.Duration("limit", limit),
		zap.Strings("last_output", p.lastOutput()))...)
	return fmt.Sprintf("not connected within %v", limit)
}

// engineHost is the address an engine should dial to reach a judge
// listening on host.
func engineHost(host string) string {
	switch host {
	case "", "0.0.0.0", "::", "[::]":
		return "127.0.0.1"
	}
	return strings.Trim(host, "[]")
}
