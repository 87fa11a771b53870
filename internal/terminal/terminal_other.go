//go:build !linux

package terminal

import "os"

// Is reports whether f is a terminal. Off Linux it says no: a program
// then never prompts, which is right for a pipe and costs a person only
// the prompt.
func Is(f *os.File) bool { return false }
