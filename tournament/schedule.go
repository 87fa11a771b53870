package tournament

import (
	"fmt"
	"math/rand/v2"

	"github.com/tcgothello/mcts/othello"
)

// Mode is how engines are paired.
type Mode int

// The pairing modes.
const (
	// RoundRobin pairs every engine with every other one.
	RoundRobin Mode = iota
	// Gauntlet pairs the first engine with each of the others, and the
	// others never meet.
	Gauntlet
)

// String returns "round-robin" or "gauntlet", the names ParseMode reads.
func (m Mode) String() string {
	if m == Gauntlet {
		return "gauntlet"
	}
	return "round-robin"
}

// ParseMode reads a mode's name: round-robin (or rr) or gauntlet.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "round-robin", "roundrobin", "rr":
		return RoundRobin, nil
	case "gauntlet":
		return Gauntlet, nil
	}
	return 0, fmt.Errorf("mode %q: want round-robin or gauntlet", s)
}

// Pairing is one scheduled game.
type Pairing struct {
	// Game numbers the games from 1, in schedule order; results files
	// refer to games by it.
	Game int
	// Round is the 1-based round: every pair plays one opening twice in a
	// round, once with each colour.
	Round int
	// Black and White are indices into the tournament's engines.
	Black, White int
	// Opening is the index of the opening in the openings list; Moves are
	// its moves (Othello's), Layout the opening as results files record it
	// (Opening.String), for every game.
	Opening int
	Moves   []othello.Move
	Layout  string
	// BlackSeed and WhiteSeed are the seeds given to the engines that
	// accept one: never 0, which engines read as "from the clock".
	BlackSeed, WhiteSeed uint64
}

// OpeningText returns the opening as results files record it: Layout,
// or for a pairing made without one, its Othello moves.
func (p *Pairing) OpeningText() string {
	if p.Layout != "" {
		return p.Layout
	}
	return othello.FormatMoves(p.Moves)
}

// Pairs returns the pairs of engine indices that meet in a tournament of n
// engines, lower index first.
func Pairs(mode Mode, n int) [][2]int {
	var pairs [][2]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if mode == Gauntlet && i != 0 {
				break
			}
			pairs = append(pairs, [2]int{i, j})
		}
	}
	return pairs
}

// MaxGames bounds the games of a tournament's schedule, which is held in
// memory whole (about 120 bytes a game): a million games is nineteen years
// of one machine at the course's 10 s a move, far beyond any tournament,
// and its schedule still fits in about 120 MB. A results file whose header
// asks for more (an edited or corrupt rounds) is refused before anything
// is allocated for it.
const MaxGames = 1_000_000

// gamesPerRound returns how many games a round of a tournament of n
// engines plays: two a pair, one with each colour.
func gamesPerRound(mode Mode, n int) int {
	if n < 2 {
		return 0
	}
	if mode == Gauntlet {
		return 2 * (n - 1)
	}
	return n * (n - 1) // n(n-1)/2 pairs, two games each
}

// CheckSize returns an error when a tournament of n engines over rounds
// rounds would schedule more than MaxGames games, nil otherwise. It
// computes without overflowing, whatever rounds and n.
func CheckSize(mode Mode, n, rounds int) error {
	per := gamesPerRound(mode, n)
	if rounds < 0 {
		return fmt.Errorf("rounds %d: want 0 or more", rounds)
	}
	if per > 0 && rounds > MaxGames/per {
		return fmt.Errorf("rounds %d of %d games each (%d engines, %s) make more than the %d games a tournament may hold",
			rounds, per, n, mode, MaxGames)
	}
	return nil
}

// Schedule returns every game of a tournament of n engines over rounds
// rounds. Round r plays the r-th opening of a seeded shuffle of openings
// (starting the shuffle again when rounds outnumber openings) twice for
// every pair, the colours swapped, so each pair plays as many games with
// each colour. The seed fixes the opening order and the engines' seeds:
// the same arguments always give the same schedule.
func Schedule(mode Mode, n, rounds int, openings []Opening, seed uint64) []Pairing {
	if len(openings) == 0 || n < 2 {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x6f7468656c6c6f)) // "othello"
	order := rng.Perm(len(openings))
	var games []Pairing
	for r := 1; r <= rounds; r++ {
		o := order[(r-1)%len(order)]
		for _, p := range Pairs(mode, n) {
			for _, c := range [][2]int{{p[0], p[1]}, {p[1], p[0]}} {
				id := len(games) + 1
				games = append(games, Pairing{
					Game: id, Round: r, Black: c[0], White: c[1], Opening: o, Moves: openings[o].Moves, Layout: openings[o].String(),
					BlackSeed: engineSeed(seed, id, othello.Black), WhiteSeed: engineSeed(seed, id, othello.White),
				})
			}
		}
	}
	return games
}

// engineSeed derives the seed of one seat of one game from the
// tournament's seed. The tournament's seed is mixed before the game and
// colour join it, so that nearby tournament seeds (s and s+2, say) share no
// engine seed, and neighbouring games get unrelated seeds.
func engineSeed(seed uint64, game int, c othello.Color) uint64 {
	z := splitmix(splitmix(seed) ^ (uint64(game)<<1 | uint64(c)))
	if z == 0 {
		return 1
	}
	return z
}

// splitmix is the splitmix64 finaliser: a bijection that scatters nearby
// inputs over the whole range.
func splitmix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
