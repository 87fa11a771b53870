package engineproc

import "strconv"

// cpusText writes a --engine-cpus value: "1 core", "2 cores".
func cpusText(n int) string {
	if n == 1 {
		return "1 core"
	}
	return strconv.Itoa(n) + " cores"
}
