package eval

import "sync"

// layout maps between a phase's raw table, which features index directly
// (one weight per configuration of every class, 167,266 in all), and its
// canonical weights, the free parameters stored in files (one per class of
// configurations equal under the class's symmetry, 113,878 in all).
type layout struct {
	// canonical lists, in file order, the raw offset of each canonical
	// weight: class by class, configurations in increasing raw index,
	// the bias last.
	canonical []uint32
	// expand gives, for each raw offset, the number of its canonical weight.
	expand []uint32
	// partner gives, for each raw offset, the raw offset of its symmetric
	// configuration (itself when there is none or it is its own image).
	partner []uint32
}

// theLayout is built on first use and read-only afterwards; a program that
// never loads weights never pays for it.
var theLayout = sync.OnceValue(buildLayout)

// buildLayout computes the layout from the class table.
func buildLayout() *layout {
	l := &layout{expand: make([]uint32, rawStride), partner: make([]uint32, rawStride)}
	for ci := range classes {
		c := &classes[ci]
		for idx := uint32(0); idx < c.size(); idx++ {
			p := c.partner(idx)
			l.partner[c.offset+idx] = c.offset + p
			if idx <= p {
				l.expand[c.offset+idx] = uint32(len(l.canonical))
				l.canonical = append(l.canonical, c.offset+idx)
			} else {
				// p < idx, so p's canonical number is already known.
				l.expand[c.offset+idx] = l.expand[c.offset+p]
			}
		}
	}
	l.partner[offBias] = offBias
	l.expand[offBias] = uint32(len(l.canonical))
	l.canonical = append(l.canonical, offBias)
	return l
}

// CanonicalWeights is the number of free weights per phase, as files store
// them (checked by TestLayoutSizes).
const CanonicalWeights = 113878

// MaxPhases is the largest number of phases: one per ply of a game.
const MaxPhases = 60

// PhaseOf returns the phase (0..phases-1) of a position with discs discs
// (4..64) under an evaluation of phases phases (1..MaxPhases): the 60
// plies of a game are cut into phases equal runs (the last phase also takes
// the full board, which only an exact score needs); fewer than 4 discs
// cannot occur and count as the first phase.
func PhaseOf(discs, phases int) int {
	ply := max(discs-4, 0)
	return min(ply*phases/MaxPhases, phases-1)
}

// phaseOffsets returns, for every disc count 0..64, the offset of its
// phase's raw table in a table of phases phases.
func phaseOffsets(phases int) (t [65]uint32) {
	for discs := range t {
		t[discs] = uint32(PhaseOf(discs, phases) * rawStride)
	}
	return t
}
