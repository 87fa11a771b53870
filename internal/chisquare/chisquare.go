// Package chisquare measures how far counts of random draws are from
// uniform: the check the tests of the project's bounded random draws
// (internal/wyrand, internal/lemire) share.
package chisquare

import "math"

// Uniform returns Pearson's chi-square statistic of counts against equal
// expected counts (their mean), and a bound for it: df + 8*sqrt(2*df) + 1
// for df = len(counts)-1 degrees of freedom, eight standard deviations of
// the statistic above its mean (and 1 for a single bin). A fair draw with
// a fixed seed stays far below it; a biased one, such as a plain modulo of
// a few random bits, goes far above it.
func Uniform(counts []int) (stat, limit float64) {
	if len(counts) == 0 {
		return 0, 1
	}
	total := 0
	for _, c := range counts {
		total += c
	}
	expected := float64(total) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - expected
		stat += d * d / expected
	}
	df := float64(len(counts) - 1)
	return stat, df + 8*math.Sqrt(2*df) + 1
}
