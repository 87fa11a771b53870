package web

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// BenchmarkState measures GET /api/state in the middle of a game, the
// request the page sends after every change.
func BenchmarkState(b *testing.B) {
	s, err := New(firstLegal{}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	s.mu.Lock()
	for _, m := range []string{"f5", "d6", "c3", "d3", "c4"} {
		mv, err := othello.ParseSquare(m)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.m.game.Play(mv); err != nil {
			b.Fatal(err)
		}
	}
	s.mu.Unlock()
	req := httptest.NewRequest(http.MethodGet, "/api/state", nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}
