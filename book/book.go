// Package book is the Othello opening book: positions of the opening, each
// with moves and their values, so that the engine plays known lines at once
// instead of searching them again every game.
//
// A position is stored once for its eight images under the board's
// symmetries (othello.Position.Canonical), and without its colour: Othello
// is the same game for either side, so a position is the discs of the side
// to move and the discs of the other side. A lookup maps the moves back into
// the frame of the position asked about.
//
// Each stored move carries the value its position's search gave it, in
// discs for the side to move (the leaf value). A move whose resulting
// position is in the book takes instead the negated value of that position,
// which is the best of its moves' values: the negamax of the leaves, which
// Lookup and Best report. The file holds the leaf values only, so that a
// builder can extend a book by appending positions (docs/book.md).
package book

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/tcgothello/mcts/othello"
)

// MaxValue bounds a value: a game ends at most 64 discs ahead.
const MaxValue = 64

// Header is the first line of a book file: it names the format, so that a
// file of another kind is refused at its first line.
const Header = "# othello opening book v1"

// Move is a move of a book position and its value in discs for the side to
// move.
type Move struct {
	Move  othello.Move
	Value float64
}

// key is a position without its colour, in its canonical orientation.
type key struct{ player, opponent uint64 }

// entry is one stored position: its moves in the canonical frame with their
// leaf values, and the file line it came from (0 for Add).
type entry struct {
	moves []Move
	line  int
}

// Book is a set of positions with their moves. The zero value is not
// usable; make one with New, Parse or Load. A Book is safe for concurrent
// lookups once no more positions are added.
type Book struct {
	entries map[key]entry
	// values caches each position's negamax value; rebuilt after Add.
	values map[key]float64
}

// New returns an empty book.
func New() *Book {
	return &Book{entries: map[key]entry{}}
}

// canonical returns the key of p and the symmetry that takes p to it.
func canonical(p othello.Position) (key, int) {
	best, sym := key{p.Player, p.Opponent}, 0
	for k := 1; k < othello.Symmetries; k++ {
		q := key{othello.TransformBits(p.Player, k), othello.TransformBits(p.Opponent, k)}
		if q.player < best.player || q.player == best.player && q.opponent < best.opponent {
			best, sym = q, k
		}
	}
	return best, sym
}

// inverse returns the symmetry that undoes symmetry k.
func inverse(k int) int {
	// A marker of three squares in no symmetric arrangement tells the
	// eight symmetries apart.
	const marker = 1<<1 | 1<<2 | 1<<11
	img := othello.TransformBits(marker, k)
	for j := range othello.Symmetries {
		if othello.TransformBits(img, j) == marker {
			return j
		}
	}
	panic("book: symmetry without an inverse") // the eight form a group
}

// position returns the key as a position, black to move.
func (k key) position() othello.Position {
	return othello.Position{Player: k.player, Opponent: k.opponent, Turn: othello.Black}
}

// Len returns the number of positions in the book; 0 for a nil Book.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.entries)
}

// Contains reports whether p, or one of its images, is in the book.
func (b *Book) Contains(p othello.Position) bool {
	if b == nil {
		return false
	}
	k, _ := canonical(p)
	_, ok := b.entries[k]
	return ok
}

// Add stores p with its moves and their leaf values, in p's frame. It
// refuses a position already in the book (under any symmetry), no moves, an
// illegal or repeated move, and a value that is not a number within
// ±MaxValue.
func (b *Book) Add(p othello.Position, moves []Move) error {
	if err := b.add(p, moves, 0); err != nil {
		return err
	}
	b.values = nil
	return nil
}

func (b *Book) add(p othello.Position, moves []Move, line int) error {
	if err := p.Validate(); err != nil {
		return err
	}
	k, sym := canonical(p)
	if old, ok := b.entries[k]; ok {
		if old.line > 0 {
			return fmt.Errorf("position already in the book (line %d)", old.line)
		}
		return fmt.Errorf("position already in the book")
	}
	if len(moves) == 0 {
		return fmt.Errorf("no moves")
	}
	legal := p.Moves()
	seen := uint64(0)
	cm := make([]Move, len(moves))
	for i, m := range moves {
		if m.Move >= othello.Pass || legal&m.Move.Bit() == 0 {
			return fmt.Errorf("move %s is not legal here", m.Move)
		}
		if seen&m.Move.Bit() != 0 {
			return fmt.Errorf("move %s is given twice", m.Move)
		}
		seen |= m.Move.Bit()
		if math.IsNaN(m.Value) || math.Abs(m.Value) > MaxValue {
			return fmt.Errorf("move %s: value %v is not within ±%d", m.Move, m.Value, MaxValue)
		}
		cm[i] = Move{Move: m.Move.Transform(sym), Value: m.Value}
	}
	slices.SortFunc(cm, func(a, b Move) int { return int(a.Move) - int(b.Move) })
	b.entries[k] = entry{moves: cm, line: line}
	return nil
}

// value returns the negamax value of the stored position k, filling the
// cache. The recursion ends: every move adds a disc.
func (b *Book) value(k key) float64 {
	if v, ok := b.values[k]; ok {
		return v
	}
	best := math.Inf(-1)
	for _, m := range b.entries[k].moves {
		best = max(best, b.moveValue(k, m))
	}
	b.values[k] = best
	return best
}

// moveValue returns the negamax value of move m of stored position k: the
// negated value of the position after it when that is in the book, else
// the move's leaf value.
func (b *Book) moveValue(k key, m Move) float64 {
	next := k.position().Play(m.Move)
	nk, _ := canonical(next)
	if _, ok := b.entries[nk]; ok {
		return -b.value(nk)
	}
	return m.Value
}

// ensureValues computes every position's negamax value once after a change.
func (b *Book) ensureValues() {
	if b.values != nil {
		return
	}
	b.values = make(map[key]float64, len(b.entries))
	for k := range b.entries {
		b.value(k)
	}
}

// Lookup returns the moves of p stored in the book, in p's frame, with
// their negamax values, best first, and whether p is in the book. The
// first lookup after Add recomputes the values: lookups may run
// concurrently on a parsed book, or once a lookup has followed the last
// Add.
func (b *Book) Lookup(p othello.Position) ([]Move, bool) {
	k, sym := canonical(p)
	e, ok := b.entries[k]
	if !ok {
		return nil, false
	}
	b.ensureValues()
	inv := inverse(sym)
	out := make([]Move, len(e.moves))
	for i, m := range e.moves { // in canonical square order
		out[i] = Move{Move: m.Move, Value: b.moveValue(k, m)}
	}
	// Ties go to the lower square of the canonical frame, so that every
	// orientation of a position gets the same move.
	slices.SortStableFunc(out, func(a, b Move) int {
		switch {
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		}
		return 0
	})
	for i := range out {
		out[i].Move = out[i].Move.Transform(inv)
	}
	return out, true
}

// Value returns the negamax value of p for its side to move, and whether p
// is in the book.
func (b *Book) Value(p othello.Position) (float64, bool) {
	k, _ := canonical(p)
	if _, ok := b.entries[k]; !ok {
		return 0, false
	}
	b.ensureValues()
	return b.values[k], true
}

// Leaves returns the stored moves of p with their leaf values (what its own
// search gave them, before any negamax), in p's frame and square order.
func (b *Book) Leaves(p othello.Position) ([]Move, bool) {
	k, sym := canonical(p)
	e, ok := b.entries[k]
	if !ok {
		return nil, false
	}
	inv := inverse(sym)
	out := make([]Move, len(e.moves))
	for i, m := range e.moves {
		out[i] = Move{Move: m.Move.Transform(inv), Value: m.Value}
	}
	slices.SortFunc(out, func(a, b Move) int { return int(a.Move) - int(b.Move) })
	return out, true
}

// Positions returns every stored position in its canonical orientation,
// black to move, in the order of their keys.
func (b *Book) Positions() []othello.Position {
	keys := b.sortedKeys()
	out := make([]othello.Position, len(keys))
	for i, k := range keys {
		out[i] = k.position()
	}
	return out
}

func (b *Book) sortedKeys() []key {
	keys := make([]key, 0, len(b.entries))
	for k := range b.entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		if a.player != b.player {
			if a.player < b.player {
				return -1
			}
			return 1
		}
		if a.opponent < b.opponent {
			return -1
		}
		if a.opponent > b.opponent {
			return 1
		}
		return 0
	})
	return keys
}

// valueDigits is the precision of a value in a file: a hundredth of a disc
// is far below what a search can tell apart.
const valueDigits = 2

// FormatLine returns the file line of a position and its moves (their leaf
// values), in p's own frame: the board with X the side to move, then
// MOVE:VALUE fields.
func FormatLine(p othello.Position, moves []Move) string {
	var sb strings.Builder
	sb.WriteString(othello.Position{Player: p.Player, Opponent: p.Opponent, Turn: othello.Black}.Board64())
	for _, m := range moves {
		sb.WriteByte(' ')
		sb.WriteString(m.Move.String())
		sb.WriteByte(':')
		sb.WriteString(strconv.FormatFloat(m.Value, 'f', valueDigits, 64))
	}
	return sb.String()
}

// Write writes the book in its file format: the header, then one line a
// position in canonical orientation and key order, so that the same book
// always gives the same bytes.
func (b *Book) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, Header)
	for _, k := range b.sortedKeys() {
		fmt.Fprintln(bw, FormatLine(k.position(), b.entries[k].moves))
	}
	return bw.Flush()
}

// Parse reads a book file. name is used in errors, which name the line.
// The format, one position a line after the header:
//
//	BOARD MOVE:VALUE [MOVE:VALUE ...]
//
// BOARD is 64 characters, a1 first: X the side to move, O the other side,
// - empty. MOVE is a square (d3), VALUE its leaf value in discs for the
// side to move. Blank lines and lines starting with # are skipped.
func Parse(r io.Reader, name string) (*Book, error) {
	b := New()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if n == 1 {
			if line != Header {
				return nil, fmt.Errorf("%s line 1: %q is not a book header, want %q", name, line, Header)
			}
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		if err := b.parseLine(line, n); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s line %d: %w", name, n+1, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: empty file, want the header %q", name, Header)
	}
	b.ensureValues()
	return b, nil
}

// ParseLine parses one position line of a book file: the position (black
// to move, X its discs) and its moves.
func ParseLine(line string) (othello.Position, []Move, error) {
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return othello.Position{}, nil, fmt.Errorf("want a 64-character board and at least one MOVE:VALUE")
	}
	p, err := othello.ParseBoard64(fields[0], othello.Black)
	if err != nil {
		return othello.Position{}, nil, err
	}
	moves := make([]Move, 0, len(fields)-1)
	for _, f := range fields[1:] {
		sq, val, ok := strings.Cut(f, ":")
		if !ok {
			return othello.Position{}, nil, fmt.Errorf("%q: want MOVE:VALUE, like d3:1.25", f)
		}
		m, err := othello.ParseSquare(sq)
		if err != nil {
			return othello.Position{}, nil, err
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return othello.Position{}, nil, fmt.Errorf("%q: value %q is not a number", f, val)
		}
		moves = append(moves, Move{Move: m, Value: v})
	}
	return p, moves, nil
}

func (b *Book) parseLine(line string, n int) error {
	p, moves, err := ParseLine(line)
	if err != nil {
		return err
	}
	return b.add(p, moves, n)
}

// Load reads a book file.
func Load(path string) (*Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(bytes.NewReader(data), path)
}

// keyBits mixes a key into 64 bits, for a choice among moves that depends
// on the position and a seed but on nothing else.
func keyBits(k key, seed uint64) uint64 {
	x := seed ^ k.player*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(k.opponent, 31)*0xbf58476d1ce4e5b9
	// splitmix64's finalizer.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Choose returns the move to play in p: the best by negamax value, or with
// spread > 0 one of the moves within spread discs of the best, picked by
// the seed and the position (the same seed in the same position always
// picks the same move, in any of its orientations). ok is false when p is
// not in the book.
func (b *Book) Choose(p othello.Position, spread float64, seed uint64) (Move, bool) {
	moves, ok := b.Lookup(p)
	if !ok {
		return Move{}, false
	}
	if spread <= 0 {
		return moves[0], true
	}
	n := 0
	for n < len(moves) && moves[n].Value >= moves[0].Value-spread {
		n++
	}
	if n == 1 {
		return moves[0], true
	}
	// The choice is made in the canonical frame so that it does not depend
	// on the orientation asked about.
	k, sym := canonical(p)
	near := make([]Move, n)
	copy(near, moves[:n])
	slices.SortFunc(near, func(a, b Move) int { return int(a.Move.Transform(sym)) - int(b.Move.Transform(sym)) })
	return near[keyBits(k, seed)%uint64(n)], true
}
