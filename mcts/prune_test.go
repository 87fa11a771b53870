package mcts

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestMeanStdErr compares the running-sum statistics with a direct two-pass
// computation on rewards that include draws and disc-difference fractions.
func TestMeanStdErr(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for _, n := range []int{2, 3, 10, 1000, 100_000} {
		xs := make([]float64, n)
		var sum, sumSq float64
		for i := range xs {
			switch r.IntN(3) {
			case 0:
				xs[i] = float64(r.IntN(3)) / 2 // 0, 0.5, 1
			default:
				xs[i] = float64(r.IntN(129)) / 128
			}
			sum += xs[i]
			sumSq += xs[i] * xs[i]
		}
		var mean float64
		for _, x := range xs {
			mean += x
		}
		mean /= float64(n)
		var ss float64
		for _, x := range xs {
			ss += (x - mean) * (x - mean)
		}
		wantSE := math.Sqrt(ss / float64(n-1) / float64(n))
		gotMean, gotSE := meanStdErr(sum, sumSq, uint32(n))
		if math.Abs(gotMean-mean) > 1e-12 || math.Abs(gotSE-wantSE) > 1e-9*max(1, wantSE) {
			t.Errorf("n=%d: got mean %v σ %v, want %v %v", n, gotMean, gotSE, mean, wantSE)
		}
	}
	// Three results 0, 0.5, 1: mean 0.5, sample variance 0.25, σ = sqrt(0.25/3).
	if m, se := meanStdErr(1.5, 1.25, 3); m != 0.5 || math.Abs(se-math.Sqrt(0.25/3)) > 1e-15 {
		t.Errorf("0, 0.5, 1: got mean %v σ %v, want 0.5 %v", m, se, math.Sqrt(0.25/3))
	}
	if _, se := meanStdErr(1, 1, 1); !math.IsInf(se, 1) {
		t.Errorf("one result: got σ %v, want +Inf", se)
	}
	if m, se := meanStdErr(0, 0, 0); m != 0 || !math.IsInf(se, 1) {
		t.Errorf("no result: got mean %v σ %v, want 0 +Inf", m, se)
	}
}

// child is a root child for the prune unit tests: n results with the given
// mean and standard deviation of the mean.
type child struct {
	mean, se float64
	n        uint32
}

// pruneRoot runs one pruning pass over a root whose children have the given
// statistics, and reports which were pruned.
func pruneRoot(t *testing.T, children []child) ([]bool, pruneResult) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Pruning, cfg.PruneMinVisits, cfg.ArenaNodes = true, 2, 1<<10
	s, err := New[treeState, uint8Move](treeGame{branching: 4, depth: 6}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.nodes[0] = node[uint8Move]{first: 1, nchild: uint8(len(children))}
	for i, c := range children {
		v := float64(c.n)
		variance := c.se * c.se * v
		s.nodes[1+i] = node[uint8Move]{visits: c.n, sum: c.mean * v, move: uint8Move(i)}
		s.sumSq[1+i] = (v-1)*variance + v*c.mean*c.mean
		if m, se := meanStdErr(s.nodes[1+i].sum, s.sumSq[1+i], c.n); math.Abs(m-c.mean) > 1e-12 || math.Abs(se-c.se) > 1e-6 {
			t.Fatalf("child %d: built mean %v σ %v, want %v %v", i, m, se, c.mean, c.se)
		}
	}
	res := s.prune(0)
	pruned := make([]bool, len(children))
	for i := range children {
		pruned[i] = s.nodes[1+i].flags&flagPruned != 0
	}
	return pruned, res
}

// TestPruneReference checks the rule of issue 3 with r_d = 2: a move is
// pruned when its upper bound is below the lower bound of the move best by
// mean, not below the highest lower bound of any move. Move 0 is best by
// mean with a wide interval (lower bound 0.52); move 1 has the highest lower
// bound (0.558); move 2 (upper bound 0.534) is below move 1's lower bound but
// not below move 0's, so it stays; move 3 (upper bound 0.44) goes.
func TestPruneReference(t *testing.T) {
	pruned, res := pruneRoot(t, []child{
		{mean: 0.6, se: 0.04, n: 100},
		{mean: 0.56, se: 0.001, n: 100},
		{mean: 0.53, se: 0.002, n: 100},
		{mean: 0.4, se: 0.02, n: 100},
	})
	want := []bool{false, false, false, true}
	if !reflect.DeepEqual(pruned, want) || res.remaining != 3 || res.allEqual {
		t.Errorf("got pruned %v, %d remaining, all equal %v; want %v, 3, false", pruned, res.remaining, res.allEqual, want)
	}
}

// TestPruneAllEqual checks the σ_e rule: moves whose σ are below σ_e count
// as equal only when no two of them are separable, even when none can be
// pruned against the best move.
func TestPruneAllEqual(t *testing.T) {
	for _, tc := range []struct {
		name     string
		children []child
		want     bool
	}{
		{"same mean, no spread", []child{{0.6, 0, 100}, {0.6, 0, 100}, {0.6, 0, 100}}, true},
		// Best 0.6 ± 2·0.0009 (lower 0.5982); 0.599 and 0.5985 both reach it,
		// but 0.599 - 0 > 0.5985 + 0: those two are separable.
		{"two separable", []child{{0.6, 0.0009, 10000}, {0.599, 0, 100}, {0.5985, 0, 100}}, false},
		{"spread above σ_e", []child{{0.6, 0.002, 10000}, {0.6, 0, 100}}, false},
	} {
		pruned, res := pruneRoot(t, tc.children)
		if res.allEqual != tc.want || res.remaining != len(tc.children) {
			t.Errorf("%s: got all equal %v, %d remaining (pruned %v); want %v, %d", tc.name, res.allEqual, res.remaining, pruned, tc.want, len(tc.children))
		}
	}
}
