package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// dumpTree writes the subtree below node n, depth first, with every
// node's statistics and flags but not its arena index: two trees with the
// same dump hold the same search.
func dumpTree(s *Searcher, n uint32, b *strings.Builder) {
	nd := &s.nodes[n]
	fmt.Fprintf(b, "(%d %d %g %g %d", nd.move, nd.visits, nd.sum, nd.sumSq, nd.flags&^flagPruned)
	for i := uint32(0); i < uint32(nd.nchild); i++ {
		dumpTree(s, nd.first+i, b)
	}
	b.WriteString(")")
}

// countNodes returns the number of nodes in the subtree below n.
func countNodes(s *Searcher, n uint32) uint32 {
	nd := &s.nodes[n]
	count := uint32(1)
	for i := uint32(0); i < uint32(nd.nchild); i++ {
		count += countNodes(s, nd.first+i)
	}
	return count
}

// TestReuseKeepsSubtree plays seeded games in which every move is
// searched, one side's moves being the search's and the other's random:
// each time the new position follows from the last search, the subtree
// kept must be the old one exactly, packed at the front of the arena.
func TestReuseKeepsSubtree(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	cfg := testConfig()
	cfg.ArenaNodes = 1 << 18
	s := newSearcher(t, cfg)
	kept := 0
	for game := 0; game < 6; game++ {
		g := othello.NewGame()
		s.Reset()
		for !g.Over() {
			pos := g.Position()
			if moves := pos.Moves(); popcount(moves) < 2 {
				// Search answers these without a tree, as here.
				m := othello.Pass
				if moves != 0 {
					m = othello.Move(popcount((moves & -moves) - 1))
				}
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				continue
			}
			var want strings.Builder
			var wantNodes uint32
			if c, ok := s.descendant(pos); ok && s.treeValid && s.nodes[c].nchild > 0 {
				dumpTree(s, c, &want)
				wantNodes = countNodes(s, c)
			}
			s.begin(pos) // what Search does first: keep the subtree if it can
			reused := s.reused
			if want.Len() > 0 {
				var got strings.Builder
				dumpTree(s, 0, &got)
				if reused == 0 || got.String()[strings.IndexByte(got.String(), ' '):] != want.String()[strings.IndexByte(want.String(), ' '):] {
					t.Fatalf("game %d, %s: the kept subtree differs from the old one", game, g.Record())
				}
				if s.used != wantNodes {
					t.Fatalf("game %d: %d arena nodes in use after the move, want the subtree's %d", game, s.used, wantNodes)
				}
				kept++
			} else if reused != 0 {
				t.Fatalf("game %d, %s: reused %d visits from no subtree", game, g.Record(), reused)
			}
			// Grow the kept tree as Search would, so that the next move
			// keeps a tree that was itself kept and then grown.
			for i := 0; i < 3000; i++ {
				s.iterate()
			}
			c, ok := s.bestChild(0)
			if !ok {
				t.Fatalf("no child at the root: %v nchild %d flags %b reused %d", pos, s.nodes[0].nchild, s.nodes[0].flags, reused)
			}
			res := Result{Move: s.nodes[c].move}
			m := res.Move
			if pos.Turn == othello.White { // white plays at random
				m = randomLegal(r, pos)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if kept < 50 {
		t.Errorf("kept a subtree %d times in 6 games; want most moves", kept)
	}
}

func randomLegal(r *rand.Rand, pos othello.Position) othello.Move {
	moves := pos.Moves()
	if moves == 0 {
		return othello.Pass
	}
	var list []othello.Move
	for ; moves != 0; moves &= moves - 1 {
		list = append(list, othello.Move(popcount((moves&-moves)-1)))
	}
	return list[r.IntN(len(list))]
}

// TestReuseInSearch checks what Search reports and when it starts afresh:
// a grandchild keeps visits, the same position or an unrelated one does
// not, nor does a search after Reset or with Reuse off.
func TestReuseInSearch(t *testing.T) {
	cfg := testConfig()
	s := newSearcher(t, cfg)
	start := othello.Start()
	r1, err := s.Search(context.Background(), start, Limits{Playouts: 20000})
	if err != nil {
		t.Fatal(err)
	}
	after := start.Play(r1.Move)
	reply := othello.Move(popcount((after.Moves() & -after.Moves()) - 1))
	next := after.Play(reply)
	r2, err := s.Search(context.Background(), next, Limits{Playouts: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Stats.ReusedVisits == 0 || !next.IsLegal(r2.Move) {
		t.Errorf("grandchild: reused %d visits, move %v; want visits kept and a legal move", r2.Stats.ReusedVisits, r2.Move)
	}
	for _, c := range []struct {
		name  string
		pos   othello.Position
		reset bool
	}{
		{"same position", next, false},
		{"unrelated", start, false},
		{"after Reset", next.Play(othello.Move(popcount((next.Moves() & -next.Moves()) - 1))), true},
	} {
		if c.reset {
			s.Reset()
		}
		r, err := s.Search(context.Background(), c.pos, Limits{Playouts: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stats.ReusedVisits != 0 {
			t.Errorf("%s: reused %d visits, want a fresh tree", c.name, r.Stats.ReusedVisits)
		}
	}
	cfg.Reuse = false
	off := newSearcher(t, cfg)
	if _, err := off.Search(context.Background(), start, Limits{Playouts: 5000}); err != nil {
		t.Fatal(err)
	}
	r, err := off.Search(context.Background(), next, Limits{Playouts: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.ReusedVisits != 0 {
		t.Errorf("Reuse off: reused %d visits", r.Stats.ReusedVisits)
	}
}
