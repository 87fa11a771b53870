package player

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// The Thinker ponders: the front ends find it through the interface.
var _ thinking.Ponderer = Thinker{}

// reusedOf reads the visits a search kept from the tree before it ("reused
// N" in its summary; none when the line does not say).
func reusedOf(t *testing.T, summary string) int64 {
	t.Helper()
	m := regexp.MustCompile(`\breused (\d+)`).FindStringSubmatch(summary)
	if m == nil {
		return 0
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPonderGrowsTheNextTree plays the same first move with two thinkers
// of the same seed; one of them ponders the opponent's position before the
// opponent's reply arrives. The next search of the one that pondered must
// start from more visits below that reply than the other's, which keeps
// only what its first search left there.
func TestPonderGrowsTheNextTree(t *testing.T) {
	const budget = 2000
	first := func(th Thinker) *othello.Game {
		g := othello.NewGame()
		r, err := th.Think(context.Background(), g.Clone())
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(r.Move); err != nil {
			t.Fatal(err)
		}
		return g
	}
	next := func(th Thinker, g *othello.Game, reply othello.Move) int64 {
		if err := g.Play(reply); err != nil {
			t.Fatal(err)
		}
		r, err := th.Think(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		return reusedOf(t, r.Summary)
	}

	ponderer := newThinker(t, 7, budget, 0)
	g := first(ponderer)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	p, err := ponderer.Ponder(ctx, g.Clone())
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	if p.Playouts < 1 || !g.Position().IsLegal(p.Move) {
		t.Fatalf("pondering ran %d playouts and would reply %v: want some, and a legal reply", p.Playouts, p.Move)
	}
	// The reply pondering expects: the one it searched most.
	withPonder := next(ponderer, g, p.Move)

	plain := newThinker(t, 7, budget, 0)
	withoutPonder := next(plain, first(plain), p.Move)
	t.Logf("visits kept below the reply: %d after pondering %d playouts, %d without", withPonder, p.Playouts, withoutPonder)
	if withPonder <= withoutPonder {
		t.Errorf("the search after pondering kept %d visits, without pondering %d: want more (pondered %d playouts)",
			withPonder, withoutPonder, p.Playouts)
	}
}

// TestPonderNeedsReuse checks that a Thinker that keeps no tree refuses to
// ponder, since the next search would throw its work away.
func TestPonderNeedsReuse(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.ArenaNodes, cfg.Reuse = 1<<16, false
	s, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if _, err := (Thinker{searcher: s}).Ponder(ctx, othello.NewGame()); !errors.Is(err, ErrPonderNoReuse) {
		t.Errorf("Ponder without reuse: %v, want %v", err, ErrPonderNoReuse)
	}
}
