// Package proctest helps tests check that the engine processes they had
// started are gone: the engines write their process ids to their logs,
// and CheckDead finds every one and waits, a bounded time, for each to
// end.
package proctest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// deadWait is how long the system is given to deliver the kills and end
// the processes.
const deadWait = 5 * time.Second

// CheckDead reads the process ids that re (whose first group is the id)
// finds in the .log files under dir, and checks that every one of those
// processes has ended within deadWait. It fails the test if none is found.
func CheckDead(t testing.TB, dir string, re *regexp.Regexp) {
	t.Helper()
	var pids []int
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".log") {
			data, _ := os.ReadFile(path)
			for _, m := range re.FindAllStringSubmatch(string(data), -1) {
				pid, _ := strconv.Atoi(m[1])
				pids = append(pids, pid)
			}
		}
		return nil
	})
	if len(pids) == 0 {
		t.Fatalf("no process wrote its pid under %s", dir)
	}
	deadline := time.Now().Add(deadWait)
	for _, pid := range pids {
		for Alive(pid) {
			if time.Now().After(deadline) {
				t.Errorf("process %d still runs", pid)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}
