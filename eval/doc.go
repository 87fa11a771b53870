// Package eval is a pattern (n-tuple) evaluation of Othello positions: the
// expected final disc difference for the side to move, as a sum of weights
// looked up by the configurations of 46 pattern instances (edges, corners,
// rows, columns and diagonals), with one weight table per game phase. The
// eight symmetries of the board share weights, so a position and its images
// evaluate exactly equal.
//
// Weights is the fixed-point form a search uses: Eval and Score are
// allocation-free and read-only, safe for concurrent use. Model is the
// float32 form a trainer (cmd/train) learns by temporal-difference updates.
// Both load from and save to one file format (format.go); Default returns
// the set shipped in the binary.
//
// The patterns, phases, file format and training method are explained in
// docs/eval.md, with the measured speed.
package eval
