// Package hugepagestest checks, in tests, what package hugepages asked of
// the kernel: that a slice's whole pages, and only they, are advised to
// transparent huge pages (from /proc/self/smaps), and how much of a range
// of memory is resident (from /proc/self/pagemap). Both are Linux files;
// elsewhere the checks skip the test.
package hugepagestest

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Mapping is one mapping of /proc/self/smaps: its address range and
// whether it is advised to huge pages (the "hg" flag of VmFlags).
type Mapping struct {
	Start, End uintptr
	Huge       bool
}

// ReadMappings parses the text of /proc/self/smaps.
func ReadMappings(r io.Reader) ([]Mapping, error) {
	var maps []Mapping
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "VmFlags:" {
			if len(maps) == 0 {
				return nil, fmt.Errorf("smaps: VmFlags before any mapping")
			}
			for _, flag := range fields[1:] {
				if flag == "hg" {
					maps[len(maps)-1].Huge = true
				}
			}
			continue
		}
		// A mapping's first line starts with its range, "start-end";
		// the lines of its fields start with "Name:".
		lo, hi, ok := strings.Cut(fields[0], "-")
		if !ok || strings.HasSuffix(fields[0], ":") {
			continue
		}
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		maps = append(maps, Mapping{Start: uintptr(start), End: uintptr(end)})
	}
	return maps, sc.Err()
}
