// Package endgame solves Othello endgames exactly: it finds the final disc
// difference that perfect play by both sides reaches from a position, and a
// move that reaches it.
//
// Scores follow the tournament (FFO) convention: the final disc difference
// for the side to move, with the empty squares left at the end of the game
// going to the winner (none to anyone on a draw). A win/loss/draw search
// (Solve with WLD) only proves the sign of that score and is several times
// faster.
//
// The search is negamax alpha-beta with principal-variation (null-window)
// searches, a fixed-size transposition table allocated once, fastest-first
// move ordering near the root, parity ordering near the leaves, a stability
// cut-off, and special code for the last empty square. The hot path, in
// search.go, allocates nothing. The package imports othello only.
package endgame
