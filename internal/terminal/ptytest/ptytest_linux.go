// Package ptytest opens pseudo-terminals for tests of programs that
// behave differently at a terminal.
package ptytest

import (
	"os"
	"strconv"
	"syscall"
	"testing"
	"unsafe"
)

// Open opens a pseudo-terminal for a test, closed at its end: the
// controlling side, where the test types and reads what the program
// wrote, and the terminal side, the program's. It skips the test where
// the system has no pseudo-terminals.
func Open(t testing.TB) (control, tty *os.File) {
	t.Helper()
	control, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { control.Close() })
	unlock := int32(0)
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		t.Skipf("unlocking the pseudo-terminal: %v", errno)
	}
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, control.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Skipf("numbering the pseudo-terminal: %v", errno)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return control, tty
}
