package book

import (
	"bytes"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

// BenchmarkParseDefault measures reading the embedded book, as every
// start of the engine does once.
func BenchmarkParseDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(bytes.NewReader(defaultFile), DefaultName); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup measures one genmove's lookup in a rotated position.
func BenchmarkLookup(b *testing.B) {
	bk, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	p := othello.Start().Play(othello.MoveAt(2, 3)).Transform(5)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := bk.Lookup(p); !ok {
			b.Fatal("not found")
		}
	}
}
