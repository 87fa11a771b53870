package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/tcgothello/mcts/internal/cpuclock"
	"github.com/tcgothello/mcts/mcts"
	"github.com/tcgothello/mcts/samegame"
)

// shortSkip is why -short skips the longest single-threaded checks: the
// race detector slows them tenfold, to a quarter of a minute each, and
// finds nothing in code without goroutines that the plain run has not.
const shortSkip = "single-threaded and long under the race detector"

// standard returns the standard boards, read from the rules package's
// copy of the set.
func standard(tb testing.TB) []samegame.Board {
	tb.Helper()
	f, err := os.Open("../testdata/standard20.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	bs, err := samegame.ParseBoards(f, "standard20.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return bs
}

// randomBoard returns a full w x h board of up to colours colours.
func randomBoard(r *rand.Rand, w, h, colours int) samegame.Board {
	rows := make([]string, h)
	for y := range rows {
		row := make([]byte, w)
		for x := range row {
			row[x] = byte('0' + r.IntN(colours))
		}
		rows[y] = string(row)
	}
	return samegame.MustBoard(rows...)
}

// sameCells reports where g and b differ, or "".
func sameCells(g *grid, b *samegame.Board) string {
	for x := 0; x < samegame.MaxSize; x++ {
		for y := 0; y < samegame.MaxSize; y++ {
			want := b.At(x, y) + 1
			if int(g.cells[index(x, y)]) != want {
				return fmt.Sprintf("cell %v: grid %d, rules %d", samegame.Cell{Col: uint8(x), Row: uint8(y)}, g.cells[index(x, y)], want)
			}
		}
	}
	if int(g.cols) != b.Columns() || g.counts != [samegame.NumColours]uint16(toU16(b.Counts())) {
		return fmt.Sprintf("columns %d counts %v, rules %d %v", g.cols, g.counts, b.Columns(), b.Counts())
	}
	return ""
}

func toU16(c [samegame.NumColours]int) (out [samegame.NumColours]uint16) {
	for i, n := range c {
		out[i] = uint16(n)
	}
	return out
}

// TestGridMatchesRules plays random games on random boards of every shape
// and on standard boards with the search's grid and with the rules
// package side by side: at every ply the moves (representative, size,
// colour, order), the points and the position after the move must agree.
func TestGridMatchesRules(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	boards := standard(t)[:3]
	for range 300 {
		boards = append(boards, randomBoard(r, 1+r.IntN(samegame.MaxSize), 1+r.IntN(samegame.MaxSize), 1+r.IntN(6)))
	}
	var sc scratch
	for n, b := range boards {
		g := newGrid(&b)
		for ply := 0; ; ply++ {
			if d := sameCells(&g, &b); d != "" {
				t.Fatalf("board %d ply %d: %s", n, ply, d)
			}
			want := b.Moves(nil)
			got := g.moves(nil, &sc)
			if len(got) != len(want) {
				t.Fatalf("board %d ply %d: %d moves, rules %d", n, ply, len(got), len(want))
			}
			for i := range got {
				if cellOf(got[i].rep) != want[i].Cell || got[i].size != want[i].Size || got[i].colour != want[i].Colour {
					t.Fatalf("board %d ply %d move %d: %v size %d colour %d, rules %+v", n, ply, i, cellOf(got[i].rep), got[i].size, got[i].colour, want[i])
				}
			}
			if len(got) == 0 {
				if !b.Terminal() || g.endAdjustment(true) != b.EndAdjustment(true) || g.endAdjustment(false) != b.EndAdjustment(false) {
					t.Fatalf("board %d: end adjustments differ or rules not terminal", n)
				}
				break
			}
			k := r.IntN(len(got))
			p := g.play(got[k], &sc)
			if q, ok := b.Play(want[k].Cell); !ok || p != q {
				t.Fatalf("board %d ply %d: points %d, rules %d %v", n, ply, p, q, ok)
			}
		}
	}
}

// budgetConfig returns cfg for algorithm a, small enough for tests.
func budgetConfig(a Algorithm, seed uint64, penalty bool) Config {
	cfg := DefaultConfig()
	cfg.Algorithm, cfg.Seed, cfg.Penalty = a, seed, penalty
	cfg.Level, cfg.Iterations, cfg.Width, cfg.Plies = 1, 10, 4, 1
	return cfg
}

var algorithms = []Algorithm{NMCS, NRPA, SPMCTS, Beam, Depth}

// configs returns cfg, and for NRPA its variants in every option too
// (nrpaModes).
func configs(cfg Config) []Config {
	if cfg.Algorithm == NRPA {
		return nrpaModes(cfg)
	}
	return []Config{cfg}
}

// nrpaModes returns cfg and its variants in every NRPA option: the
// avoided colour weighted down instead of excluded, stabilized level 1,
// the cell code, the size bias (both signs), and level 2 with all of them.
func nrpaModes(cfg Config) []Config {
	tabuBias, stab, cell, small, large, all := cfg, cfg, cfg, cfg, cfg, cfg
	tabuBias.TabuBias = 0.1
	stab.Stabilize = 3
	cell.CellCode = true
	small.SizeBias = -0.2
	large.SizeBias = 0.2
	all.Level, all.Iterations, all.Stabilize, all.CellCode, all.SizeBias, all.TabuBias = 2, 4, 2, true, -0.1, 0.1
	return []Config{cfg, tabuBias, stab, cell, small, large, all}
}

// TestSequencesReplay: for every algorithm, with and without the penalty,
// on standard and random boards, the sequence returned replays with the
// rules package to the score returned, and ends the game.
func TestSequencesReplay(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	boards := []samegame.Board{standard(t)[0]}
	for range 6 {
		boards = append(boards, randomBoard(r, 2+r.IntN(7), 2+r.IntN(7), 2+r.IntN(3)))
	}
	boards = append(boards, samegame.MustBoard("12", "21"), samegame.MustBoard("11"))
	for _, a := range algorithms {
		for _, penalty := range []bool{false, true} {
			for n, b := range boards {
				budget := int64(300)
				if n == 0 {
					budget = 60
				}
				for k, cfg := range configs(budgetConfig(a, uint64(n), penalty)) {
					res, err := Search(context.Background(), b, cfg, Limits{Playouts: budget})
					if err != nil {
						t.Fatal(err)
					}
					score, over, err := samegame.Replay(b, res.Moves, penalty)
					if err != nil || !over || score != res.Score {
						t.Errorf("%v mode %d penalty %v board %d: %s scores %d over %v err %v; reported %d",
							a, k, penalty, n, samegame.FormatMoves(res.Moves), score, over, err, res.Score)
					}
				}
			}
		}
	}
}

// best returns the highest score reachable from b, by plain recursion
// over every move (no table, no bound): the reference for small boards.
func best(b samegame.Board, penalty bool) int {
	moves := b.Moves(nil)
	if len(moves) == 0 {
		return b.EndAdjustment(penalty)
	}
	top := -1 << 30
	for _, m := range moves {
		c := b
		p, _ := c.Play(m.Cell)
		top = max(top, p+best(c, penalty))
	}
	return top
}

// TestFindsOptimumOnSmallBoards: on small boards the Monte-Carlo
// algorithms, given a budget far above the number of lines, reach the
// exact best score, and none ever reports more than it. (NRPA without the
// colour avoidance: its every move comes from playouts, which never play
// the tabu colour early, and on a board of two or three colours the best
// line may have to.)
func TestFindsOptimumOnSmallBoards(t *testing.T) {
	if testing.Short() {
		t.Skip(shortSkip)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 12 {
		b := randomBoard(r, 3+r.IntN(2), 3+r.IntN(2), 2+r.IntN(2))
		want := best(b, false)
		for _, a := range algorithms {
			base := budgetConfig(a, uint64(n), false)
			base.Level, base.Plies, base.Width = 2, 3, 64
			base.Tabu = a != NRPA
			// NRPA: plain, and one of its options in turn (all of them
			// on every board would cost minutes under the race detector).
			cfgs := configs(base)
			if len(cfgs) > 2 {
				cfgs = []Config{cfgs[0], cfgs[1+n%(len(cfgs)-1)]}
			}
			for k, cfg := range cfgs {
				res, err := Search(context.Background(), b, cfg, Limits{Playouts: 20000})
				if err != nil {
					t.Fatal(err)
				}
				if res.Score > want || a != Depth && res.Score != want {
					t.Errorf("board %d %v mode %d: %d, exact best %d\n%s", n, a, k, res.Score, want, b.String())
				}
			}
		}
	}
}

// TestDeterministic: a fixed seed and budget give the same result twice.
func TestDeterministic(t *testing.T) {
	b := standard(t)[1]
	for _, a := range algorithms {
		for k, cfg := range configs(budgetConfig(a, 7, false)) {
			run := func() string {
				res, err := Search(context.Background(), b, cfg, Limits{Playouts: 200})
				if err != nil {
					t.Fatal(err)
				}
				return fmt.Sprint(res.Score, res.Moves, res.Playouts, res.Nodes)
			}
			if x, y := run(), run(); x != y {
				t.Errorf("%v mode %d: two runs differ:\n%s\n%s", a, k, x, y)
			}
		}
	}
}

// TestLongerNeverWorse: with the same seed, a larger budget repeats the
// smaller one's work and goes on, and the best sequence is kept, so it
// never scores less. (Not SP-MCTS: its budget is shared among the moves,
// so a larger one changes every search.)
func TestLongerNeverWorse(t *testing.T) {
	if testing.Short() {
		t.Skip(shortSkip)
	}
	b := standard(t)[2]
	for _, a := range []Algorithm{NMCS, NRPA, Beam, Depth} {
		for k, cfg := range configs(budgetConfig(a, 3, false)) {
			prev := -1 << 30
			for _, budget := range []int64{50, 200, 800} {
				res, err := Search(context.Background(), b, cfg, Limits{Playouts: budget})
				if err != nil {
					t.Fatal(err)
				}
				if res.Score < prev {
					t.Errorf("%v mode %d: budget %d scores %d, less than %d with less", a, k, budget, res.Score, prev)
				}
				prev = res.Score
			}
		}
	}
}

// TestStopsAtDeadline: every algorithm, with the default (large)
// configuration, returns soon after its deadline with a whole game.
func TestStopsAtDeadline(t *testing.T) {
	b := standard(t)[3]
	for _, a := range algorithms {
		cfg := DefaultConfig()
		cfg.Algorithm = a
		start := time.Now()
		res, err := Search(context.Background(), b, cfg, Limits{Deadline: start.Add(100 * time.Millisecond)})
		if err != nil {
			t.Fatal(err)
		}
		// Generous: the machine is shared (loads of 20 on 2 cores seen),
		// and SP-MCTS clears its arena first; a search that ignored its
		// deadline would run for many minutes.
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%v: returned after %v for a 100 ms deadline", a, el)
		}
		if _, over, err := samegame.Replay(b, res.Moves, false); err != nil || !over {
			t.Errorf("%v: not a whole game: %v %v", a, over, err)
		}
	}
}

// TestCPULimit: a search limited to 200 ms of CPU time uses about that
// much CPU time, however long it waits for a core (generous bounds: the
// machine is shared and the clock is read every few playouts).
func TestCPULimit(t *testing.T) {
	b := standard(t)[5]
	for _, a := range algorithms {
		cfg := DefaultConfig()
		cfg.Algorithm = a
		res, err := Search(context.Background(), b, cfg, Limits{CPU: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if res.CPU == 0 {
			t.Skip("no CPU time on this system")
		}
		if res.CPU < 150*time.Millisecond || res.CPU > time.Second {
			t.Errorf("%v: %v of CPU time for a limit of 200 ms", a, res.CPU)
		}
		if _, over, err := samegame.Replay(b, res.Moves, false); err != nil || !over {
			t.Errorf("%v: not a whole game: %v %v", a, over, err)
		}
	}
}

// TestBadInput: no limit, a negative budget and a bad configuration are
// errors.
func TestBadInput(t *testing.T) {
	b := standard(t)[0]
	ctx := context.Background()
	if _, err := Search(ctx, b, DefaultConfig(), Limits{}); err != ErrNoLimit {
		t.Errorf("no limit: %v", err)
	}
	if _, err := Search(ctx, b, DefaultConfig(), Limits{Playouts: -1}); err == nil {
		t.Error("negative budget: no error")
	}
	cfg := DefaultConfig()
	cfg.Level, cfg.Width = 0, 0
	if _, err := Search(ctx, b, cfg, Limits{Playouts: 10}); err == nil {
		t.Error("level 0, width 0: no error")
	}
	if _, err := ParseAlgorithm("mcts"); err == nil {
		t.Error("ParseAlgorithm(mcts): no error")
	}
}

// TestPlayoutAllocatesNothing: the playout, the inner loop of every
// algorithm, allocates nothing.
func TestPlayoutAllocatesNothing(t *testing.T) {
	s := newSearcher(context.Background(), standard(t)[0], DefaultConfig(), time.Time{}, 0)
	if n := testing.AllocsPerRun(20, func() { s.playout(&s.root, 0) }); n != 0 {
		t.Fatalf("%v allocations a playout", n)
	}
}

// BenchmarkPlayout: one colour-avoiding playout from standard board 1,
// its move drawn by probing random cells first (the default, 8 probes)
// and by listing every move (0), in wall and CPU time
// (docs/samegame.md quotes both).
func BenchmarkPlayout(bm *testing.B) {
	for _, probes := range []int{DefaultConfig().Probes, 0} {
		bm.Run(fmt.Sprintf("probes=%d", probes), func(bm *testing.B) {
			cfg := DefaultConfig()
			cfg.Probes = probes
			s := newSearcher(context.Background(), standard(bm)[0], cfg, time.Time{}, 0)
			bm.ReportAllocs()
			clock := cpuclock.Start()
			for bm.Loop() {
				s.playout(&s.root, 0)
			}
			clock.Report(bm, "playouts/s")
		})
	}
}

// BenchmarkMoves: the groups of standard board 1.
func BenchmarkMoves(bm *testing.B) {
	b := standard(bm)[0]
	g := newGrid(&b)
	var sc scratch
	buf := make([]group, 0, samegame.MaxMoves)
	bm.ReportAllocs()
	for bm.Loop() {
		buf = g.moves(buf[:0], &sc)
	}
}

// BenchmarkPolicyPlayout: one NRPA playout from standard board 1 with an
// empty policy.
func BenchmarkPolicyPlayout(bm *testing.B) {
	s := newSearcher(context.Background(), standard(bm)[0], DefaultConfig(), time.Time{}, 0)
	st := s.newNRPAState()
	r := newRollout()
	bm.ReportAllocs()
	clock := cpuclock.Start()
	for bm.Loop() {
		s.policyPlayout(st, st.zero, &r)
	}
	clock.Report(bm, "playouts/s")
}

// TestBeamByEvaluation: the beam valued by the evaluation instead of
// playouts returns sequences that replay to their score, is exact on
// small boards (its passes widen until none drops a position), and is
// deterministic.
func TestBeamByEvaluation(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := range 8 {
		b := randomBoard(r, 3+r.IntN(2), 3+r.IntN(2), 2+r.IntN(2))
		for _, penalty := range []bool{false, true} {
			cfg := budgetConfig(Beam, uint64(n), penalty)
			cfg.BeamPlayouts = false
			res, err := Search(context.Background(), b, cfg, Limits{Playouts: 1_000_000})
			if err != nil {
				t.Fatal(err)
			}
			score, over, err := samegame.Replay(b, res.Moves, penalty)
			if err != nil || !over || score != res.Score || res.Score != best(b, penalty) {
				t.Errorf("board %d penalty %v: %s replays to %d (over %v, %v), reported %d, exact best %d",
					n, penalty, samegame.FormatMoves(res.Moves), score, over, err, res.Score, best(b, penalty))
			}
		}
	}
	b := standard(t)[4]
	cfg := budgetConfig(Beam, 1, false)
	cfg.BeamPlayouts = false
	var prev string
	for range 2 {
		res, err := Search(context.Background(), b, cfg, Limits{Playouts: 20_000})
		if err != nil {
			t.Fatal(err)
		}
		if score, over, err := samegame.Replay(b, res.Moves, false); err != nil || !over || score != res.Score {
			t.Fatalf("standard board 5: replays to %d (over %v, %v), reported %d", score, over, err, res.Score)
		}
		got := fmt.Sprint(res.Score, res.Moves, res.Nodes)
		if prev != "" && got != prev {
			t.Errorf("two runs differ:\n%s\n%s", prev, got)
		}
		prev = got
	}
}

// TestAdaptMatchesRosin: NRPA's adaptation, which keeps exp(w) and
// multiplies, gives the weights of Rosin's pseudocode written plainly
// (log weights in a map, a copy of the policy changed while the old one
// gives the probabilities), on random rollouts whose steps share codes,
// with and without prior biases (tabu and size) in the probabilities.
func TestAdaptMatchesRosin(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := range 50 {
		ref := map[uint32]float64{}
		pol := make(policy, 1<<policyBits)
		for i := range pol {
			pol[i] = 1
		}
		for range 30 {
			c := uint32(r.IntN(40))
			ref[c] = r.NormFloat64()
			pol[c] = math.Exp(ref[c])
		}
		// Each candidate's prior bias beta (generalised NRPA), as a log:
		// none, or a tabu bias of 0.1 on some and a size-like bias on all.
		ro := newRollout()
		var betas []float64
		for range 1 + r.IntN(20) {
			ro.offsets = append(ro.offsets, int32(len(ro.legal)))
			n := 1 + r.IntN(8)
			for range n {
				beta := 0.0
				if trial%2 == 1 {
					beta = -0.3 * float64(r.IntN(10))
					if r.IntN(3) == 0 {
						beta += math.Log(0.1) // a move of the avoided colour
					}
				}
				ro.legal = append(ro.legal, uint32(r.IntN(40)))
				ro.prior = append(ro.prior, math.Exp(beta))
				betas = append(betas, beta)
			}
			ro.chosen = append(ro.chosen, ro.legal[len(ro.legal)-1-r.IntN(n)])
		}
		ro.offsets = append(ro.offsets, int32(len(ro.legal)))
		alpha := 0.5 + r.Float64()
		// Rosin's adapt, literally, with the bias in the probabilities
		// (generalised NRPA): p(i) = exp(w + beta) / z.
		next := map[uint32]float64{}
		for c, w := range ref {
			next[c] = w
		}
		for step, chosen := range ro.chosen {
			next[chosen] += alpha
			lo, hi := ro.offsets[step], ro.offsets[step+1]
			z := 0.0
			for i := lo; i < hi; i++ {
				z += math.Exp(ref[ro.legal[i]] + betas[i])
			}
			for i := lo; i < hi; i++ {
				next[ro.legal[i]] -= alpha * math.Exp(ref[ro.legal[i]]+betas[i]) / z
			}
		}
		s := newSearcher(context.Background(), standard(t)[0], DefaultConfig(), time.Time{}, 0)
		s.cfg.Alpha = alpha
		s.adapt(&nrpaState{}, pol, &ro)
		for c := uint32(0); c < 40; c++ {
			if want := math.Exp(next[c]); math.Abs(pol[c]-want) > 1e-9*want {
				t.Fatalf("trial %d code %d: exp(w) %v, Rosin's %v", trial, c, pol[c], want)
			}
		}
	}
}

// groupCells returns the grid indices of the cells of the group at
// column x, row y of b, by a plain recursive fill over the rules' board:
// an independent account of a group's cells.
func groupCells(b *samegame.Board, x, y int, seen map[[2]int]bool) []int {
	key := [2]int{x, y}
	if seen[key] {
		return nil
	}
	seen[key] = true
	out := []int{index(x, y)}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nx, ny := x+d[0], y+d[1]
		if nx >= 0 && nx < b.Columns() && ny >= 0 && ny < b.ColumnHeight(nx) && b.At(nx, ny) == b.At(x, y) {
			out = append(out, groupCells(b, nx, ny, seen)...)
		}
	}
	return out
}

// TestCellCodeNamesTheCells: NRPA's cell code of every move of random
// games on random boards is the hash of the group's colour and of the
// cells a plain fill over the rules' board finds, so the code reads the
// moved group's cells and no others; and two moves of one position
// (different cells) rarely share a code.
func TestCellCodeNamesTheCells(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	cfg := DefaultConfig()
	cfg.CellCode = true
	st := &nrpaState{}
	st.cellKeys = make([]uint64, gridCells)
	for i := range st.cellKeys {
		st.cellKeys[i] = mcts.Mix(uint64(i+1) << 8)
	}
	var sc scratch
	moves, same, total := 0, 0, 0
	for n := range 40 {
		b := randomBoard(r, 2+r.IntN(14), 2+r.IntN(14), 2+r.IntN(4))
		g := newGrid(&b)
		for {
			got := g.moves(nil, &sc)
			if len(got) == 0 {
				break
			}
			codes := map[uint32]bool{}
			for _, m := range got {
				c := cellOf(m.rep)
				h := uint64(m.colour)
				for _, i := range groupCells(&b, int(c.Col), int(c.Row), map[[2]int]bool{}) {
					h += st.cellKeys[i]
				}
				if want, code := uint32(mcts.Mix(h)>>(64-policyBits)), st.cellCode(m, &sc); code != want {
					t.Fatalf("board %d move %v: cell code %d, of the group's cells %d", n, c, code, want)
				}
				same += boolInt(codes[st.cellCode(m, &sc)])
				codes[st.cellCode(m, &sc)] = true
				moves++
			}
			total += len(got)
			k := r.IntN(len(got))
			g.play(got[k], &sc)
			b.Play(cellOf(got[k].rep))
		}
	}
	if moves < 1000 || same*100 > total {
		t.Errorf("%d moves checked; %d of %d moves shared a code with another of their position", moves, same, total)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
