// Package plural writes counts in English for messages: "1 ply" but
// "6 plies", "1 row" but "0 rows".
package plural

import "strconv"

// Of returns n followed by noun, with an s unless n is exactly one:
// Of(1, "row") is "1 row", Of(3, "row") is "3 rows".
func Of(n int, noun string) string {
	return Irregular(n, noun, noun+"s")
}

// Irregular is Of for a noun whose plural is not noun+"s":
// Irregular(2, "ply", "plies") is "2 plies".
func Irregular(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
