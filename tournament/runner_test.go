package tournament

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// fakePlay plays games without engines: black wins every game, except that
// engine broken forfeits the first game it plays. It counts the games each
// call plays and the most in flight at once.
type fakePlay struct {
	broken   int
	mu       sync.Mutex
	played   []int
	brokeIn  int
	inFlight atomic.Int32
	peak     atomic.Int32
	wait     time.Duration
	failAt   int // game number whose Play fails, 0 for none
}

func (f *fakePlay) play(ctx context.Context, p Pairing) (Played, error) {
	n := f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	for {
		old := f.peak.Load()
		if n <= old || f.peak.CompareAndSwap(old, n) {
			break
		}
	}
	select {
	case <-time.After(f.wait):
	case <-ctx.Done():
		return Played{}, ctx.Err()
	}
	if p.Game == f.failAt {
		return Played{}, errors.New("judge broke")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.played = append(f.played, p.Game)
	g := match.GameResult{Played: true, Outcome: match.BlackWins, Final: othello.Start()}
	var exits [2]string
	if f.brokeIn == 0 && (p.Black == f.broken || p.White == f.broken) {
		f.brokeIn = p.Game
		c := othello.Black
		g.Outcome = match.WhiteWins
		if p.White == f.broken {
			c, g.Outcome = othello.White, match.BlackWins
		}
		g.Forfeit, g.ForfeitBy = &otp.Forfeit{Reason: otp.ForfeitDisconnected}, c
		exits[c] = "exit status 3"
	}
	return Played{Game: g, Exits: exits}, nil
}

func TestRunnerPlaysEveryGame(t *testing.T) {
	names := []string{"a", "b", "c"}
	sched := Schedule(RoundRobin, 3, 3, testOpenings(t, 3), 5)
	f := &fakePlay{broken: 2, wait: 20 * time.Millisecond}
	var rounds []int
	var restarts [][2]int
	var seen []int
	r := Runner{Names: names, Schedule: sched, Concurrency: 3, Play: f.play,
		OnGame: func(rec Record, g *match.GameResult) error { seen = append(seen, rec.Game); return nil },
		OnRound: func(round int, recs []Record) {
			rounds = append(rounds, round)
			for _, p := range sched {
				if p.Round <= round && !slices.ContainsFunc(recs, func(r Record) bool { return r.Game == p.Game }) {
					t.Errorf("round %d announced before game %d (round %d) ended", round, p.Game, p.Round)
				}
			}
		},
		OnRestart: func(e, game int) { restarts = append(restarts, [2]int{e, game}) },
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	recs, err := r.Run(ctx)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(recs) != 18 || len(seen) != 18 || len(f.played) != 18 {
		t.Fatalf("%d records, %d OnGame calls, %d games played; want 18 each", len(recs), len(seen), len(f.played))
	}
	if !slices.Equal(rounds, []int{1, 2, 3}) {
		t.Errorf("OnRound calls %v, want 1, 2, 3", rounds)
	}
	if p := f.peak.Load(); p != 3 {
		t.Errorf("at most %d games at once, want 3", p)
	}
	// The broken engine's next game after its forfeit is a restart, and
	// only that one.
	var restarted []int
	for _, rec := range recs {
		if len(rec.Restarted) > 0 {
			if !slices.Equal(rec.Restarted, []string{"c"}) {
				t.Errorf("game %d restarted %v, want [c]", rec.Game, rec.Restarted)
			}
			restarted = append(restarted, rec.Game)
		}
		if rec.Game == f.brokeIn && (rec.Forfeit == nil || rec.Faulted() != 2 || rec.BlackExit+rec.WhiteExit != "exit status 3") {
			t.Errorf("game %d: %+v, want c's forfeit and exit status", rec.Game, rec)
		}
	}
	if len(restarted) != 1 || len(restarts) != 1 || restarts[0] != [2]int{2, restarted[0]} || restarted[0] <= f.brokeIn {
		t.Errorf("restarts in games %v, OnRestart %v; want one, for engine 2 in a game after %d", restarted, restarts, f.brokeIn)
	}
	st := Standings(names, recs)
	pts := 0.0
	for _, s := range st {
		pts += s.Points()
		if s.Games() != 12 {
			t.Errorf("%s played %d games, want 12", s.Name, s.Games())
		}
	}
	if pts != 18 {
		t.Errorf("points add up to %v, want 18", pts)
	}
}

// A resumed tournament plays only the games not yet done.
func TestRunnerResume(t *testing.T) {
	names := []string{"a", "b", "c"}
	sched := Schedule(Gauntlet, 3, 2, testOpenings(t, 2), 5)
	first := &fakePlay{broken: -1}
	r := Runner{Names: names, Schedule: sched[:5], Concurrency: 2, Play: first.play}
	done, err := r.Run(t.Context())
	if err != nil || len(done) != 5 {
		t.Fatalf("first part: %d records, %v; want 5", len(done), err)
	}
	second := &fakePlay{broken: -1}
	var rounds []int
	r = Runner{Names: names, Schedule: sched, Done: done, Concurrency: 2, Play: second.play,
		OnRound: func(round int, _ []Record) { rounds = append(rounds, round) }}
	all, err := r.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(second.played)
	if !slices.Equal(second.played, []int{6, 7, 8}) || len(all) != 8 {
		t.Errorf("resumed run played %v and returned %d records, want games 6, 7, 8 and 8 records", second.played, len(all))
	}
	if !slices.Equal(rounds, []int{1, 2}) {
		t.Errorf("OnRound calls %v, want 1 (done before) and 2", rounds)
	}
}

// A failing Play stops the tournament: no new game starts, the error comes
// back, and the failed game is not recorded.
func TestRunnerStopsOnError(t *testing.T) {
	sched := Schedule(RoundRobin, 3, 4, testOpenings(t, 2), 5)
	f := &fakePlay{broken: -1, failAt: 3}
	r := Runner{Names: []string{"a", "b", "c"}, Schedule: sched, Concurrency: 1, Play: f.play}
	recs, err := r.Run(t.Context())
	if err == nil || err.Error() != "judge broke" {
		t.Fatalf("Run error %v, want judge broke", err)
	}
	if len(recs) != 2 || !slices.Equal(f.played, []int{1, 2}) {
		t.Errorf("%d records, played %v; want games 1 and 2 only", len(recs), f.played)
	}
}
