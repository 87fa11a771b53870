package faultmeter

import (
	"os"
	"runtime"
	"testing"
)

// touchBytes is the memory TestMeterCountsFirstTouches touches: 64 MiB,
// 16,384 small pages or 32 huge ones.
const touchBytes = 64 << 20

// touch writes one byte in every small page of b.
func touch(b []byte) {
	page := os.Getpagesize()
	for i := 0; i < len(b); i += page {
		b[i] = 1
	}
}

// TestMeterCountsFirstTouches checks that a section which allocates and
// first touches 64 MiB counts at least one fault per 2 MiB (the largest
// page the kernel may give it), and that touching the same memory again
// counts far fewer: the pages are resident now.
func TestMeterCountsFirstTouches(t *testing.T) {
	var first, again Meter
	HandBackMemory()
	first.Start()
	b := make([]byte, touchBytes)
	touch(b)
	first.Stop()
	if !first.ok {
		t.Skip("this system does not report page faults (getrusage)")
	}
	again.Start()
	touch(b)
	again.Stop()
	runtime.KeepAlive(b)
	if min := int64(touchBytes / (2 << 20)); first.Faults() < min {
		t.Errorf("first touch of %d MiB: %d faults, want at least %d", touchBytes>>20, first.Faults(), min)
	}
	if again.Faults() >= first.Faults()/2 {
		t.Errorf("second touch of the same memory: %d faults, first touch %d; want under half", again.Faults(), first.Faults())
	}
}

// TestMeterAddsSections checks that a Meter adds its sections up: two
// sections of first touches count at least what each would alone.
func TestMeterAddsSections(t *testing.T) {
	var m Meter
	var keep [][]byte
	for range 2 {
		HandBackMemory()
		m.Start()
		b := make([]byte, touchBytes)
		touch(b)
		m.Stop()
		keep = append(keep, b)
	}
	if !m.ok {
		t.Skip("this system does not report page faults (getrusage)")
	}
	runtime.KeepAlive(keep)
	if min := int64(2 * touchBytes / (2 << 20)); m.Faults() < min {
		t.Errorf("two sections touching %d MiB each: %d faults, want at least %d", touchBytes>>20, m.Faults(), min)
	}
}
