package player

import (
	"context"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
)

// TestThinkPlaysBookMoves checks that in a book position, or any of its
// images, genmove plays the book's best move without searching, and that
// outside the book it searches.
func TestThinkPlaysBookMoves(t *testing.T) {
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	g, err := othello.GameAfter("f5f6e6f4")
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	// g7 gives away a corner's diagonal: no search would choose it, so
	// only the book can make the engine play it.
	g7, _ := othello.ParseSquare("g7")
	e3, _ := othello.ParseSquare("e3")
	bk := book.New()
	if err := bk.Add(pos, []book.Move{{Move: g7, Value: 3}, {Move: e3, Value: 1}}); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultEngine()
	cfg.ArenaNodes, cfg.Seed = 1<<16, 7
	th, err := New(Config{Engine: cfg, Weights: w, Playouts: 2000, Book: bk})
	if err != nil {
		t.Fatal(err)
	}
	for k := range othello.Symmetries {
		img := othello.NewGame()
		if err := img.SetPosition(pos.Transform(k), 0); err != nil {
			t.Fatal(err)
		}
		got, err := th.Think(context.Background(), img)
		if err != nil {
			t.Fatal(err)
		}
		if got.Move != g7.Transform(k) || got.Playouts != 0 || !strings.HasPrefix(got.Summary, "book: ") {
			t.Errorf("image %d: %s after %d playouts (%q), want the book's %s without a search", k, got.Move, got.Playouts, got.Summary, g7.Transform(k))
		}
		if len(got.Values) != 2 || got.WinRate <= 0.5 {
			t.Errorf("image %d: values %+v, win rate %v; want both book moves, g7 above even", k, got.Values, got.WinRate)
		}
	}
	// One move further the book knows nothing: the engine searches.
	if err := g.Play(e3); err != nil {
		t.Fatal(err)
	}
	got, err := th.Think(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if got.Playouts < 2000 || strings.HasPrefix(got.Summary, "book") || !g.Position().IsLegal(got.Move) {
		t.Errorf("outside the book: %s after %d playouts (%q), want a search of 2000", got.Move, got.Playouts, got.Summary)
	}
	// Without the book, the same position is searched, and not to g7.
	plain, err := New(Config{Engine: cfg, Weights: w, Playouts: 2000})
	if err != nil {
		t.Fatal(err)
	}
	g.Undo()
	got, err = plain.Think(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if got.Playouts < 2000 || got.Move == g7 {
		t.Errorf("no book: %s after %d playouts, want a search that does not play g7", got.Move, got.Playouts)
	}
	if _, err := New(Config{Engine: cfg, Weights: w, Book: bk, BookSpread: -1}); err == nil {
		t.Error("a negative book spread: no error")
	}
}
