//go:build !unix

package procgroup

import "os/exec"

// Own does nothing here: process groups are a Unix notion.
func Own(*exec.Cmd) {}

// Kill kills the started command alone.
func Kill(cmd *exec.Cmd) {
	cmd.Process.Kill()
}
