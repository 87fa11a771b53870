package build

import (
	"bytes"
	"context"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/othello/othellotest"
)

// after and sq set up positions and moves from their names.
var (
	after = othellotest.After
	sq    = othellotest.Square
)

// TestNextDropOut follows drop-out expansion by hand on a small book.
func TestNextDropOut(t *testing.T) {
	b := book.New()
	add := func(moves string, ms ...any) {
		var bm []book.Move
		for i := 0; i < len(ms); i += 2 {
			bm = append(bm, book.Move{Move: sq(t, ms[i].(string)), Value: ms[i+1].(float64)})
		}
		if err := b.Add(after(t, moves), bm); err != nil {
			t.Fatal(err)
		}
	}
	add("", "f5", 0.0)
	// The four first moves are one position: the next is the one after f5,
	// at one ply's cost.
	p, cost, ok := Next(b, 14, 2)
	if !ok || canonicalKey(p) != canonicalKey(after(t, "f5")) || cost != 2 {
		t.Fatalf("next %v at %v (%v), want the position after f5 at 2", p, cost, ok)
	}
	add("f5", "d6", 1.0, "f6", 0.0, "f4", -2.0)
	if _, _, ok := Next(b, 1, 2); ok {
		t.Error("max ply 1: a position was offered")
	}
	// White's best is d6: cost 2 + 0 + 2.
	p, cost, _ = Next(b, 14, 2)
	if canonicalKey(p) != canonicalKey(after(t, "f5d6")) || cost != 4 {
		t.Fatalf("next %v at %v, want f5d6 at 4", p, cost)
	}
	add("f5d6", "c3", -1.0, "c5", -1.5)
	// f5f6 costs 2 + 1 + 2 = 5, f5d6c3 4 + 0 + 2 = 6: the near-best
	// second move comes first.
	p, cost, _ = Next(b, 14, 2)
	if canonicalKey(p) != canonicalKey(after(t, "f5f6")) || cost != 5 {
		t.Fatalf("next %v at %v, want f5f6 at 5", p, cost)
	}
	// With a large cost per ply the shallow moves come first, f5f4 too.
	add("f5f6", "e6", 0.0)
	p, cost, _ = Next(b, 14, 10)
	if canonicalKey(p) != canonicalKey(after(t, "f5f4")) || cost != 23 {
		t.Fatalf("depth cost 10: next %v at %v, want f5f4 at 23", p, cost)
	}
}

// fakeValuer values each move by a hash of the position it leads to,
// within ±5 discs: deterministic, and cheap.
func fakeValuer(ctx context.Context, p othello.Position) ([]book.Move, error) {
	var out []book.Move
	for m := p.Moves(); m != 0; m &= m - 1 {
		mv := othello.Move(bits.TrailingZeros64(m))
		k := canonicalKey(p.Play(mv))
		h := (k.Player*0x9e3779b97f4a7c15 ^ k.Opponent) * 0xbf58476d1ce4e5b9
		out = append(out, book.Move{Move: mv, Value: float64(h>>40%1001)/100 - 5})
	}
	return out, nil
}

func TestRunResumes(t *testing.T) {
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Playouts: 1, Seed: 3, MaxPly: 6, Positions: 40, DepthCost: 1, Weights: w}
	dir := t.TempDir()
	whole, stopped := filepath.Join(dir, "whole.book"), filepath.Join(dir, "stopped.book")
	build := func(path string, positions int) {
		t.Helper()
		c := cfg
		c.Positions = positions
		b, f, err := OpenFile(path, c, func(s string) { t.Log(s) })
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var last Progress
		if err := Run(context.Background(), b, fakeValuer, c, f, func(p Progress) { last = p }); err != nil {
			t.Fatal(err)
		}
		if b.Len() != positions || last.Positions != positions || last.Ply > cfg.MaxPly {
			t.Fatalf("built %d positions, last progress %+v; want %d within ply %d", b.Len(), last, positions, cfg.MaxPly)
		}
	}
	build(whole, 40)
	build(stopped, 13)
	// A build stopped while writing leaves half a line.
	f, err := os.OpenFile(stopped, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("---------------------------OX---")
	f.Close()
	build(stopped, 40)
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(stopped)
	if !bytes.Equal(a, b) {
		t.Errorf("resumed build differs from the whole one:\n%s\nwhole:\n%s", b, a)
	}
	if _, err := book.Load(whole); err != nil {
		t.Errorf("the built file does not load: %v", err)
	}
	// Another budget cannot resume this file.
	c := cfg
	c.Playouts = 2
	if _, _, err := OpenFile(whole, c, func(string) {}); err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "playouts=1") {
		t.Errorf("resume with other playouts: %v", err)
	}
}

func TestSearchValuer(t *testing.T) {
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Playouts: 3000, Seed: 5, MaxPly: 4, Positions: 4, DepthCost: 2, Weights: w}
	value, err := SearchValuer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := after(t, "f5d6")
	first, err := value(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := value(context.Background(), p)
	if len(first) != bits.OnesCount64(p.Moves()) {
		t.Fatalf("%d moves valued, want every legal move (%d)", len(first), bits.OnesCount64(p.Moves()))
	}
	for i, m := range first {
		if m != again[i] {
			t.Errorf("the same search twice: %+v, then %+v", m, again[i])
		}
		if !p.IsLegal(m.Move) || math.Abs(m.Value) > book.MaxValue {
			t.Errorf("move %+v", m)
		}
	}
	for _, c := range []struct{ w, d float64 }{{0.5, 0}, {1 / (1 + math.Exp(-1)), 8}, {1 / (1 + math.Exp(2)), -16}, {1, 64}, {0, -64}} {
		if got := winRateDiscs(c.w, 8); math.Abs(got-c.d) > 1e-9 {
			t.Errorf("winRateDiscs(%v) = %v, want %v", c.w, got, c.d)
		}
	}
}

// TestRunStopsWithoutHalfSearches checks that a search cut short by a stop
// does not enter the file: a resumed build must find only full searches.
func TestRunStopsWithoutHalfSearches(t *testing.T) {
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Playouts: 1, MaxPly: 6, Positions: 10, DepthCost: 1, Weights: w}
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	stopSecond := func(ctx context.Context, p othello.Position) ([]book.Move, error) {
		if calls++; calls == 2 {
			cancel() // the stop arrives during the second search
		}
		return fakeValuer(ctx, p)
	}
	var out bytes.Buffer
	b := book.New()
	if err := Run(ctx, b, stopSecond, cfg, &out, nil); err != context.Canceled {
		t.Fatalf("Run: %v, want context.Canceled", err)
	}
	if b.Len() != 1 || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("after a stop in the second search: %d positions, file %q; want the first alone", b.Len(), out.String())
	}
}
