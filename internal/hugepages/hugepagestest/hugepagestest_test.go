package hugepagestest

import (
	"reflect"
	"strings"
	"testing"
)

// smapsSample is a hand-written /proc/self/smaps of three mappings, in the
// kernel's format: a file mapping, an anonymous one advised to huge pages
// ("hg") and one that is not; field lines that look like ranges or carry
// dashes must not be taken for mappings.
const smapsSample = `55d0c0a00000-55d0c0b00000 r-xp 00000000 08:01 1234    /usr/bin/some-program
Size:               1024 kB
Rss:                 800 kB
THPeligible:    0
VmFlags: rd ex mr mw me dw sd
7f0000000000-7f0004000000 rw-p 00000000 00:00 0 
Size:              65536 kB
Rss:               65536 kB
AnonHugePages:     63488 kB
THPeligible:    1
VmFlags: rd wr mr mw me ac sd hg
7f0004000000-7f0004200000 rw-p 00000000 00:00 0 
Size:               2048 kB
VmFlags: rd wr mr mw me ac sd nh
`

// TestReadMappings checks the smaps parser on smapsSample.
func TestReadMappings(t *testing.T) {
	got, err := ReadMappings(strings.NewReader(smapsSample))
	if err != nil {
		t.Fatal(err)
	}
	want := []Mapping{
		{0x55d0c0a00000, 0x55d0c0b00000, false},
		{0x7f0000000000, 0x7f0004000000, true},
		{0x7f0004000000, 0x7f0004200000, false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("mappings %+v, want %+v", got, want)
	}
	if _, err := ReadMappings(strings.NewReader("VmFlags: rd wr hg\n")); err == nil {
		t.Errorf("VmFlags before any mapping: no error")
	}
}
