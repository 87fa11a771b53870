// Package build grows an opening book (package book) from the start
// position with the engine's own search: each new position is searched
// with a fixed number of playouts, its moves' values become the book's
// leaf values, and the next position to search is chosen by drop-out
// expansion (Lincke 2001): the line whose moves stray least from the best
// by negamax value, plus a cost per ply, so that the best lines go deepest
// and the near-best ones are kept too.
//
// A build appends one line a position to its file as soon as the position
// is searched, and chooses the next position from the whole book each
// time, so a stopped build resumes from its file and goes on exactly as if
// it had not stopped: the same seed and playouts give the same book.
package build

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"strings"
	"time"

	"github.com/tcgothello/mcts/book"
	"github.com/tcgothello/mcts/eval"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/player"
)

// Config is what a build needs besides the book and its file.
type Config struct {
	// Playouts is the budget of each position's search.
	Playouts int64
	// Seed seeds every search (mixed with the position by the engine).
	Seed uint64
	// MaxPly is the deepest ply a book position may have: a position of
	// MaxPly+4 discs is searched, its children are not.
	MaxPly int
	// Positions is the size at which the build stops.
	Positions int
	// DepthCost is the drop-out cost of one ply, in discs: with 0 the build
	// widens without end near the root; the larger it is, the more the
	// build prefers near-best moves close to the root to the best line
	// deep down.
	DepthCost float64
	// Weights is the evaluation the search values its leaves with.
	Weights *eval.Weights
}

// Check reports a configuration a build cannot run with.
func (c Config) Check() error {
	var errs []error
	if c.Playouts < 1 {
		errs = append(errs, fmt.Errorf("playouts %d: want at least 1", c.Playouts))
	}
	if c.MaxPly < 0 || c.MaxPly > 60 {
		errs = append(errs, fmt.Errorf("max ply %d: want 0..60", c.MaxPly))
	}
	if c.Positions < 1 {
		errs = append(errs, fmt.Errorf("positions %d: want at least 1", c.Positions))
	}
	if math.IsNaN(c.DepthCost) || c.DepthCost < 0 || math.IsInf(c.DepthCost, 0) {
		errs = append(errs, fmt.Errorf("depth cost %v: want a finite number >= 0", c.DepthCost))
	}
	if c.Weights == nil {
		errs = append(errs, errors.New("no evaluation weights"))
	}
	return errors.Join(errs...)
}

// Params is the header line that records what a file's values depend on
// (the budget and the seed), so that a resumed build cannot mix searches
// of another kind into it.
func (c Config) Params() string {
	return fmt.Sprintf("# build playouts=%d seed=%d", c.Playouts, c.Seed)
}

// Valuer gives the leaf values of a position's moves.
type Valuer func(ctx context.Context, p othello.Position) ([]book.Move, error)

// minWinRate keeps a win rate away from 0 and 1 before it becomes discs
// (the logit of 0 is infinite); the result is then clamped to ±MaxValue.
const minWinRate = 1e-6

// winRateDiscs turns a win rate of the search into discs through the
// logistic the search used to turn the evaluation's discs into a win rate
// (engine.Config.EvalScale): the inverse, so that a move's value reads as
// the evaluation's estimate.
func winRateDiscs(w, scale float64) float64 {
	w = min(max(w, minWinRate), 1-minWinRate)
	d := scale * math.Log(w/(1-w))
	return min(max(d, -book.MaxValue), book.MaxValue)
}

// SearchValuer returns a Valuer that searches each position with the
// engine's default configuration (the evaluation at the leaves) with
// cfg.Playouts playouts, without tree reuse (each position gets the same
// budget, whatever was searched before it) and without the endgame solver
// (the opening is far from the end). A move the search never visited, or
// every move of a position with a single one (the engine answers those
// without searching), is valued by the evaluation after it.
func SearchValuer(cfg Config) (Valuer, error) {
	ecfg := player.DefaultEngine()
	ecfg.Reuse = false
	ecfg.Seed = cfg.Seed
	t, err := player.New(player.Config{Engine: ecfg, Weights: cfg.Weights, Playouts: cfg.Playouts})
	if err != nil {
		return nil, err
	}
	w := cfg.Weights
	return func(ctx context.Context, p othello.Position) ([]book.Move, error) {
		g := othello.NewGame()
		if err := g.SetPosition(p, 0); err != nil {
			return nil, err
		}
		th, err := t.Think(ctx, g)
		if err != nil {
			return nil, err
		}
		var out []book.Move
		seen := uint64(0)
		for _, v := range th.Values {
			if v.Visits == 0 || v.Move >= othello.Pass {
				continue
			}
			seen |= v.Move.Bit()
			out = append(out, book.Move{Move: v.Move, Value: winRateDiscs(v.WinRate, ecfg.EvalScale)})
		}
		for m := p.Moves() &^ seen; m != 0; m &= m - 1 {
			mv := othello.Move(bits.TrailingZeros64(m))
			v := -float64(w.Value(p.Play(mv)))
			out = append(out, book.Move{Move: mv, Value: min(max(v, -book.MaxValue), book.MaxValue)})
		}
		return out, nil
	}, nil
}

// Progress is reported after each position a build adds.
type Progress struct {
	Positions int           // in the book now
	Ply       int           // of the position just added
	Cost      float64       // its drop-out cost
	Root      float64       // the start position's negamax value
	Took      time.Duration // its search
}

func (p Progress) String() string {
	return fmt.Sprintf("%d positions; added ply %d at cost %.2f in %v; start value %+.2f",
		p.Positions, p.Ply, p.Cost, p.Took.Round(time.Millisecond), p.Root)
}

// leaf is a position outside the book that a build may search next.
type leaf struct {
	pos  othello.Position
	key  othello.Position // canonical, black to move: the tie-break
	cost float64
}

// less orders leaves by cost, then by canonical position, so that the
// choice depends on nothing but the book.
func (l leaf) less(o leaf) bool {
	if l.cost != o.cost {
		return l.cost < o.cost
	}
	if l.key.Player != o.key.Player {
		return l.key.Player < o.key.Player
	}
	return l.key.Opponent < o.key.Opponent
}

// canonicalKey is a position's key without its colour.
func canonicalKey(p othello.Position) othello.Position {
	p.Turn = othello.Black
	return p.Canonical()
}

// Next returns the position outside the book that drop-out expansion
// searches next, with its cost, or false when no position within maxPly
// is left. The cost of a line is the sum, over its moves, of how far each
// falls below the best move of its position (negamax values, for the side
// that plays it) plus depthCost a ply; a position reached by several
// lines takes the cheapest. The book must hold the start position.
func Next(b *book.Book, maxPly int, depthCost float64) (othello.Position, float64, bool) {
	type node struct {
		pos  othello.Position
		cost float64
	}
	layer := map[othello.Position]node{canonicalKey(othello.Start()): {othello.Start(), 0}}
	best, found := leaf{}, false
	for ply := 0; len(layer) > 0 && ply < maxPly; ply++ {
		next := map[othello.Position]node{}
		for _, n := range layer {
			moves, _ := b.Lookup(n.pos)
			for _, m := range moves {
				cost := n.cost + (moves[0].Value - m.Value) + depthCost
				child := n.pos.Play(m.Move)
				k := canonicalKey(child)
				if b.Contains(child) {
					if old, ok := next[k]; !ok || cost < old.cost {
						next[k] = node{child, cost}
					}
					continue
				}
				if child.Moves() == 0 {
					continue // a pass or the end: not an opening position
				}
				if l := (leaf{child, k, cost}); !found || l.less(best) {
					best, found = l, true
				}
			}
		}
		layer = next
	}
	return best.pos, best.cost, found
}

// Run grows b until it holds cfg.Positions positions or no position within
// cfg.MaxPly is left, searching each new position with value and writing
// its line to out at once. progress, if not nil, hears of each position.
func Run(ctx context.Context, b *book.Book, value Valuer, cfg Config, out io.Writer, progress func(Progress)) error {
	add := func(p othello.Position, cost float64) error {
		start := time.Now()
		moves, err := value(ctx, p)
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			// A search cut short by the stop: its values are not what
			// the full budget gives, and must not enter the file.
			return err
		}
		if err := b.Add(p, moves); err != nil {
			return fmt.Errorf("position %s: %w", p, err)
		}
		if _, err := fmt.Fprintln(out, book.FormatLine(p, moves)); err != nil {
			return err
		}
		if progress != nil {
			root, _ := b.Value(othello.Start())
			progress(Progress{Positions: b.Len(), Ply: 60 - p.Empties(), Cost: cost, Root: root, Took: time.Since(start)})
		}
		return nil
	}
	if !b.Contains(othello.Start()) {
		if err := add(othello.Start(), 0); err != nil {
			return err
		}
	}
	for b.Len() < cfg.Positions {
		if err := ctx.Err(); err != nil {
			return err
		}
		p, cost, ok := Next(b, cfg.MaxPly, cfg.DepthCost)
		if !ok {
			return nil
		}
		if err := add(p, cost); err != nil {
			return err
		}
	}
	return nil
}

// OpenFile opens the book file of a build for appending: a new file gets
// the header and cfg's parameters; an existing one is read back (it must
// have been built with the same parameters), and a last line cut short by
// a stopped build is dropped, with a warning through warn.
func OpenFile(path string, cfg Config, warn func(string)) (*book.Book, *os.File, error) {
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, nil, err
		}
		if _, err := fmt.Fprintf(f, "%s\n%s\n", book.Header, cfg.Params()); err != nil {
			f.Close()
			return nil, nil, err
		}
		return book.New(), f, nil
	case err != nil:
		return nil, nil, err
	}
	if i := strings.LastIndexByte(string(data), '\n'); i < len(data)-1 {
		warn(fmt.Sprintf("%s: dropping its last line, cut short by a stopped build: %q", path, data[i+1:]))
		if err := os.Truncate(path, int64(i+1)); err != nil {
			return nil, nil, err
		}
		data = data[:i+1]
	}
	if err := checkParams(data, path, cfg); err != nil {
		return nil, nil, err
	}
	b, err := book.Parse(strings.NewReader(string(data)), path)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, nil, err
	}
	return b, f, nil
}

// checkParams finds the build's parameter line of a file and compares it
// with cfg's.
func checkParams(data []byte, path string, cfg Config) error {
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "# build ") {
			if line != cfg.Params() {
				return fmt.Errorf("%s line %d: the book was built with %q, this build has %q: resume with the same --playouts and --seed, or build into another file",
					path, n, strings.TrimPrefix(line, "# build "), strings.TrimPrefix(cfg.Params(), "# build "))
			}
			return nil
		}
	}
	return fmt.Errorf("%s: no '# build' line: not a file this builder wrote, so it cannot be resumed", path)
}
