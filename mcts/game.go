package mcts

// Move is the constraint on a game's move type: a small integer, stored in
// every node of the tree (so a node stays 24 bytes), that prints itself for
// logs and principal variations.
type Move interface {
	~uint8 | ~uint16
	String() string
}

// Shape gives the sizes the search needs to know of a game before it starts.
type Shape struct {
	// MaxMoves is the most moves a position can have, a pass counted as a
	// move: the root must always fit in the arena, so the arena holds at
	// least MaxMoves+1 nodes. At most 255 (a node's child count is a
	// uint8, which keeps a node at 24 bytes beside a uint16 move).
	MaxMoves int
	// MaxPlies bounds the number of plies from any position to the end of
	// the game (the depth of the tree): the search keeps the path it
	// descends in a buffer of this size.
	MaxPlies int
	// MaxScore bounds the magnitude of Score: under the DiscDiff reward a
	// score d maps to (d+MaxScore)/(2*MaxScore). A game that knows only
	// wins and losses says 1.
	MaxScore int
}

// Game is what a two-player, zero-sum, alternating game gives the search:
// its state type S, a value the search copies freely (it must hold the
// side to move; == must mean "the same position", which tree reuse relies
// on), and its move type M. The methods are called from the search's
// goroutine only. A Game value itself is usually an empty struct; it may
// hold constant tables, and pointers to working memory it reuses (scratch
// that no result depends on), but must not otherwise change during a
// search.
//
// Playout is one call per iteration, not one per move: the game's
// simulation loop runs in the game's own code, where the compiler sees the
// concrete types, so that the search's genericity costs nothing there.
type Game[S comparable, M Move] interface {
	// Shape returns the game's sizes; it is called once, by New.
	Shape() Shape
	// Moves appends to buf the moves of the side to move in s, a forced
	// pass included as a move when the rules have one, and returns the
	// extended slice; it appends nothing when the game is over. The order
	// must depend on s alone (determinism).
	Moves(s *S, buf []M) []M
	// Play plays m, one of Moves(s), in s.
	Play(s *S, m M)
	// Score returns the result of the finished game s for its side to
	// move: positive when it has won, negative when it has lost, 0 for a
	// draw; at most Shape().MaxScore in magnitude.
	Score(s *S) int
	// Playout plays s to the end by the game's simulation policy, drawing
	// its random numbers from r, and returns Score of the final position
	// for the side to move at s.
	Playout(s S, r *RNG) int
	// Hash returns a hash of s; the search mixes it into the seed of its
	// random numbers, so that the same seed gives different playouts in
	// different positions.
	Hash(s *S) uint64
}

// Recorder is implemented by a single-player game (Config.SinglePlayer)
// whose playouts can report the moves they play, so that the search keeps
// the best whole sequence any playout reached: in a puzzle the answer is a
// sequence, and the best one seen is worth keeping even when the tree
// does not yet prefer its first move. The search uses it instead of
// Playout when the game has it.
type Recorder[S comparable, M Move] interface {
	// RecordPlayout plays s to the end as Playout does (the same policy,
	// the same random numbers), appends the moves it plays to moves, and
	// returns Score of the final position and the extended slice.
	RecordPlayout(s S, r *RNG, moves []M) (score int, played []M)
}
