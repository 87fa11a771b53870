//go:build unix

package proctest

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// Alive reports whether process pid runs. A zombie (dead, not yet reaped
// by whoever inherited it) counts as ended.
func Alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc: trust the signal
	}
	// The state follows the command name in parentheses.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// killPid kills process pid, if it is still there.
func killPid(pid int) { syscall.Kill(pid, syscall.SIGKILL) }
