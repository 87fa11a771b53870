package tournament

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// testOpenings returns k distinct openings: the first k legal three-ply
// sequences starting f5.
func testOpenings(t *testing.T, k int) []Opening {
	t.Helper()
	var out []Opening
	f5 := othello.MoveAt(4, 5)
	p1 := othello.Start().Play(f5)
	for m := othello.Move(0); m < othello.Pass; m++ {
		if !p1.IsLegal(m) {
			continue
		}
		p2 := p1.Play(m)
		for n := othello.Move(0); n < othello.Pass && len(out) < k; n++ {
			if p2.IsLegal(n) {
				out = append(out, Opening{Moves: []othello.Move{f5, m, n}})
			}
		}
	}
	if len(out) < k {
		t.Fatalf("only %d openings, want %d", len(out), k)
	}
	return out
}

func TestScheduleCounts(t *testing.T) {
	ops := testOpenings(t, 3)
	cases := []struct {
		mode          Mode
		n, rounds     int
		games, perEng int // games in all; games of each non-first engine
	}{
		{RoundRobin, 3, 1, 6, 4},
		{RoundRobin, 4, 2, 24, 12},
		{Gauntlet, 4, 1, 6, 2},
		{Gauntlet, 5, 3, 24, 6},
		{RoundRobin, 2, 5, 10, 10},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/%d/%d", c.mode, c.n, c.rounds), func(t *testing.T) {
			s := Schedule(c.mode, c.n, c.rounds, ops, 7)
			if len(s) != c.games {
				t.Fatalf("%d games, want %d", len(s), c.games)
			}
			black := make([]int, c.n)
			white := make([]int, c.n)
			pairs := map[[2]int]int{}
			for i, p := range s {
				if p.Game != i+1 {
					t.Errorf("game %d numbered %d", i+1, p.Game)
				}
				if p.Black == p.White {
					t.Errorf("game %d: engine %d plays itself", p.Game, p.Black)
				}
				if c.mode == Gauntlet && p.Black != 0 && p.White != 0 {
					t.Errorf("gauntlet game %d pairs %d and %d, want engine 0 in every game", p.Game, p.Black, p.White)
				}
				black[p.Black]++
				white[p.White]++
				pairs[[2]int{p.Black, p.White}]++
			}
			for e := 1; e < c.n; e++ {
				if black[e] != white[e] || black[e]+white[e] != c.perEng {
					t.Errorf("engine %d: %d black, %d white; want %d each", e, black[e], white[e], c.perEng/2)
				}
			}
			if black[0] != white[0] {
				t.Errorf("engine 0: %d black, %d white; want as many", black[0], white[0])
			}
			// Every pair meets equally often with each colour.
			for k, v := range pairs {
				if v != c.rounds || pairs[[2]int{k[1], k[0]}] != c.rounds {
					t.Errorf("pair %v: %d games one way, %d the other; want %d each", k, v, pairs[[2]int{k[1], k[0]}], c.rounds)
				}
			}
			if want := len(Pairs(c.mode, c.n)) * 2; len(pairs) != want {
				t.Errorf("%d ordered pairs, want %d", len(pairs), want)
			}
		})
	}
}

// Within a round every game plays the same opening, and the two games of a
// pair swap colours.
func TestScheduleOpeningsAndSeeds(t *testing.T) {
	ops := testOpenings(t, 4)
	s := Schedule(RoundRobin, 3, 8, ops, 42)
	byRound := map[int]int{}
	var order []int
	for _, p := range s {
		o, ok := byRound[p.Round]
		if !ok {
			byRound[p.Round] = p.Opening
			order = append(order, p.Opening)
		} else if o != p.Opening {
			t.Errorf("round %d plays openings %d and %d, want one", p.Round, o, p.Opening)
		}
		if !slices.Equal(p.Moves, ops[p.Opening].Moves) {
			t.Errorf("game %d: moves %v, want opening %d's", p.Game, p.Moves, p.Opening)
		}
	}
	// Rounds 1-4 use each opening once; 5-8 repeat the same order.
	first := slices.Clone(order[:4])
	slices.Sort(first)
	if !slices.Equal(first, []int{0, 1, 2, 3}) || !slices.Equal(order[:4], order[4:]) {
		t.Errorf("opening order %v, want a permutation of 0..3 repeated", order)
	}
	seeds := map[uint64]bool{}
	for _, p := range s {
		for _, v := range []uint64{p.BlackSeed, p.WhiteSeed} {
			if v == 0 || seeds[v] {
				t.Errorf("game %d: seed %d is zero or repeated", p.Game, v)
			}
			seeds[v] = true
		}
	}
}

// The seed fixes the schedule: the same seed gives the same one, another
// seed another opening order and other engine seeds.
func TestScheduleSeed(t *testing.T) {
	ops := testOpenings(t, 8)
	a := Schedule(RoundRobin, 3, 8, ops, 1)
	b := Schedule(RoundRobin, 3, 8, ops, 1)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("two schedules with seed 1 differ")
	}
	differ := 0
	for seed := uint64(2); seed < 6; seed++ {
		c := Schedule(RoundRobin, 3, 8, ops, seed)
		if c[0].BlackSeed == a[0].BlackSeed {
			t.Errorf("seed %d gives the same engine seed as seed 1", seed)
		}
		for i := range c {
			if c[i].Opening != a[i].Opening {
				differ++
				break
			}
		}
	}
	// 8! orders: four seeds all giving seed 1's order would be a bug.
	if differ == 0 {
		t.Error("seeds 2..5 all give seed 1's opening order")
	}
}

func TestParseMode(t *testing.T) {
	for s, want := range map[string]Mode{"round-robin": RoundRobin, "rr": RoundRobin, "gauntlet": Gauntlet} {
		if got, err := ParseMode(s); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %v, %v; want %v", s, got, err, want)
		}
		if got, _ := ParseMode(want.String()); got != want {
			t.Errorf("ParseMode(%v.String()) = %v", want, got)
		}
	}
	if _, err := ParseMode("swiss"); err == nil {
		t.Error("ParseMode(swiss) succeeded, want an error")
	}
}

// A schedule with more rounds starts with the shorter one, so a finished
// tournament can be extended with more rounds.
func TestScheduleExtends(t *testing.T) {
	ops := testOpenings(t, 5)
	short := Schedule(Gauntlet, 4, 3, ops, 11)
	long := Schedule(Gauntlet, 4, 7, ops, 11)
	if fmt.Sprint(long[:len(short)]) != fmt.Sprint(short) {
		t.Error("the 7-round schedule does not start with the 3-round one")
	}
}

// Nearby tournament seeds must not hand out the same engine seeds shifted
// by a game or two: with the tournament seed added to the game number
// before mixing, seed s game g+1 equalled seed s+2 game g.
func TestScheduleNearbySeedsShareNoEngineSeed(t *testing.T) {
	ops := testOpenings(t, 4)
	for _, s := range []uint64{0, 1, 7, 1 << 40} {
		seen := map[uint64]string{}
		for _, seed := range []uint64{s, s + 1, s + 2} {
			for _, p := range Schedule(RoundRobin, 4, 4, ops, seed) {
				for c, z := range []uint64{p.BlackSeed, p.WhiteSeed} {
					where := fmt.Sprintf("seed %d game %d colour %d", seed, p.Game, c)
					if other, ok := seen[z]; ok {
						t.Fatalf("%s and %s share engine seed %d", where, other, z)
					}
					seen[z] = where
				}
			}
		}
	}
}

// TestCheckSize checks the bound against the schedules themselves: a
// size CheckSize allows has as many games as rounds times its games a
// round, and the first round beyond MaxGames is refused, as are rounds
// whose product would overflow.
func TestCheckSize(t *testing.T) {
	openings := []Opening{{Moves: []othello.Move{othello.MoveAt(5, 4)}}}
	for _, c := range []struct {
		mode      Mode
		n, rounds int
	}{{RoundRobin, 2, 1}, {RoundRobin, 3, 2}, {RoundRobin, 5, 3}, {Gauntlet, 4, 2}, {Gauntlet, 2, 5}, {RoundRobin, 1, 4}, {RoundRobin, 3, 0}} {
		if err := CheckSize(c.mode, c.n, c.rounds); err != nil {
			t.Errorf("CheckSize(%v, %d, %d) = %v, want nil", c.mode, c.n, c.rounds, err)
		}
		if got, want := len(Schedule(c.mode, c.n, c.rounds, openings, 1)), c.rounds*gamesPerRound(c.mode, c.n); got != want {
			t.Errorf("%v of %d engines, %d rounds: %d games scheduled, gamesPerRound says %d", c.mode, c.n, c.rounds, got, want)
		}
	}
	for _, c := range []struct {
		mode      Mode
		n, rounds int
		ok        bool
	}{
		{RoundRobin, 3, MaxGames / 6, true}, // 999,996 games
		{RoundRobin, 3, MaxGames/6 + 1, false},
		{Gauntlet, 3, MaxGames / 4, true}, // exactly MaxGames
		{Gauntlet, 3, MaxGames/4 + 1, false},
		{RoundRobin, 2000, 1, false}, // 3,998,000 games in one round
		{RoundRobin, 4, math.MaxInt, false},
		{RoundRobin, 4, -1, false},
	} {
		if err := CheckSize(c.mode, c.n, c.rounds); (err == nil) != c.ok {
			t.Errorf("CheckSize(%v, %d, %d) = %v, want ok %v", c.mode, c.n, c.rounds, err, c.ok)
		}
	}
}
