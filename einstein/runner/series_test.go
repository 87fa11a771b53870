package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/einstein"
)

// quitter is a seat that plays the first legal move and abandons the
// games in its round number quitIn (counting from 1; 0 never).
type quitter struct {
	scripted
	quitIn, round int
}

func (q *quitter) Begin(c einstein.Color, l einstein.Layout) error {
	q.round++
	return q.scripted.Begin(c, l)
}

func (q *quitter) Move(ctx context.Context, pos einstein.Position, last einstein.Move, limit time.Duration) (einstein.Move, error) {
	if q.round == q.quitIn {
		return einstein.Pass, fmt.Errorf("%w: end of the input", ErrAbandon)
	}
	return q.scripted.Move(ctx, pos, last, limit)
}

// firstLegalRound plays a round of two first-legal-move players here, as
// the reference: the winner and the plies.
func firstLegalRound(l einstein.Layout) (einstein.Color, int) {
	pos := einstein.New(l)
	for !pos.Over() {
		pos.PlayLegal(firstLegal(pos))
	}
	return pos.Winner(), pos.Ply()
}

// TestSeriesPlay: the boards and the first colours are the seed's, the colours alternate, each
// round's line and the record agree with the reference games, and the
// summary adds up.
func TestSeriesPlay(t *testing.T) {
	const seed, rounds = 11, 4
	var out, record strings.Builder
	s := Series{Seats: [2]Seat{&quitter{}, &quitter{}}, Rounds: rounds, Seed: seed, Limit: time.Second, Record: &record}
	if err := s.Play(t.Context(), &out); err != nil {
		t.Fatal(err)
	}
	want := []string{"seed 11"}
	boards := CourseLayouts(seed) // checked against the course's draws in TestCourseDraws
	var wins, asRed, winsRed [3]int
	for n := 1; n <= rounds; n++ {
		l := boards()
		red, blue := CourseFirstRed(seed), 3-CourseFirstRed(seed)
		if n%2 == 0 {
			red, blue = blue, red
		}
		w, plies := firstLegalRound(l)
		winner := map[einstein.Color]int{einstein.Red: red, einstein.Blue: blue}[w]
		wins[winner]++
		asRed[red]++
		if w == einstein.Red {
			winsRed[winner]++
		}
		want = append(want, fmt.Sprintf("round %d: red scripted (player %d), blue scripted (player %d), layout %v: %v scripted (player %d) wins, ",
			n, red, blue, l, w, winner)+fmt.Sprint(plies))
		if !strings.Contains(record.String(), fmt.Sprintf("round %d\nlayout %v\nred scripted (player %d)\n", n, l, red)) {
			t.Errorf("the record lacks round %d:\n%s", n, record.String())
		}
	}
	for p := 1; p <= 2; p++ {
		want = append(want, fmt.Sprintf("scripted (player %d): %d of %d rounds won (as red %d of %d, as blue %d of %d)",
			p, wins[p], rounds, winsRed[p], asRed[p], wins[p]-winsRed[p], rounds-asRed[p]))
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("got\n%s\nwant %d lines", out.String(), len(want))
	}
	for i := range want {
		// A round line ends with the reason and the plies: compare its
		// start, and the plies at its end.
		if head, plies, ok := strings.Cut(want[i], " wins, "); ok {
			if !strings.HasPrefix(lines[i], head+" wins, ") || !strings.HasSuffix(lines[i], ", "+plies+" plies") {
				t.Errorf("line %d: %q, want %q ... %s plies", i, lines[i], head, plies)
			}
			continue
		}
		if lines[i] != want[i] {
			t.Errorf("line %d: %q, want %q", i, lines[i], want[i])
		}
	}
}

// TestSeriesAbandoned: a seat that abandons ends the games without an
// error, the round uncounted; a cancelled context is ErrInterrupted, with
// the summary written; a record that cannot be written is the error,
// without it.
func TestSeriesAbandoned(t *testing.T) {
	var out strings.Builder
	s := Series{Seats: [2]Seat{&quitter{}, &quitter{quitIn: 2}}, Seed: 1, Limit: time.Second}
	if err := s.Play(t.Context(), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[2], "round 2: red scripted (player 2), blue scripted (player 1), layout ") ||
		!strings.HasSuffix(lines[2], ": abandoned: end of the input") ||
		!strings.Contains(lines[3], " of 1 rounds won (as red ") || !strings.Contains(lines[4], " of 1 rounds won (as red 0 of 0, as blue ") {
		t.Errorf("got\n%s\nwant round 1, round 2 abandoned, and one round counted", out.String())
	}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	out.Reset()
	s = Series{Seats: [2]Seat{&quitter{}, &quitter{}}, Rounds: 3, Seed: 1, Limit: time.Second}
	if err := s.Play(ctx, &out); !errors.Is(err, ErrInterrupted) || !strings.Contains(out.String(), "0 of 0 rounds won") {
		t.Errorf("cancelled: %v\n%s", err, out.String())
	}

	out.Reset()
	s.Record = failingWriter{}
	if err := s.Play(t.Context(), &out); err == nil || err.Error() != "disk full" || strings.Contains(out.String(), "rounds won") {
		t.Errorf("a record that cannot be written: %v\n%s", err, out.String())
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A series in which one seat's agent ends before its first move in every
// round plays no round: each is reported not played and counted for
// neither player, and Play returns a NeverPlayedError naming both
// players, each with its reason.
func TestSeriesNeverPlayed(t *testing.T) {
	var out strings.Builder
	s := Series{Seats: [2]Seat{&ended{}, &alive{}}, Rounds: 2, Seed: 1, Limit: time.Second}
	err := s.Play(t.Context(), &out)
	want := NeverPlayedError(`scripted (player 1): could not play: ` + errEnded.Error() + `; scripted (player 2): its opponent could not play`)
	if !errors.Is(err, want) {
		t.Errorf("error %v, want %v", err, want)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 5 || strings.Count(out.String(), ": not played: ") != 2 ||
		lines[3] != "scripted (player 1): 0 of 0 rounds won (as red 0 of 0, as blue 0 of 0), 2 rounds not played" {
		t.Errorf("output:\n%s", out.String())
	}
	// One round played is enough: no error.
	out.Reset()
	s.Seats = [2]Seat{&alive{}, &alive{}}
	if err := s.Play(t.Context(), &out); err != nil || strings.Contains(out.String(), "not played") {
		t.Errorf("error %v, output:\n%s", err, out.String())
	}
}
