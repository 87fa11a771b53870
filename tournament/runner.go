package tournament

import (
	"context"
	"fmt"
	"slices"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/otp"
)

// Played is what a PlayFunc reports of one game: its result, and the exit
// status of each colour's engine process when it did not exit cleanly
// (empty otherwise, or when the engine is not a process).
type Played struct {
	Game  match.GameResult
	Exits [2]string
	// Forfeits holds each colour's forfeit when both engines broke a rule
	// (a game neither could play), which Game, with one Forfeit, cannot
	// say; nil otherwise.
	Forfeits [2]*otp.Forfeit
	// Usage holds what each colour's engine process used, nil where the
	// engine is not a process.
	Usage [2]*engineproc.Usage
	// Moves are the moves of a game other than Othello, in that game's
	// notation, one word a ply, for the results file; Game then holds the
	// outcome, forfeit, start and duration, and no Othello moves or discs.
	Moves string
	// Record is the game's record in its game's own format (SGF for
	// Kill-All Go), written to the tournament's record file as it is;
	// nil for Othello, whose records the judge writes (text or GGF).
	Record []byte
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
	OnGame func(rec Record, played *Played) error
	// OnRound is called once every game of rounds 1..round has finished,
	// in round order, with the records of those rounds only. Rounds
	// already finished in Done are not announced again.
	OnRound func(round int, recs []Record)
	// OnRestart is called when an engine is started afresh after a
	// forfeit (see Record.Restarted for which game that is).
	OnRestart func(engine int, game int)
	// Stop, if set, is asked whether the tournament has ended early (a
	// sequential test decided): once with Done before the first game, and
	// after each recorded game, with every record so far. When it says so,
	// Run starts no more games, abandons those in progress (unrecorded, to
	// be played on a resume) and returns the records with no error.
	Stop func(recs []Record) bool
}

// finished is a game's end as a player goroutine reports it.
type finished struct {
	p         Pairing
	played    Played
	restarted []int
	err       error
}

// Run plays every game of the schedule not already done and returns every
// record, the earlier ones first. It stops at the first error of ctx, Play
// or OnGame, after the games in progress end (they are cancelled).
//
// One goroutine, this one, starts the games in schedule order and records
// them as they end, so that the restart marks follow a single order of
// events: a game is marked restarted for an engine when it is the first
// game of that engine started after one of its forfeits was recorded.
// With Concurrency 1 that is the engine's next game; with more, games
// already under way when the forfeit is recorded are not marked.
func (r *Runner) Run(ctx context.Context) ([]Record, error) {
	recs := slices.Clone(r.Done)
	slices.SortFunc(recs, func(a, b Record) int { return a.Game - b.Game })
	done := make(map[int]bool, len(recs))
	// pending marks the engines whose forfeit is recorded and who have
	// not started a game since: their next game is a restart.
	pending := make(map[int]bool)
	last := make(map[int]int) // latest done game of each engine
	for _, rec := range recs {
		done[rec.Game] = true
		for _, e := range []int{rec.BlackEngine, rec.WhiteEngine} {
			if rec.Game > last[e] {
				last[e] = rec.Game
				pending[e] = slices.Contains(rec.Faulted(), e)
			}
		}
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
	// Rounds finished before a resume were announced by the run that
	// finished them.
	announced := 0
	for announced < lastRound && left[announced+1] == 0 {
		announced++
	}
	announce := func() {
		for announced < lastRound && left[announced+1] == 0 {
			announced++
			if r.OnRound != nil {
				r.OnRound(announced, slices.DeleteFunc(slices.Clone(recs), func(rec Record) bool { return rec.Round > announced }))
			}
		}
	}

	if r.Stop != nil && r.Stop(recs) {
		return recs, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan finished)
	running, next := 0, 0
	start := func() {
		p := todo[next]
		next++
		running++
		var restarted []int
		for _, e := range []int{p.Black, p.White} {
			if pending[e] {
				pending[e] = false
				restarted = append(restarted, e)
				if r.OnRestart != nil {
					r.OnRestart(e, p.Game)
				}
			}
		}
		go func() {
			played, err := r.play(ctx, p)
			results <- finished{p, played, restarted, err}
		}()
	}
	for next < len(todo) && running < max(1, r.Concurrency) {
		start()
	}

	var firstErr error
	stopped := false
	for running > 0 {
		f := <-results
		running--
		if firstErr != nil || stopped {
			continue // a game cancelled after the failure or the stop: not recorded
		}
		if f.err != nil {
			firstErr = f.err
			cancel()
			continue
		}
		rec := newRecord(f.p, r.Names, &f.played)
		for _, e := range f.restarted {
			rec.Restarted = append(rec.Restarted, r.Names[e])
		}
		for _, e := range rec.Faulted() {
			pending[e] = true
		}
		recs = append(recs, rec)
		if r.OnGame != nil {
			if err := r.OnGame(rec, &f.played); err != nil {
				firstErr = fmt.Errorf("tournament stopped: %w", err)
				cancel()
				continue
			}
		}
		left[f.p.Round]--
		announce()
		if r.Stop != nil && r.Stop(recs) {
			stopped = true
			cancel()
			continue
		}
		for next < len(todo) && running < max(1, r.Concurrency) && ctx.Err() == nil {
			start()
		}
	}
	if stopped {
		return recs, nil
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
