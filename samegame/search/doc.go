// Package search finds good sequences of moves for SameGame boards too
// large to solve exactly: Nested Rollout Policy Adaptation (NRPA, the
// default), Nested Monte-Carlo Search (NMCS), single-player MCTS on the
// project's shared core (package mcts in its one-player mode), beam
// search, and the depth-limited search with an evaluation function of the
// course's seed. Search runs one of them on one board within Limits (a
// deadline, a playout budget, CPU time, a context) and returns the best
// whole game it saw, which samegame.Replay scores the same.
//
// Every algorithm runs on one core, is reproducible for a fixed seed and
// budget, and keeps the best sequence any of its playouts reached. The hot
// path (grid.go, playout.go) allocates nothing. docs/samegame.md describes
// the algorithms, their coefficients and the results on the standard set.
package search
