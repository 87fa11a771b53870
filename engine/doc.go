// Package engine chooses Othello moves by Monte-Carlo tree search: uniformly
// random playouts, flat UCB1 over the root's moves or UCT over a growing tree,
// and optional progressive pruning, within a wall-clock deadline and/or a
// playout budget.
//
// A Searcher owns a node arena allocated once by New and reused by every
// Search, so a search allocates nothing per iteration and the garbage
// collector has nothing to scan in the tree (nodes hold indices, not
// pointers). A Searcher is not safe for concurrent use; use one per
// goroutine.
//
// The algorithms, formulas and defaults are explained in docs/engine.md;
// measured speed is in docs/performance-engine.md.
package engine
