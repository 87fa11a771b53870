//go:build !linux

package main

// hostileMode: the hostile fake engines attack the sandbox, which exists
// on Linux only (sandbox_linux_test.go); elsewhere no mode is hostile.
func hostileMode(mode, ip, port string) bool { return false }
