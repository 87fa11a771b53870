// Package killallgo is 7x7 Kill-All Go, the course's 2013 game, for the
// shared Monte-Carlo tree search (package mcts): its rules on top of the
// Go rules of package goban, the search's state and moves (Rules
// implements mcts.Game), the simulation policy of its playouts, and the
// game as a front end keeps it (Game: set-up stones, then a record under
// positional superko).
//
// The rules (docs/killallgo.md says why each is so):
//
//   - Stones, captures and suicide are Go's: a move that leaves its own
//     string without liberties is illegal unless it captures.
//   - No whole-board position may repeat within the recorded game
//     (positional superko); a pass repeats nothing.
//   - Black wins as soon as a black stone is placed and no white stone is
//     left on the board.
//   - Otherwise white wins: when black, to move, has no legal move (every
//     empty point is suicide or a repetition for black), or when the game
//     reaches MaxPlies plies. Black never passes in the search: a black
//     pass can only lose, since white answers with a pass and the game is
//     over with white alive. White may always pass.
//
// A playout follows the same rules with a simulation policy: each side
// plays a uniformly random legal move that does not fill one of its own
// eyes (goban.Board.IsEye); white passes when it has none; black having
// none is the end of the playout, white winning, which is the seed's
// "black cannot make a ply without killing itself".
package killallgo
