package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// onlyWin lists positions where exactly one move wins and every other move
// loses; TestOnlyWinningMove proves that with the exact solver before
// searching. They were found among random endgames, from a last-empty-square
// decision up to ten empty squares and nine moves.
var onlyWin = []struct {
	board string
	turn  othello.Color
	name  string
}{
	{"OOOOOOO-OOXOOOOOOXOXOXOOXOXOXXXX-XOXXXXXOOXXOOXXOXXOXXOXXXOOOOOO", othello.Black, "2 empties"},
	{"XXX-OOOOXX-XOOXXXXXXOOOXXXXXOOXXXXOXXOXXXOOOOXXXXOXXOOXXOOOOOO-X", othello.White, "3 empties"},
	{"XXXXXXXXXXXOOO--XOOOOO-OXOXOXOO-XXOXXOOXXXOXOOOXXXOOXXOXXXOOOOOO", othello.Black, "4 empties"},
	{"OOOOOXX--OXOOOXOOOOXXOOOXOXXXXOOXOOXXOOOXOXOXOX-XXXXXXXXX--XXOO-", othello.Black, "6 empties"},
	{"XXXO-XXOOOOOXXXOOOOXXOXOOOXOOOXXOOOXXOXXXOXOXXOXXXO-OX-X---O--XX", othello.Black, "8 empties"},
	{"X--X----OOOXXXO-OOXXXXOXOOOOOXXXOOXOOXXXOOOOXXOXXOOXXOO--OOOOOO-", othello.Black, "10 empties"},
}

// TestOnlyWinningMove checks that the search finds the only winning move,
// with a modest budget, under several seeds and both algorithms.
func TestOnlyWinningMove(t *testing.T) {
	for _, tc := range onlyWin {
		pos := mustParse(t, tc.board, tc.turn)
		mv := solveMoves(pos)
		win, unique := uniqueBest(mv, sign)
		if !unique || cmp.Compare(solve(pos.Player, pos.Opponent), 0) != 1 {
			t.Fatalf("%s: exact values %v: want exactly one winning move", tc.name, mv)
		}
		for _, x := range mv {
			if x.move != win && x.value >= 0 {
				t.Fatalf("%s: exact values %v: want every other move to lose", tc.name, mv)
			}
		}
		for _, alg := range []Algorithm{UCT, UCB} {
			for seed := uint64(1); seed <= 3; seed++ {
				cfg := testConfig()
				cfg.Algorithm, cfg.Seed = alg, seed
				res, err := newSearcher(t, cfg).Search(context.Background(), pos, Limits{Playouts: 20_000})
				if err != nil {
					t.Fatalf("%s %v seed %d: %v", tc.name, alg, seed, err)
				}
				if res.Move != win {
					t.Errorf("%s %v seed %d: got %v, want the only win %v (exact %v; %v)", tc.name, alg, seed, res.Move, win, mv, res.Stats)
				}
			}
		}
	}
}

// TestNeverIllegal is the property test: many seeded searches from random
// positions, under every algorithm, with pruning on and off and with a
// tiny arena, each return a legal move (a pass exactly when forced).
func TestNeverIllegal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type variant struct {
		alg     Algorithm
		pruning bool
		arena   int
	}
	var variants []variant
	for _, alg := range []Algorithm{UCT, UCB} {
		for _, pruning := range []bool{false, true} {
			for _, arena := range []int{MinArenaNodes, 1 << 12} {
				variants = append(variants, variant{alg, pruning, arena})
			}
		}
	}
	searchers := make([]*Searcher, len(variants))
	for i, v := range variants {
		cfg := DefaultConfig()
		cfg.Algorithm, cfg.Pruning, cfg.ArenaNodes = v.alg, v.pruning, v.arena
		cfg.ExpandVisits, cfg.PruneMinVisits, cfg.PruneNodeVisits, cfg.PruneEvery = 1, 8, 40, 4
		searchers[i] = newSearcher(t, cfg)
	}
	const positions = 120
	pruned := 0
	for i := 0; i < positions; i++ {
		pos, _ := randomPosition(r, r.IntN(61))
		if pos.GameOver() {
			continue
		}
		for j, s := range searchers {
			s.cfg.Seed = r.Uint64()
			res, err := s.Search(context.Background(), pos, Limits{Playouts: 300})
			if err != nil {
				t.Fatalf("%+v on %v: %v", variants[j], pos, err)
			}
			if !pos.IsLegal(res.Move) {
				t.Fatalf("%+v on %v: got illegal move %v", variants[j], pos, res.Move)
			}
			if (res.Move == othello.Pass) != pos.MustPass() {
				t.Fatalf("%+v on %v: got %v, must pass %v", variants[j], pos, res.Move, pos.MustPass())
			}
			if res.Stats.Playouts > 300 || res.Stats.Nodes > variants[j].arena {
				t.Fatalf("%+v: got %d playouts, %d nodes: over budget 300 or arena %d", variants[j], res.Stats.Playouts, res.Stats.Nodes, variants[j].arena)
			}
			if len(res.Stats.PV) == 0 || res.Stats.PV[0] != res.Move {
				t.Fatalf("%+v: PV %v does not start with the move %v", variants[j], res.Stats.PV, res.Move)
			}
			checkPV(t, pos, res.Stats.PV)
			pruned += res.Stats.Pruned
		}
	}
	if pruned == 0 {
		t.Errorf("no move was ever pruned: the pruning variants were not exercised")
	}
}

// checkPV plays the principal variation from pos, failing on an illegal move.
func checkPV(t *testing.T, pos othello.Position, pv []othello.Move) {
	t.Helper()
	for i, m := range pv {
		if !pos.IsLegal(m) {
			t.Fatalf("PV %v: move %d (%v) is illegal", pv, i+1, m)
		}
		pos = pos.Play(m)
	}
}

// TestSingleMove checks that a forced move or a forced pass is answered at
// once, without a playout.
func TestSingleMove(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var one, pass othello.Position
	haveOne, havePass := false, false
	for i := 0; i < 20000 && !(haveOne && havePass); i++ {
		pos, _ := randomPosition(r, r.IntN(40))
		switch n := popcount(pos.Moves()); {
		case n == 1 && !haveOne:
			one, haveOne = pos, true
		case n == 0 && !pos.GameOver() && !havePass:
			pass, havePass = pos, true
		}
	}
	if !haveOne || !havePass {
		t.Fatalf("found single move %v, forced pass %v: want both", haveOne, havePass)
	}
	s := newSearcher(t, testConfig())
	for _, tc := range []struct {
		pos  othello.Position
		want othello.Move
	}{
		{one, othello.Move(othello.NthBit(one.Moves(), 0))},
		{pass, othello.Pass},
	} {
		res, err := s.Search(context.Background(), tc.pos, Limits{Playouts: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Move != tc.want || res.Stats.Playouts != 0 || res.Stats.Stopped != StopSingleMove {
			t.Errorf("%v: got %v after %d playouts, stopped %q; want %v at once (%q)",
				tc.pos, res.Move, res.Stats.Playouts, res.Stats.Stopped, tc.want, StopSingleMove)
		}
		// Nothing was searched, so the log line must not show a win rate of 0.
		if line := res.Stats.String(); !strings.Contains(line, " forced ") || strings.Contains(line, "winrate") {
			t.Errorf("%v: Stats.String() = %q: want \"forced\" and no win rate", tc.pos, line)
		}
	}
}

// TestSearchErrors checks that bad input is an error, not a panic or a move.
func TestSearchErrors(t *testing.T) {
	s := newSearcher(t, testConfig())
	start := othello.Start()
	ctx := context.Background()
	if _, err := s.Search(ctx, start, Limits{}); !errors.Is(err, ErrNoLimit) {
		t.Errorf("no limit: got %v, want %v", err, ErrNoLimit)
	}
	if _, err := s.Search(ctx, start, Limits{Playouts: -1}); err == nil {
		t.Errorf("negative budget: got no error")
	}
	bad := othello.Position{Player: 1, Opponent: 1}
	if _, err := s.Search(ctx, bad, Limits{Playouts: 10}); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("overlapping discs: got %v, want %v", err, ErrInvalidPosition)
	}
	bad = start
	bad.Turn = 7
	if _, err := s.Search(ctx, bad, Limits{Playouts: 10}); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("colour 7 to move: got %v, want %v", err, ErrInvalidPosition)
	}
	// A nil context must not crash the search.
	if res, err := s.Search(nil, start, Limits{Playouts: 10}); err != nil || !start.IsLegal(res.Move) { //nolint:staticcheck // SA1012 on purpose
		t.Errorf("nil context: got %v, %v; want a legal move", res.Move, err)
	}
	// A context with a deadline is a limit of its own.
	dctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if res, err := s.Search(dctx, start, Limits{}); err != nil || res.Stats.Stopped != StopDeadline {
		t.Errorf("context deadline only: got %v, stopped %q; want a search stopped by %q", err, res.Stats.Stopped, StopDeadline)
	}
}

// TestDeterministic checks that seed + budget give the same result run to
// run, from a fresh Searcher or a reused one, with a deadline far away or
// none, and that the seed matters.
func TestDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, alg := range []Algorithm{UCT, UCB} {
		for _, pruning := range []bool{false, true} {
			cfg := testConfig()
			cfg.Algorithm, cfg.Pruning, cfg.Seed = alg, pruning, 42
			cfg.PruneMinVisits, cfg.PruneNodeVisits = 20, 200
			pos, _ := randomPosition(r, 40)
			lim := Limits{Playouts: 5000}
			a := newSearcher(t, cfg)
			first, err := a.Search(context.Background(), pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			// Reuse a on another position, then search again with a far deadline.
			other, _ := randomPosition(r, 30)
			if _, err := a.Search(context.Background(), other, lim); err != nil {
				t.Fatal(err)
			}
			lim2 := Limits{Playouts: 5000, Deadline: time.Now().Add(time.Hour)}
			again, err := a.Search(context.Background(), pos, lim2)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := newSearcher(t, cfg).Search(context.Background(), pos, lim)
			if err != nil {
				t.Fatal(err)
			}
			for _, got := range []Result{again, fresh} {
				if d := diffResults(first, got); d != "" {
					t.Errorf("%v pruning %v: runs differ: %s", alg, pruning, d)
				}
			}
			differs := false
			for seed := uint64(43); seed < 48 && !differs; seed++ {
				cfg.Seed = seed
				res, err := newSearcher(t, cfg).Search(context.Background(), pos, lim)
				if err != nil {
					t.Fatal(err)
				}
				differs = diffResults(first, res) != ""
			}
			if !differs {
				t.Errorf("%v pruning %v: five other seeds gave exactly the same search: the seed is ignored", alg, pruning)
			}
		}
	}
}

// diffResults describes how two results differ in anything but timing.
func diffResults(a, b Result) string {
	a.Stats.Elapsed, b.Stats.Elapsed = 0, 0
	a.Stats.PlayoutsPerSecond, b.Stats.PlayoutsPerSecond = 0, 0
	if reflect.DeepEqual(a, b) {
		return ""
	}
	return "got " + b.Move.String() + " " + b.Stats.String() + ", want " + a.Move.String() + " " + a.Stats.String()
}

// TestDeadline checks that a search without a budget stops at its deadline,
// within a generous bound (this is a correctness test, not a speed test),
// and that cancellation stops it too.
func TestDeadline(t *testing.T) {
	const wait = 100 * time.Millisecond
	const slack = 400 * time.Millisecond // race detector, a loaded machine
	for _, alg := range []Algorithm{UCT, UCB} {
		cfg := testConfig()
		cfg.Algorithm = alg
		s := newSearcher(t, cfg)
		start := time.Now()
		res, err := s.Search(context.Background(), othello.Start(), Limits{Deadline: start.Add(wait)})
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if took < wait || took > wait+slack || res.Stats.Stopped != StopDeadline || res.Stats.Playouts == 0 {
			t.Errorf("%v: took %v, %d playouts, stopped %q; want %v..%v, some playouts, %q",
				alg, took, res.Stats.Playouts, res.Stats.Stopped, wait, wait+slack, StopDeadline)
		}
		if !othello.Start().IsLegal(res.Move) {
			t.Errorf("%v: illegal move %v", alg, res.Move)
		}

		ctx, cancel := context.WithCancel(context.Background())
		timer := time.AfterFunc(wait, cancel)
		start = time.Now()
		res, err = s.Search(ctx, othello.Start(), Limits{Deadline: start.Add(time.Hour)})
		took = time.Since(start)
		timer.Stop()
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if took > wait+slack || res.Stats.Stopped != StopCancelled {
			t.Errorf("%v cancelled: took %v, stopped %q; want at most %v, %q", alg, took, res.Stats.Stopped, wait+slack, StopCancelled)
		}
	}
	// A deadline already past still gives a legal move, at once.
	s := newSearcher(t, testConfig())
	res, err := s.Search(context.Background(), othello.Start(), Limits{Deadline: time.Now().Add(-time.Second)})
	if err != nil || !othello.Start().IsLegal(res.Move) || res.Stats.Stopped != StopDeadline {
		t.Errorf("past deadline: got %v, %v, stopped %q; want a legal move, %q", res.Move, err, res.Stats.Stopped, StopDeadline)
	}
}

// TestArenaFull checks that a search whose arena fills up keeps playing out
// from the leaves it has, spends its whole budget and stays in the arena.
func TestArenaFull(t *testing.T) {
	cfg := testConfig()
	cfg.ArenaNodes, cfg.ExpandVisits = 200, 1
	s := newSearcher(t, cfg)
	const budget = 20_000
	res, err := s.Search(context.Background(), othello.Start(), Limits{Playouts: budget})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Stats
	if !st.ArenaFull || st.Nodes > cfg.ArenaNodes || st.Playouts != budget || st.Stopped != StopPlayouts {
		t.Errorf("got full %v, %d nodes, %d playouts, stopped %q; want full, at most %d nodes, %d playouts, %q",
			st.ArenaFull, st.Nodes, st.Playouts, st.Stopped, cfg.ArenaNodes, budget, StopPlayouts)
	}
	if !othello.Start().IsLegal(res.Move) {
		t.Errorf("illegal move %v", res.Move)
	}
	var visits int64
	for _, m := range st.RootMoves {
		visits += m.Visits
	}
	if visits != budget {
		t.Errorf("root moves have %d visits in all, want %d: playouts were lost", visits, budget)
	}
}

// TestStatsConsistent checks the statistics against each other.
func TestStatsConsistent(t *testing.T) {
	cfg := testConfig()
	res, err := newSearcher(t, cfg).Search(context.Background(), othello.Start(), Limits{Playouts: 10_000})
	if err != nil {
		t.Fatal(err)
	}
	st := res.Stats
	var visits int64
	var chosen MoveStats
	for _, m := range st.RootMoves {
		visits += m.Visits
		if m.Move == res.Move {
			chosen = m
		}
	}
	if visits != st.Playouts || st.Playouts != 10_000 {
		t.Errorf("root visits %d, playouts %d: want both 10000", visits, st.Playouts)
	}
	for _, m := range st.RootMoves {
		if m.Visits > chosen.Visits {
			t.Errorf("move %v has %d visits, more than the chosen %v's %d: not the robust child", m.Move, m.Visits, res.Move, chosen.Visits)
		}
	}
	if st.Visits != chosen.Visits || st.WinRate != chosen.Mean || st.WinRate <= 0 || st.WinRate >= 1 {
		t.Errorf("got visits %d win rate %v, want the chosen move's %d and %v, strictly between 0 and 1", st.Visits, st.WinRate, chosen.Visits, chosen.Mean)
	}
	if st.MaxDepth < 3 || len(st.PV) < 2 || len(st.PV) > st.MaxDepth || st.Nodes <= len(st.RootMoves) {
		t.Errorf("depth %d, PV %v, nodes %d: want a tree at least 3 deep, a PV of 2 or more no deeper than it", st.MaxDepth, st.PV, st.Nodes)
	}
	line := st.String()
	for _, want := range []string{"playouts 10000", "nodes ", "depth ", "pruned 0", "winrate ", "pv " + pvText(st.PV), `stopped "playouts"`} {
		if !strings.Contains(line, want) {
			t.Errorf("Stats.String() = %q: want it to contain %q", line, want)
		}
	}
}

// TestZeroSearcher checks that a Searcher not made by New fails cleanly.
func TestZeroSearcher(t *testing.T) {
	var s Searcher
	if _, err := s.Search(context.Background(), othello.Start(), Limits{Playouts: 10}); !errors.Is(err, ErrNotReady) {
		t.Errorf("zero Searcher: got %v, want %v", err, ErrNotReady)
	}
	var nilS *Searcher
	if _, err := nilS.Search(context.Background(), othello.Start(), Limits{Playouts: 10}); !errors.Is(err, ErrNotReady) {
		t.Errorf("nil Searcher: got %v, want %v", err, ErrNotReady)
	}
}

// TestStatsJSON checks that statistics can be logged as JSON even when some
// moves have no visits (no infinities or NaNs).
func TestStatsJSON(t *testing.T) {
	s := newSearcher(t, testConfig())
	for _, lim := range []Limits{{Deadline: time.Now().Add(-time.Second)}, {Playouts: 5}, {Playouts: 2000}} {
		res, err := s.Search(context.Background(), othello.Start(), lim)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := json.Marshal(res.Stats); err != nil {
			t.Errorf("%+v: json.Marshal(Stats) = %v, want no error", lim, err)
		}
	}
}

// TestWipeOutInOne checks a wipe-out in one, the first example of a
// forced win: X (black) e4 g4, O (white) f5 e6, X to move. d7 captures f5
// and e6 along the diagonal to g4, leaving O no disc: the game ends 5-0. The
// only other move, g6, captures f5 alone, and the exact solver shows that X
// then does not win. The board is sparse but its game tree is tiny, so the
// test proves all of this before searching.
func TestWipeOutInOne(t *testing.T) {
	pos := mustParse(t, "----------------------------X-X------O------O-------------------", othello.Black)
	wipe, err := othello.ParseSquare("d7")
	if err != nil {
		t.Fatal(err)
	}
	if got := popcount(pos.Moves()); got != 2 {
		t.Fatalf("%v: %d legal moves, want 2", pos, got)
	}
	for m := pos.Moves(); m != 0; m &= m - 1 {
		mv := othello.Move(othello.NthBit(m, 0))
		next := pos.Play(mv)
		wipes := next.Player == 0 // after the move, the player to move is O
		if wipes != (mv == wipe) {
			t.Fatalf("%v: move %v leaves O %d discs; want a wipe-out exactly for %v", pos, mv, popcount(next.Player), wipe)
		}
		if v := -solve(next.Player, next.Opponent); mv != wipe && v > 0 {
			t.Fatalf("%v: move %v has exact value %+d: want it not to win", pos, mv, v)
		}
	}
	for _, alg := range []Algorithm{UCT, UCB} {
		for seed := uint64(1); seed <= 3; seed++ {
			cfg := testConfig()
			cfg.Algorithm, cfg.Seed = alg, seed
			res, err := newSearcher(t, cfg).Search(context.Background(), pos, Limits{Playouts: 5_000})
			if err != nil {
				t.Fatalf("%v seed %d: %v", alg, seed, err)
			}
			if res.Move != wipe {
				t.Errorf("%v seed %d: got %v, want the wipe-out %v (%v)", alg, seed, res.Move, wipe, res.Stats)
			}
		}
	}
}

// TestPruningInTree checks that pruning also happens below the root: with
// a small PruneNodeVisits, more moves are pruned in all than the root's
// pruned moves (summed over the positions: a search that the root's pruning
// stops early may end before any inner node is judged), and the principal
// variation stays a legal line.
func TestPruningInTree(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	cfg := pruningConfig()
	cfg.PruneMinVisits, cfg.PruneNodeVisits = 50, 500
	s := newSearcher(t, cfg)
	searched, inTree := 0, 0
	var log []string
	for i := 0; i < 20 && searched < 5; i++ {
		pos, ok := randomPosition(r, 24)
		if !ok || popcount(pos.Moves()) < 2 {
			continue
		}
		searched++
		res, err := s.Search(context.Background(), pos, Limits{Playouts: 50_000})
		if err != nil {
			t.Fatal(err)
		}
		atRoot := 0
		for _, m := range res.Stats.RootMoves {
			if m.Pruned {
				atRoot++
			}
		}
		inTree += res.Stats.Pruned - atRoot
		log = append(log, fmt.Sprintf("%v: %d pruned, %d at the root (%v)", pos, res.Stats.Pruned, atRoot, res.Stats))
		checkPV(t, pos, res.Stats.PV)
	}
	if searched == 0 {
		t.Fatalf("no position with two moves or more found: the test proves nothing")
	}
	if inTree <= 0 {
		t.Errorf("no move pruned below the root in %d searches:\n%s", searched, strings.Join(log, "\n"))
	}
}

// pvText is the principal variation as Stats.String writes it: the moves
// separated by spaces.
func pvText(pv []othello.Move) string {
	words := make([]string, len(pv))
	for i, m := range pv {
		words[i] = m.String()
	}
	return strings.Join(words, " ")
}
