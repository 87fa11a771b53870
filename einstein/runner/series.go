package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/internal/plural"
)

// ErrInterrupted is returned by Series.Play when its context ended the
// games: the round in progress is abandoned, the summary written.
var ErrInterrupted = errors.New("interrupted")

// Series is the games of einstein game: rounds between two players on
// boards drawn from a seed, the colours alternating, with a line a round
// and a summary of each player's wins.
type Series struct {
	// Seats are player 1 and player 2. The course's coin (Seed) makes one
	// red (moves first) in the first round; the colours then alternate.
	Seats [2]Seat
	// Rounds is the number of rounds, 0 to play until a seat abandons
	// (the end of a person's input).
	Rounds int
	// Seed draws the boards and the first round's colours as the course's
	// runner does (CourseLayouts, CourseFirstRed): the same seed gives
	// the same rounds as its -s.
	Seed uint64
	// People says both seats are people: then, as in the course's
	// runner, player 1 is red in every round and no coin is drawn.
	People bool
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
	// wins and rounds count the rounds won and played, by colour;
	// unplayed the rounds not played, and why: the seat's own fault
	// once it had one.
	wins, rounds [3]int
	unplayed     int
	why          string
}

// NeverPlayedError is Series.Play's error when the rounds ran to their
// end although a player played none of them (every one was unplayed,
// its agent or the other's unable to play): the results say nothing of
// it, so einstein game exits non-zero for scripts to notice.
type NeverPlayedError string

func (e NeverPlayedError) Error() string { return "never played a round: " + string(e) }

// label names the player in results: "random (player 1)".
func (p *player) label() string { return fmt.Sprintf("%s (player %d)", p.seat.Name(), p.n) }

// Play plays the rounds, writing to out the seed, a line a round (its
// players, board and result, or why it was abandoned) and a line a player
// (rounds won, by colour). A round abandoned ends the games; it returns
// ErrInterrupted, after the summary, when ctx ended them, and the error of
// the record, before it, when the record cannot be written. A round a
// seat could not play (Result.Unplayed) counts for neither player; a
// player who played no round at all makes it return a NeverPlayedError,
// after the summary.
func (s Series) Play(ctx context.Context, out io.Writer) error {
	players := [2]*player{{n: 1, seat: s.Seats[0]}, {n: 2, seat: s.Seats[1]}}
	fmt.Fprintf(out, "seed %d\n", s.Seed)
	boards := CourseLayouts(s.Seed)
	first := 1
	if !s.People {
		first = CourseFirstRed(s.Seed)
	}
	var err error
	played := 0
	for n := 1; s.Rounds == 0 || n <= s.Rounds; n++ {
		red, blue := players[0], players[1]
		if first == 2 {
			red, blue = blue, red
		}
		if n%2 == 0 && !s.People {
			red, blue = blue, red
		}
		l := boards()
		res := PlayRound(ctx, l, [3]Seat{einstein.Red: red.seat, einstein.Blue: blue.seat}, s.Limit, s.Show)
		head := fmt.Sprintf("round %d: red %s, blue %s, layout %v", n, red.label(), blue.label(), l)
		if res.Abandoned != "" {
			fmt.Fprintf(out, "%s: %s\n", head, res.Abandoned)
			if ctx.Err() != nil {
				err = fmt.Errorf("%w: %v", ErrInterrupted, ctx.Err())
			}
			break
		}
		if s.Record != nil {
			if err := WriteRecord(s.Record, n, l, red.label(), blue.label(), res); err != nil {
				return err
			}
		}
		if res.Unplayed {
			// As in a tournament, a round an agent could not play counts
			// for neither player.
			red.unplayed++
			blue.unplayed++
			for _, p := range []*player{red, blue} {
				if p.why == "" {
					p.why = "its opponent could not play"
				}
			}
			for _, f := range res.Faults {
				p := map[einstein.Color]*player{einstein.Red: red, einstein.Blue: blue}[f.Color]
				p.why = "could not play: " + f.Reason
			}
			fmt.Fprintf(out, "%s: not played: %s\n", head, res.Reason)
			continue
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
	}
	var absent []string
	for _, p := range players {
		line := fmt.Sprintf("%s: %d of %d rounds won (as red %d of %d, as blue %d of %d)", p.label(),
			p.wins[einstein.Red]+p.wins[einstein.Blue], played,
			p.wins[einstein.Red], p.rounds[einstein.Red], p.wins[einstein.Blue], p.rounds[einstein.Blue])
		if p.unplayed > 0 {
			line += fmt.Sprintf(", %s not played", plural.Of(p.unplayed, "round"))
			if p.rounds == [3]int{} {
				absent = append(absent, fmt.Sprintf("%s: %s", p.label(), p.why))
			}
		}
		fmt.Fprintln(out, line)
	}
	if err == nil && len(absent) > 0 {
		err = NeverPlayedError(strings.Join(absent, "; "))
	}
	return err
}
