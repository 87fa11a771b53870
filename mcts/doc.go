// Package mcts is the Monte-Carlo tree search shared by every game of the
// project: flat UCB1 over the root's moves or UCT over a growing tree,
// optional progressive pruning, MCTS-Solver's proven results, an optional
// evaluator (at the leaves, as prior visits, or alone as a greedy 1-ply
// player), tree reuse between moves, and limits by deadline, playout budget
// and context.
//
// A game plugs in through the Game interface: its state and move types, its
// move generation and its playout, which runs a whole simulation in one
// call so that the generic code costs nothing per simulated move. The
// Othello engine (package engine), 7x7 Kill-All Go (package killallgo) and
// Einstein Würfelt Nicht (package einstein/agent) all search with it.
//
// A Searcher owns a node arena allocated once by New and reused by every
// Search, so a search allocates nothing per iteration and the garbage
// collector has nothing to scan in the tree (nodes hold indices, not
// pointers). A Searcher is not safe for concurrent use; use one per
// goroutine.
//
// The algorithms, formulas and defaults are explained in docs/engine.md;
// measured speed is in docs/performance-engine.md.
package mcts
