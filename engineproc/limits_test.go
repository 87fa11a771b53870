package engineproc

import (
	"testing"
	"time"
)

func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{
		"4GiB": 4 << 30, "256MiB": 256 << 20, "512M": 512 << 20, "1.5GB": 1500000000, "1048576": 1 << 20,
		"8 GiB": 8 << 30, "100kB": 100000, "2K": 2048, "7B": 7,
	} {
		if got, err := ParseSize(s); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "GiB", "-1GiB", "0", "0.1", "4 gigs", "NaN", "Inf", "1e30"} {
		if got, err := ParseSize(s); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", s, got)
		}
	}
}

func TestFormatSize(t *testing.T) {
	for b, want := range map[int64]string{100: "100 B", 1536: "1.5 KiB", 256 << 20: "256 MiB", 4 << 30: "4 GiB"} {
		if got := FormatSize(b); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", b, got, want)
		}
	}
}

func TestMulticore(t *testing.T) {
	slack := float64(MulticoreSlack / time.Millisecond)
	for _, c := range []struct {
		u     Usage
		procs int
		want  bool
	}{
		{Usage{CPUMS: 1000, ThinkMS: 1000}, 1, false},
		{Usage{CPUMS: 1000 + slack, ThinkMS: 1000}, 1, false},
		{Usage{CPUMS: 1001 + slack, ThinkMS: 1000}, 1, true},
		{Usage{CPUMS: 1001 + slack, ThinkMS: 1000}, 2, false},
		{Usage{CPUMS: 2000, ThinkMS: 900}, 1, true},
	} {
		if got := c.u.Multicore(c.procs); got != c.want {
			t.Errorf("%+v over %d processes: multicore %v, want %v", c.u, c.procs, got, c.want)
		}
	}
	var sum Usage
	sum.Add(Usage{CPUMS: 1, WallMS: 2, ThinkMS: 3, PeakRSSKiB: 10})
	sum.Add(Usage{CPUMS: 1, WallMS: 2, ThinkMS: 3, PeakRSSKiB: 5, MemoryLimit: true})
	if want := (Usage{CPUMS: 2, WallMS: 4, ThinkMS: 6, PeakRSSKiB: 10, MemoryLimit: true}); sum != want {
		t.Errorf("sum %+v, want %+v", sum, want)
	}
}
