package main

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

var resultRE = regexp.MustCompile(`\ANAME:(\S+) QUIT:1 WIN:(\d+) LOSE:(\d+) DRAW:(\d+)\nNAME:(\S+) QUIT:1 WIN:(\d+) LOSE:(\d+) DRAW:(\d+)\ntime stamp: \d\d:\d\d:\d\d\n\z`)

// checkResult checks a clean 2-round match between engines one and two.
func checkResult(t *testing.T, stdout, stderr string) {
	t.Helper()
	m := resultRE.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("stdout:\n%s\nwant two clean result lines and a time stamp; stderr:\n%s", stdout, stderr)
	}
	n := make([]int, 9)
	for i := range n {
		n[i], _ = strconv.Atoi(m[i])
	}
	if m[1] != "one" || m[5] != "two" {
		t.Errorf("names %q, %q, want one (player 1), two", m[1], m[5])
	}
	if n[2]+n[3]+n[4] != 2 || n[2] != n[7] || n[3] != n[6] || n[4] != n[8] {
		t.Errorf("inconsistent results:\n%s", stdout)
	}
	if strings.Contains(stderr, "disqualified") {
		t.Errorf("a player was disqualified:\n%s", stderr)
	}
}

// TestEndToEnd builds both programs and plays 2-round matches between two
// search processes over loopback: once with the judge starting them
// (--engine), once the classic way with the engines connecting on their own.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both programs")
	}
	// Mostly waiting, on a build or on the engines, under limits with
	// time to spare: it runs beside the other tests that wait.
	t.Parallel()
	judgeBin, searchBin := builtProgram(t, "judge"), builtProgram(t, "search")
	// A small playout budget keeps each move to milliseconds, and so does
	// the endgame solver from 12 empty squares: from the 20 that the 2 s
	// think time chooses, its proofs took most of the match, 8 s of 9.
	engine := func(name string, seed int) []string {
		return []string{"--name", name, "--playouts", "300", "--solve-empties", "12", "--seed", strconv.Itoa(seed), "--time", "2s"}
	}

	t.Run("engines started by the judge", func(t *testing.T) {
		dir := t.TempDir()
		record := filepath.Join(dir, "games.txt")
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, judgeBin, "--host", "127.0.0.1",
			"--engine", searchBin+" "+strings.Join(engine("one", 1), " "),
			"--engine", searchBin+" "+strings.Join(engine("two", 2), " "),
			"--engine-log-dir", dir, "--record", record, "0", "2")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("judge: %v\n%s", err, stderr.String())
		}
		checkResult(t, stdout.String(), stderr.String())
		rec, err := os.ReadFile(record)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(rec), "\nmoves: "); got != 2 || !strings.Contains(string(rec), "papa\n") {
			t.Errorf("record holds %d games, want 2 ending in two passes:\n%s", got, rec)
		}
		for _, f := range []string{"engine1.log", "engine2.log"} {
			if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
				t.Errorf("%s: %v, want the engine's log", f, err)
			}
		}
	})

	t.Run("classic", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		ln.Close() // a free port for the judge; the engines retry until it listens
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		judge := exec.CommandContext(ctx, judgeBin, "--host", "127.0.0.1", port)
		var stdout bytes.Buffer
		judge.Stdout = &stdout
		logs, err := judge.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := judge.Start(); err != nil {
			t.Fatal(err)
		}
		// Follow the judge's log, so as to start engine one once the judge
		// listens and engine two once one is seated as player 1.
		var stderr strings.Builder
		lines := make(chan string, 100)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(logs)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
		waitFor := func(what string) {
			t.Helper()
			timeout := time.After(30 * time.Second)
			for {
				select {
				case l, ok := <-lines:
					if !ok {
						t.Fatalf("the judge ended before logging %q:\n%s", what, stderr.String())
					}
					stderr.WriteString(l + "\n")
					if strings.Contains(l, what) {
						return
					}
				case <-timeout:
					t.Fatalf("the judge did not log %q in time:\n%s", what, stderr.String())
				}
			}
		}
		waitFor("listening")
		var engines []*exec.Cmd
		for i, name := range []string{"one", "two"} {
			e := exec.CommandContext(ctx, searchBin, append(engine(name, i+1), "127.0.0.1", port)...)
			e.Stderr = &bytes.Buffer{}
			if err := e.Start(); err != nil {
				t.Fatal(err)
			}
			engines = append(engines, e)
			waitFor("player connected")
		}
		for l := range lines {
			stderr.WriteString(l + "\n")
		}
		if err := judge.Wait(); err != nil {
			t.Fatalf("judge: %v\n%s", err, stderr.String())
		}
		for i, e := range engines {
			if err := e.Wait(); err != nil {
				t.Errorf("engine %d: %v (want a clean exit after quit)\n%s", i+1, err, e.Stderr)
			}
		}
		checkResult(t, stdout.String(), stderr.String())
	})
}
