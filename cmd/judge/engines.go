package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

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
	ownGroup(p.cmd)
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
		killGroup(p.cmd)
		<-p.exited
	}
	// Whatever the engine's leader left behind. The group keeps its id
	// while any member lives, so the id names no other group; with none
	// left the kill finds nobody.
	killGroup(p.cmd)
	p.logFile.Close()
	status := "exit status 0"
	if p.waitErr != nil {
		status = p.waitErr.Error()
	}
	log.Info("engine stopped", zap.Int("engine", p.n), zap.String("status", status), zap.String("log", p.logPath))
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
