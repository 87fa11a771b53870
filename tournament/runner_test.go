package tournament

import (
	"context"
	"errors"
	"fmt"
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
		OnGame: func(rec Record, _ *Played) error { seen = append(seen, rec.Game); return nil },
		OnRound: func(round int, recs []Record) {
			rounds = append(rounds, round)
			for _, p := range sched {
				if p.Round <= round && !slices.ContainsFunc(recs, func(r Record) bool { return r.Game == p.Game }) {
					t.Errorf("round %d announced before game %d (round %d) ended", round, p.Game, p.Round)
				}
			}
			// Games of later rounds that ended first are not counted.
			if len(recs) != 6*round {
				t.Errorf("round %d announced with %d records, want %d (rounds 1..%d only)", round, len(recs), 6*round, round)
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
		if rec.Game == f.brokeIn && (rec.Forfeit == nil || !slices.Equal(rec.Faulted(), []int{2}) || rec.BlackExit+rec.WhiteExit != "exit status 3") {
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
	var standings [][]Standing
	r = Runner{Names: names, Schedule: sched, Done: done, Concurrency: 2, Play: second.play,
		OnRound: func(round int, recs []Record) {
			rounds = append(rounds, round)
			standings = append(standings, Standings(names, recs))
		}}
	all, err := r.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(second.played)
	if !slices.Equal(second.played, []int{6, 7, 8}) || len(all) != 8 {
		t.Errorf("resumed run played %v and returned %d records, want games 6, 7, 8 and 8 records", second.played, len(all))
	}
	// Round 1 (games 1-4) ended before the resume and was announced then.
	if !slices.Equal(rounds, []int{2}) {
		t.Fatalf("OnRound calls %v, want round 2 only", rounds)
	}
	// Black wins every game: after two rounds of the gauntlet a (the
	// hero) has 4 wins and 4 losses, b and c 2 and 2 each.
	for _, s := range standings[0] {
		want := Score{Wins: 2, Losses: 2}
		if s.Name == "a" {
			want = Score{Wins: 4, Losses: 4}
		}
		if s.Score != want {
			t.Errorf("standings after round 2: %s %+v, want %+v", s.Name, s.Score, want)
		}
	}
}

// An interrupted round is announced on resume, with its games only, even
// when games of the next round were already done.
func TestRunnerResumeAnnouncesUnfinishedRound(t *testing.T) {
	names := []string{"a", "b"}
	sched := Schedule(RoundRobin, 2, 3, testOpenings(t, 3), 5) // 2 games a round
	first := &fakePlay{broken: -1}
	r := Runner{Names: names, Schedule: sched, Concurrency: 1, Play: first.play}
	all, err := r.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// Keep games 1, 2 (round 1), 4 (round 2) and 5 (round 3): game 3 was
	// cut short.
	done := slices.DeleteFunc(all, func(rec Record) bool { return rec.Game == 3 || rec.Game == 6 })
	var got []string
	r = Runner{Names: names, Schedule: sched, Done: done, Concurrency: 1, Play: (&fakePlay{broken: -1}).play,
		OnRound: func(round int, recs []Record) {
			var ids []int
			for _, rec := range recs {
				ids = append(ids, rec.Game)
			}
			slices.Sort(ids)
			got = append(got, fmt.Sprint(round, ids))
		}}
	if _, err := r.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	if want := []string{"2 [1 2 3 4]", "3 [1 2 3 4 5 6]"}; !slices.Equal(got, want) {
		t.Errorf("OnRound calls %q, want %q", got, want)
	}
}

// gatedPlay plays games that end only when the test says so, in the order
// it chooses, so that a test under concurrency is deterministic. Every
// game is a black win, except that faults[game] forfeits that colour.
type gatedPlay struct {
	release map[int]chan struct{}
	faults  map[int]othello.Color
}

func newGatedPlay(games int, faults map[int]othello.Color) *gatedPlay {
	g := &gatedPlay{release: map[int]chan struct{}{}, faults: faults}
	for n := 1; n <= games; n++ {
		g.release[n] = make(chan struct{}, 1)
	}
	return g
}

func (g *gatedPlay) play(ctx context.Context, p Pairing) (Played, error) {
	select {
	case <-g.release[p.Game]:
	case <-ctx.Done():
		return Played{}, ctx.Err()
	}
	res := match.GameResult{Played: true, Outcome: match.BlackWins, Final: othello.Start()}
	if c, ok := g.faults[p.Game]; ok {
		res.Forfeit, res.ForfeitBy = &otp.Forfeit{Reason: otp.ForfeitTimeout}, c
		if c == othello.Black {
			res.Outcome = match.WhiteWins
		}
	}
	return Played{Game: res}, nil
}

// Restart marks under concurrency follow the order in which games end and
// start, not which worker looks first: the first game of an engine started
// after its forfeit is recorded is marked, even when a clean game of that
// engine, started before, ends in between; and only that one.
func TestRunnerRestartMarksUnderConcurrency(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	sched := Schedule(RoundRobin, 4, 1, testOpenings(t, 1), 5)
	// Games: 1 a-b, 2 b-a, 3 a-c, 4 c-a, 5 a-d, 6 d-a, 7 b-c, 8 c-b,
	// 9 b-d, 10 d-b, 11 c-d, 12 d-c. b (white) forfeits game 1 and
	// (black) game 9.
	if p := sched[6]; p.Black != 1 || p.White != 2 {
		t.Fatalf("game 7 is %d-%d, want b-c", p.Black, p.White)
	}
	g := newGatedPlay(len(sched), map[int]othello.Color{1: othello.White, 9: othello.Black})
	ended := make(chan int, len(sched))
	var restarts [][2]int
	r := Runner{Names: names, Schedule: sched, Concurrency: 2, Play: g.play,
		OnGame:    func(rec Record, _ *Played) error { ended <- rec.Game; return nil },
		OnRestart: func(e, game int) { restarts = append(restarts, [2]int{e, game}) },
	}
	type out struct {
		recs []Record
		err  error
	}
	res := make(chan out, 1)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	go func() {
		recs, err := r.Run(ctx)
		res <- out{recs, err}
	}()
	// Games 1 and 2 start. Game 1 ends (b's forfeit): game 3 (a-c) starts.
	// Game 2, b's clean game started before the forfeit, ends: it must not
	// clear the mark. Games 3.. end in order; game 7 is b's first game
	// started after its forfeit.
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12} {
		g.release[n] <- struct{}{}
		select {
		case got := <-ended:
			if got != n {
				t.Fatalf("game %d ended, want %d", got, n)
			}
		case <-ctx.Done():
			t.Fatalf("game %d did not end", n)
		}
	}
	o := <-res
	if o.err != nil || len(o.recs) != 12 {
		t.Fatalf("Run: %d records, %v; want 12", len(o.recs), o.err)
	}
	// Game 9's forfeit (b black) ends when 10 (d-b) is already under way
	// (started when 8 ended): the next game of b started after is none.
	marked := map[int][]string{}
	for _, rec := range o.recs {
		if len(rec.Restarted) > 0 {
			marked[rec.Game] = rec.Restarted
		}
	}
	if len(marked) != 1 || !slices.Equal(marked[7], []string{"b"}) {
		t.Errorf("restart marks %v, want game 7 only, for b", marked)
	}
	if !slices.Equal(restarts, [][2]int{{1, 7}}) {
		t.Errorf("OnRestart calls %v, want b in game 7", restarts)
	}
}

// A resumed tournament marks the next game of an engine whose last
// recorded game was its forfeit.
func TestRunnerRestartAfterResume(t *testing.T) {
	names := []string{"a", "b"}
	sched := Schedule(RoundRobin, 2, 2, testOpenings(t, 2), 5)
	g := newGatedPlay(len(sched), map[int]othello.Color{2: othello.White})
	for _, c := range g.release {
		c <- struct{}{}
	}
	r := Runner{Names: names, Schedule: sched[:2], Concurrency: 1, Play: g.play}
	done, err := r.Run(t.Context())
	if err != nil || len(done) != 2 {
		t.Fatalf("first part: %d records, %v", len(done), err)
	}
	r = Runner{Names: names, Schedule: sched, Done: done, Concurrency: 1, Play: g.play}
	all, err := r.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range all {
		want := []string(nil)
		if rec.Game == 3 {
			want = []string{names[sched[1].White]}
		}
		if !slices.Equal(rec.Restarted, want) {
			t.Errorf("game %d restarted %v, want %v", rec.Game, rec.Restarted, want)
		}
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

// Stop ends the tournament without error: asked after each game, with
// every record so far; the games in progress are abandoned, unrecorded.
// Asked first with Done, it can end a resumed tournament at once.
func TestRunnerStop(t *testing.T) {
	sched := Schedule(RoundRobin, 2, 10, testOpenings(t, 2), 5)
	f := &fakePlay{broken: -1, wait: 10 * time.Millisecond}
	var asked []int
	r := Runner{Names: []string{"a", "b"}, Schedule: sched, Concurrency: 2, Play: f.play,
		Stop: func(recs []Record) bool { asked = append(asked, len(recs)); return len(recs) >= 4 }}
	recs, err := r.Run(t.Context())
	if err != nil || len(recs) != 4 {
		t.Fatalf("Run: %d records, %v; want 4 and no error", len(recs), err)
	}
	if !slices.Equal(asked, []int{0, 1, 2, 3, 4}) {
		t.Errorf("Stop asked with %v records, want 0 (Done), then after each game up to 4", asked)
	}
	// Games 5 and 6 may have started alongside; none was recorded.
	if len(f.played) > 4+1 {
		t.Errorf("played %v after the stop at 4 games, want at most one more (abandoned)", f.played)
	}
	r = Runner{Names: []string{"a", "b"}, Schedule: sched, Done: recs, Concurrency: 1, Play: f.play,
		Stop: func(recs []Record) bool { return len(recs) >= 4 }}
	f.played = nil
	again, err := r.Run(t.Context())
	if err != nil || len(again) != 4 || len(f.played) != 0 {
		t.Errorf("resumed after the stop: %d records, %v, played %v; want the 4 done, nothing played", len(again), err, f.played)
	}
}
