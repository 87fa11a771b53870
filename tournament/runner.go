package tournament

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/tcgothello/mcts/match"
)

// Played is what a PlayFunc reports of one game: its result, and the exit
// status of each colour's engine process when it did not exit cleanly
// (empty otherwise, or when the engine is not a process).
type Played struct {
	Game  match.GameResult
	Exits [2]string
}

// PlayFunc plays one scheduled game, starting its engines afresh. Its error
// means the game could not be played at all (ctx cancelled, the judge
// failing); the game is then not recorded and is played again on resume.
// An engine's fault is never an error: it is a forfeit in the result.
type PlayFunc func(ctx context.Context, p Pairing) (Played, error)

// Runner plays a tournament's schedule, Concurrency games at a time.
type Runner struct {
	// Names are the engines' names, indexed as in the pairings.
	Names []string
	// Schedule is every game of the tournament, in order.
	Schedule []Pairing
	// Done holds the games already finished, from a results file; they are
	// not played again and count in the standings.
	Done []Record
	// Concurrency is how many games run at once (at least 1).
	Concurrency int
	// Play plays one game.
	Play PlayFunc
	// OnGame is called after each game, one call at a time, in the order
	// games finish; its error stops the tournament (for a results file
	// that cannot be written).
	OnGame func(rec Record, g *match.GameResult) error
	// OnRound is called once every game of rounds 1..round has finished,
	// in round order, with every record so far.
	OnRound func(round int, recs []Record)
	// OnRestart is called when an engine that broke a rule in its last
	// game is about to start its next one.
	OnRestart func(engine int, game int)
}

// errStopped reports that OnGame stopped the tournament.
var errStopped = errors.New("tournament stopped")

// Run plays every game of the schedule not already done and returns every
// record, the earlier ones first. It stops at the first error of ctx, Play
// or OnGame, after the games in progress end (they are cancelled).
func (r *Runner) Run(ctx context.Context) ([]Record, error) {
	recs := slices.Clone(r.Done)
	done := make(map[int]bool, len(recs))
	// faulted marks engines whose last finished game ended in their
	// forfeit: their next game is a restart worth saying so.
	faulted := make(map[int]bool)
	slices.SortFunc(recs, func(a, b Record) int { return a.Game - b.Game })
	for _, rec := range recs {
		done[rec.Game] = true
		noteFaults(faulted, rec)
	}
	left := make(map[int]int) // games left per round
	var todo []Pairing
	for _, p := range r.Schedule {
		if !done[p.Game] {
			todo = append(todo, p)
			left[p.Round]++
		}
	}
	lastRound := 0
	if n := len(r.Schedule); n > 0 {
		lastRound = r.Schedule[n-1].Round
	}
	announced := 0
	announce := func() {
		for announced < lastRound && left[announced+1] == 0 {
			announced++
			if r.OnRound != nil {
				r.OnRound(announced, recs)
			}
		}
	}
	announce() // rounds finished before a resume

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type finished struct {
		p         Pairing
		played    Played
		restarted []int
		err       error
		// goOn answers whether the worker may take another game, once the
		// result is recorded: so no game starts after a failure, and an
		// engine's fault is known before its next game starts.
		goOn chan bool
	}
	jobs := make(chan Pairing)
	results := make(chan finished)
	var mu sync.Mutex // guards faulted
	var wg sync.WaitGroup
	for range max(1, r.Concurrency) {
		wg.Go(func() {
			for p := range jobs {
				var restarted []int
				mu.Lock()
				for _, e := range []int{p.Black, p.White} {
					if faulted[e] {
						delete(faulted, e)
						restarted = append(restarted, e)
					}
				}
				mu.Unlock()
				for _, e := range restarted {
					if r.OnRestart != nil {
						r.OnRestart(e, p.Game)
					}
				}
				played, err := r.play(ctx, p)
				goOn := make(chan bool, 1)
				results <- finished{p, played, restarted, err, goOn}
				if !<-goOn {
					return
				}
			}
		})
	}
	go func() {
		defer close(jobs)
		for _, p := range todo {
			select {
			case jobs <- p:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	var firstErr error
	for f := range results {
		if firstErr != nil {
			f.goOn <- false // drain the games still ending
			continue
		}
		if f.err != nil {
			firstErr = f.err
			cancel()
			f.goOn <- false
			continue
		}
		rec := newRecord(f.p, r.Names, &f.played.Game, f.played.Exits)
		for _, e := range f.restarted {
			rec.Restarted = append(rec.Restarted, r.Names[e])
		}
		mu.Lock()
		noteFaults(faulted, rec)
		mu.Unlock()
		recs = append(recs, rec)
		if r.OnGame != nil {
			if err := r.OnGame(rec, &f.played.Game); err != nil {
				firstErr = errors.Join(errStopped, err)
				cancel()
				f.goOn <- false
				continue
			}
		}
		left[f.p.Round]--
		announce()
		f.goOn <- true
	}
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return recs, firstErr
}

// play calls Play, turning a panic into an error so that a bug stops the
// tournament with a message instead of a crash.
func (r *Runner) play(ctx context.Context, p Pairing) (played Played, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("internal error in game %d: %v", p.Game, v)
		}
	}()
	return r.Play(ctx, p)
}

// noteFaults marks the engine that broke a rule in rec, and clears the
// mark of the engines that played it cleanly.
func noteFaults(faulted map[int]bool, rec Record) {
	bad := rec.Faulted()
	for _, e := range []int{rec.BlackEngine, rec.WhiteEngine} {
		if e == bad {
			faulted[e] = true
		} else {
			delete(faulted, e)
		}
	}
}
