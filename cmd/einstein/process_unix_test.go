//go:build unix

package main

import (
	"errors"
	"syscall"
)

// processGone reports nil when no process has the id pid, and otherwise
// what signal 0 to it said.
func processGone(pid int) error {
	err := syscall.Kill(pid, 0)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	if err == nil {
		return errors.New("signal 0 delivered")
	}
	return err
}
