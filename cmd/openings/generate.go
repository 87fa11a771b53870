package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/othello"
)

// candidate is an opening up for selection: its moves, the position they
// reach, and the engine's win rate there for the side to move.
type candidate struct {
	moves   []othello.Move
	pos     othello.Position
	winRate float64
}

// enumerate returns one move sequence of plies plies for every position
// reachable in that many plies, counting positions equal up to the board's
// symmetries once, in the order a depth-first walk in square order meets
// them. Every sequence starts with f5: the four first moves are images of
// each other, so every position has an image reached through f5. Lines in
// which a side must pass are left out; openings should not need one.
func enumerate(plies int) []candidate {
	var out []candidate
	seen := map[othello.Position]bool{}
	var walk func(pos othello.Position, moves []othello.Move)
	walk = func(pos othello.Position, moves []othello.Move) {
		if len(moves) == plies {
			if c := pos.Canonical(); !seen[c] {
				seen[c] = true
				out = append(out, candidate{moves: slices.Clone(moves), pos: pos})
			}
			return
		}
		legal := pos.Moves()
		for m := othello.Move(0); m < othello.Pass; m++ {
			if legal&m.Bit() != 0 {
				walk(pos.Play(m), append(moves, m))
			}
		}
	}
	if plies <= 0 {
		return []candidate{{pos: othello.Start()}}
	}
	f5 := othello.MoveAt(4, 5)
	walk(othello.Start().Play(f5), []othello.Move{f5})
	return out
}

// evaluate sets each candidate's win rate with a search of playouts
// playouts under cfg. Results depend only on cfg (its Seed included), the
// position and the budget, so the selection is reproducible.
func evaluate(ctx context.Context, cands []candidate, cfg engine.Config, playouts int64, progress func(done int)) error {
	s, err := engine.New(cfg)
	if err != nil {
		return err
	}
	for i := range cands {
		res, err := s.Search(ctx, cands[i].pos, engine.Limits{Playouts: playouts})
		if err != nil {
			return fmt.Errorf("opening %s: %w", othello.FormatMoves(cands[i].moves), err)
		}
		cands[i].winRate = res.Stats.WinRate
		if progress != nil {
			progress(i + 1)
		}
	}
	return nil
}

// balanced returns the count candidates whose win rate is nearest 0.5,
// nearest first; ties keep the enumeration order.
func balanced(cands []candidate, count int) []candidate {
	out := slices.Clone(cands)
	slices.SortStableFunc(out, func(a, b candidate) int {
		return cmp.Compare(math.Abs(a.winRate-0.5), math.Abs(b.winRate-0.5))
	})
	return out[:min(count, len(out))]
}

// write writes the openings file: a header saying how it was made, then
// one opening a line with its win rate as a comment.
func write(w io.Writer, chosen []candidate, total int, command string, plies int, playouts int64, cfg engine.Config) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Balanced openings for judge tournament (docs/tournament.md).\n")
	fmt.Fprintf(&b, "# The %s after %s, among the %s up to the board's symmetries,\n",
		plural.Of(len(chosen), "position"), plural.Irregular(plies, "ply", "plies"), plural.Of(total, "distinct one"))
	fmt.Fprintf(&b, "# whose win rate for the side to move is nearest 0.5: engine %v, default configuration, seed %d,\n", cfg.Algorithm, cfg.Seed)
	fmt.Fprintf(&b, "# %s a position. Made by:\n#   %s\n", plural.Of(int(playouts), "playout"), command)
	fmt.Fprintf(&b, "# Each line: the moves from the start position, then that win rate.\n")
	for _, c := range chosen {
		fmt.Fprintf(&b, "%s  # %.4f\n", othello.FormatMoves(c.moves), c.winRate)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
