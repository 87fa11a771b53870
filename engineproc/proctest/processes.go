package proctest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Processes returns the processes, this one excepted, whose command line
// (its words each ended by a NUL, as /proc gives it) match takes; none
// where there is no /proc.
func Processes(match func(cmdline string) bool) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if match(string(cmdline)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// Named returns the processes, this one excepted, whose command line,
// its words joined by spaces with one after the last, contains s: as a
// hostile engine looks for its opponent by name.
func Named(s string) []int {
	return Processes(func(cmdline string) bool {
		return strings.Contains(strings.ReplaceAll(cmdline, "\x00", " "), s)
	})
}

// Started returns the processes, this one excepted, whose command line
// begins with words, each a whole word: the victims VictimPattern names,
// for a hostile engine written in Go. words[0] should be the program's
// absolute path, so that only the test's own build is named.
func Started(words ...string) []int {
	return Processes(func(cmdline string) bool { return BeginsWith(cmdline, words...) })
}

// BeginsWith reports whether cmdline, as /proc gives it (each word ended
// by a NUL), begins with words, each a whole word; never for no words.
func BeginsWith(cmdline string, words ...string) bool {
	return len(words) > 0 && strings.HasPrefix(cmdline, strings.Join(words, "\x00")+"\x00")
}
