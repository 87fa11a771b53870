package terminal

import (
	"os"
	"syscall"
	"unsafe"
)

// Is reports whether f is a terminal: whether it answers the terminal's
// own request for its settings (TCGETS), which a pipe, a file or
// /dev/null (a character device too) refuse.
func Is(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
