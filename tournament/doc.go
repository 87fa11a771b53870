// Package tournament runs tournaments between many Othello engines, the way
// cutechess-cli does for chess: a schedule of pairings (round robin or
// gauntlet) over a set of openings, each played twice with the colours
// swapped; a results file of finished games that lets a stopped
// tournament resume, split in shards that run anywhere and merge back
// (Shard, Merge), each file fingerprinted by its tournament; standings
// with the Elo difference each score implies and its exact 95% interval;
// and the shipped set of balanced openings.
//
// The package knows nothing of processes or sockets: a PlayFunc plays one
// game (package tournament/director starts a fresh pair of engine
// processes for each).
package tournament
