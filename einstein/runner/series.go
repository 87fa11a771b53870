package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/tcgothello/mcts/einstein"
)

// ErrInterrupted is returned by Series.Play when its context ended the
// games: the round in progress is abandoned, the summary written.
var ErrInterrupted = errors.New("interrupted")

// Series is the games of einstein game: rounds between two players on
// boards drawn from a seed, the colours alternating, with a line a round
// and a summary of each player's wins.
type Series struct {
	// Seats are player 1 and player 2. Player 1 is red (moves first) in
	// odd rounds, player 2 in even ones.
	Seats [2]Seat
	// Rounds is the number of rounds, 0 to play until a seat abandons
	// (the end of a person's input).
	Rounds int
	// Seed draws the boards: the same seed gives the same boards.
	Seed uint64
	// Limit is an agent's time for a move.
	Limit time.Duration
	// Show, if not nil, is given each round's final board and result
	// (PlayRound's show), for people watching.
	Show func(einstein.Position, string)
	// Record, if not nil, gets every round as WriteRecord writes it.
	Record io.Writer
}

// player is one of the two players of a series and its record.
type player struct {
	n    int // 1 or 2
	seat Seat
	// wins and rounds count the rounds won and played, by colour.
	wins, rounds [3]int
}

// label names the player in results: "random (player 1)".
func (p *player) label() string { return fmt.Sprintf("%s (player %d)", p.seat.Name(), p.n) }

// Play plays the rounds, writing to out the seed, a line a round (its
// players, board and result, or why it was abandoned) and a line a player
// (rounds won, by colour). A round abandoned ends the games; it returns
// ErrInterrupted, after the summary, when ctx ended them, and the error of
// the record, before it, when the record cannot be written.
func (s Series) Play(ctx context.Context, out io.Writer) error {
	players := [2]*player{{n: 1, seat: s.Seats[0]}, {n: 2, seat: s.Seats[1]}}
	fmt.Fprintf(out, "seed %d\n", s.Seed)
	boards := rand.NewPCG(s.Seed, 0)
	var err error
	played := 0
	for n := 1; s.Rounds == 0 || n <= s.Rounds; n++ {
		red, blue := players[0], players[1]
		if n%2 == 0 {
			red, blue = blue, red
		}
		l := einstein.RandomLayout(boards)
		res := PlayRound(ctx, l, [3]Seat{einstein.Red: red.seat, einstein.Blue: blue.seat}, s.Limit, s.Show)
		head := fmt.Sprintf("round %d: red %s, blue %s, layout %v", n, red.label(), blue.label(), l)
		if res.Abandoned != "" {
			fmt.Fprintf(out, "%s: %s\n", head, res.Abandoned)
			if ctx.Err() != nil {
				err = fmt.Errorf("%w: %v", ErrInterrupted, ctx.Err())
			}
			break
		}
		played++
		winner := red
		if res.Winner == einstein.Blue {
			winner = blue
		}
		red.rounds[einstein.Red]++
		blue.rounds[einstein.Blue]++
		winner.wins[res.Winner]++
		fmt.Fprintf(out, "%s: %v %s wins, %s, %d plies\n", head, res.Winner, winner.label(), res.Reason, len(res.Moves))
		if s.Record != nil {
			if err := WriteRecord(s.Record, n, l, red.label(), blue.label(), res); err != nil {
				return err
			}
		}
	}
	for _, p := range players {
		fmt.Fprintf(out, "%s: %d of %d rounds won (as red %d of %d, as blue %d of %d)\n", p.label(),
			p.wins[einstein.Red]+p.wins[einstein.Blue], played,
			p.wins[einstein.Red], p.rounds[einstein.Red], p.wins[einstein.Blue], p.rounds[einstein.Blue])
	}
	return err
}
