package agent

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/mcts"
)

// checkedMoves lists the legal moves of p the slow way: every move code,
// the pass included, put to Position.Check, which validates a single move
// without the move generator. A pass is legal exactly when nothing else
// is, so the list is the pass alone or the moves alone, by cube and then
// direction, as Moves orders them.
func checkedMoves(p *einstein.Position) []einstein.Move {
	var ms []einstein.Move
	for n := 1; n <= einstein.Cubes; n++ {
		for d := einstein.Horizontal; d <= einstein.Diagonal; d++ {
			if m := einstein.MakeMove(n, d); p.Check(m) == nil {
				ms = append(ms, m)
			}
		}
	}
	if p.Check(einstein.Pass) == nil {
		ms = append(ms, einstein.Pass)
	}
	return ms
}

// TestGameAgreesWithRules plays 2,000 seeded random games through the
// adapter and checks after every ply that its moves are the legal moves
// (Check, move by move, forced passes included), that its Play is the
// rules' checked Play, and that at the end it has no move and scores the
// game for the side to move by who made the last move.
func TestGameAgreesWithRules(t *testing.T) {
	g := Game{}
	src := rand.NewPCG(13, 2018)
	passes := 0
	for i := range 2000 {
		p := einstein.New(einstein.RandomLayout(src))
		var lastMover einstein.Color
		for ply := 0; ; ply++ {
			got := g.Moves(&p, nil)
			if p.Over() {
				if len(got) != 0 {
					t.Fatalf("game %d: moves %v after the end", i, got)
				}
				want := -1
				if lastMover == p.ToMove() {
					want = 1
				}
				if s := g.Score(&p); s != want || p.Winner() != lastMover {
					t.Fatalf("game %d: score %d, winner %v; the last move was %v's, to move %v", i, s, p.Winner(), lastMover, p.ToMove())
				}
				break
			}
			if want := checkedMoves(&p); !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d: moves %v, want %v\n%v", i, ply, got, want, p)
			}
			if ply > maxPlies {
				t.Fatalf("game %d: longer than maxPlies %d", i, maxPlies)
			}
			m := got[src.Uint64()%uint64(len(got))]
			if m == einstein.Pass {
				passes++
			}
			lastMover = p.ToMove()
			want := p
			if err := want.Play(m); err != nil {
				t.Fatalf("game %d ply %d: %v", i, ply, err)
			}
			g.Play(&p, m)
			if p != want {
				t.Fatalf("game %d ply %d: Play %v gave\n%v\nwant\n%v", i, ply, m, p, want)
			}
		}
	}
	if passes == 0 {
		t.Error("no forced pass in 2,000 games: the test does not cover them")
	}
}

// refPlayout replays a playout of policy from p the slow way, drawing from
// r exactly as Game.Playout promises (one number for each move that is not
// forced), finding a winning move by playing every legal move on a copy
// and asking for the winner; it returns 1 if the side to move at p wins.
func refPlayout(p einstein.Position, policy Policy, r *mcts.RNG) int {
	me := p.ToMove()
	for !p.Over() {
		ms := checkedMoves(&p)
		var pick einstein.Move
		won := false
		if policy == WinFirst {
			for _, m := range ms {
				q := p
				if err := q.Play(m); err == nil && q.Winner() == p.ToMove() {
					pick, won = m, true
					break
				}
			}
		}
		switch {
		case won:
		case len(ms) == 1:
			pick = ms[0]
		default:
			pick = ms[r.Bounded(uint64(len(ms)))]
		}
		if err := p.Play(pick); err != nil {
			panic(err)
		}
	}
	if p.Winner() == me {
		return 1
	}
	return -1
}

// TestPlayoutReplays checks both policies' playouts from positions of
// random games against refPlayout: the same result from the same numbers,
// and the generator left in the same state (the same numbers drawn).
func TestPlayoutReplays(t *testing.T) {
	src := rand.NewPCG(7, 7)
	for _, policy := range []Policy{Uniform, WinFirst} {
		g := Game{Policy: policy}
		r := mcts.NewRNG(uint64(policy) + 1)
		wins := 0
		for i := range 100 {
			p := einstein.New(einstein.RandomLayout(src))
			for !p.Over() {
				ref := r
				want := refPlayout(p, policy, &ref)
				got := g.Playout(p, &r)
				if got != want || r != ref {
					t.Fatalf("%v, game %d ply %d: playout %d (generator %v), replay %d (%v)\n%v", policy, i, p.Ply(), got, r, want, ref, p)
				}
				wins += (got + 1) / 2
				p.PlayLegal(p.RandomMove(src))
			}
		}
		if wins == 0 {
			t.Errorf("%v: no playout won", policy)
		}
	}
}

// TestWinningMove checks winningMove on hand-made positions: a cube
// reaching the corner, the capture of the last cube, a capture that is not
// the last, and a forced pass.
func TestWinningMove(t *testing.T) {
	cases := []struct {
		name, rows, turn string
		want             string // "" for none
	}{
		{"red reaches (5,5)", "R3 . . . B4/. . . . ./. . . . ./. . . R1 B2/. . . . .", "turn 1 red", "13"},
		{"blue reaches (1,1)", ". B5 . . ./R1 . . . ./. . B3 . ./. . . R2 ./. . . . .", "turn 3 blue", "51"},
		{"blue takes the last red cube", ". . . . ./. . . . ./. . B3 . ./. . . R2 B1/. . . . .", "turn 1 blue", "11"},
		{"a capture that is not the last", ". . . . ./. . . . ./. . B3 R4 ./. . . R2 B1/. . . . .", "turn 1 blue", ""},
		{"a forced pass", "R1 . . . ./. . . . ./. . . . ./. . . . ./. . . . B4", "turn 2 red", ""},
	}
	for _, c := range cases {
		p := position(t, c.rows, c.turn)
		m, ok := winningMove(&p, p.Moves(nil))
		if got := map[bool]string{true: m.String(), false: ""}[ok]; got != c.want {
			t.Errorf("%s: winning move %q, want %q", c.name, got, c.want)
		}
	}
}

// TestPlayoutAllocs checks that a playout allocates nothing, under either
// policy.
func TestPlayoutAllocs(t *testing.T) {
	p := einstein.New(einstein.Layout{3, 6, 1, 4, 2, 5})
	for _, policy := range []Policy{Uniform, WinFirst} {
		g := Game{Policy: policy}
		r := mcts.NewRNG(1)
		if a := testing.AllocsPerRun(100, func() { g.Playout(p, &r) }); a != 0 {
			t.Errorf("%v: %v allocations per playout, want 0", policy, a)
		}
	}
}

// TestHash checks that positions one move apart, and the same board with
// the other side to move, hash differently, and that the hash depends on
// the position alone.
func TestHash(t *testing.T) {
	g := Game{}
	p := einstein.New(einstein.Layout{1, 2, 3, 4, 5, 6})
	seen := map[uint64]einstein.Move{g.Hash(&p): 0xff}
	for _, m := range p.Moves(nil) {
		q := p
		q.PlayLegal(m)
		h := g.Hash(&q)
		if prev, dup := seen[h]; dup {
			t.Errorf("after %v: the hash of another position (after %v)", m, prev)
		}
		seen[h] = m
		if c := q; g.Hash(&c) != h {
			t.Errorf("after %v: a copy hashes differently", m)
		}
	}
	a := position(t, "R1 . . . ./. . . . ./. . . . ./. . . . ./. . . . B1", "turn 1 red")
	b := position(t, "R1 . . . ./. . . . ./. . . . ./. . . . ./. . . . B1", "turn 1 blue")
	if g.Hash(&a) == g.Hash(&b) {
		t.Error("the side to move does not change the hash")
	}
}

func TestParsePolicy(t *testing.T) {
	for _, p := range []Policy{Uniform, WinFirst} {
		if got, err := ParsePolicy(p.String()); got != p || err != nil {
			t.Errorf("ParsePolicy(%q) = %v, %v", p.String(), got, err)
		}
	}
	if got, err := ParsePolicy(" Win-First "); got != WinFirst || err != nil {
		t.Errorf("ParsePolicy(\" Win-First \") = %v, %v", got, err)
	}
	if _, err := ParsePolicy("smart"); err == nil || err.Error() != `unknown playout policy "smart": want uniform or win-first` {
		t.Errorf("ParsePolicy(\"smart\"): %v", err)
	}
}
