// Package director runs a tournament between engine programs as judge
// tournament does: it checks the programs, reads the openings, sets the
// tournament up or resumes it from its results file (locked while it
// plays), plays the schedule (package tournament's Runner) with a fresh
// process of each engine for every game (packages othellogame, kaggame
// and einsteingame), saves each game as it ends (results, record, engine
// logs), prints the standings after every round, and writes the final
// standings, the pairs, the sequential test's verdict and the JSON
// summary at the end.
package director

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/tournament"
)

// Config is a tournament to run: the command line of judge tournament,
// checked.
type Config struct {
	Game    string // tournament.GameOthello, GameKillAllGo or GameEinstein
	Engines []tournament.EngineInfo
	// EngineArgs are each engine's command split into a program and its
	// arguments (engineproc.SplitCommand), indexed as Engines.
	EngineArgs [][]string
	Mode       tournament.Mode
	Rounds     int
	// Openings is the openings file of the game, "" for its shipped set.
	Openings string
	// Seed fixes the opening order and the engines' seeds when SeedGiven;
	// else a resumed tournament keeps its file's, a new one takes the
	// clock's.
	Seed        uint64
	SeedGiven   bool
	Concurrency int // games played at once, at least 1
	// Results is the results file, "" for none: an existing one is
	// resumed.
	Results string
	// Record is the file of every game's record, "" for none; for
	// Othello, RecordGGF writes it as GGF rather than as text.
	Record    string
	RecordGGF bool
	// JSON is the file of the machine-readable summary, "" for none.
	JSON string
	// EngineLogDir holds the engines' output, game-NNNN/engine1.log and
	// engine2.log; "" for a new temporary directory.
	EngineLogDir string
	// Host is the address the judge listens on for OTP engines.
	Host  string
	SPRT  *tournament.SPRT  // the sequential test of two engines, nil for none
	Shard *tournament.Shard // the shard to play, nil for the whole tournament
	// Limits are the time limits of a game.
	Limits match.Limits
	// EngineLimits hold every engine process to the course's resources.
	EngineLimits engineproc.Limits
	// ShowResources prints what each engine used after the final
	// standings.
	ShowResources bool
}

// Output is where a tournament reports.
type Output struct {
	// Stdout gets the standings after every round and the end.
	Stdout io.Writer
	// Progress gets a line for each game as it ends; it may be shared
	// with Log, and must then be safe for it (zapcore.Lock).
	Progress io.Writer
	Log      *zap.Logger
	// OnGame, if set, is called after each game is saved.
	OnGame func(tournament.Record)
}

// NeverPlayedError reports a tournament that ran to its end although an
// engine never played a game (every one lost unplayed): the standings say
// little of it, so the judge exits non-zero for scripts to notice.
type NeverPlayedError string

func (e NeverPlayedError) Error() string { return "never played a game: " + string(e) }

// tourney is a tournament being played.
type tourney struct {
	cfg     Config
	out     Output
	header  tournament.Header
	names   []string
	logDir  string
	log     *zap.Logger
	total   int
	mu      sync.Mutex // guards record writes and the progress count
	record  *os.File
	results *tournament.ResultsFile
	count   int
	recs    []tournament.Record // every record so far, for the sequential test
	host    *engineproc.Host    // starts the engines under their limits
}

// sprt returns where the sequential test stands on recs, nil without one
// or in a shard, which holds only some of the games the test counts.
func (t *tourney) sprt(recs []tournament.Record) *tournament.SPRTResult {
	if t.cfg.SPRT == nil || t.cfg.Shard != nil {
		return nil
	}
	r := t.cfg.SPRT.Result(tournament.CountPairs(recs, 0, 1))
	return &r
}

// Run sets the tournament up (programs and the summary's file checked,
// openings, schedule, files, resume), plays it and writes its results. Its error is ctx's
// when interrupted (the finished games are in the results file), a
// NeverPlayedError when an engine of the whole tournament played no game,
// or what stopped it (a program missing, a file that cannot be resumed or
// written).
func Run(ctx context.Context, cfg Config, out Output) error {
	if err := tournament.CheckProtocols(cfg.Game, cfg.Engines); err != nil {
		return err
	}
	for i, argv := range cfg.EngineArgs {
		if err := engineproc.CheckProgram(argv); err != nil {
			return fmt.Errorf("engine %s: %w", cfg.Engines[i].Name, err)
		}
	}
	// The summary is written at the end: a file that cannot be written
	// is found now, not after every game is played.
	if err := (match.Files{Summary: cfg.JSON}).Check(); err != nil {
		return err
	}
	openings, err := loadGameOpenings(cfg.Game, cfg.Openings)
	if err != nil {
		return err
	}
	log := out.Log
	t := &tourney{out: out, log: log}
	if t.host, err = engineproc.NewHost(cfg.EngineLimits); err != nil {
		return err
	}
	if err := cfg.Limits.Time.Check(t.host); err != nil {
		return err
	}
	for _, e := range cfg.Engines {
		t.names = append(t.names, e.Name)
	}
	var done []tournament.Record
	resume := false
	var old tournament.Header
	if cfg.Results != "" {
		// Held from before the file is read for a resume until the last
		// game is written, so that two judges never share one file.
		unlock, err := tournament.LockResults(cfg.Results)
		if err != nil {
			return err
		}
		defer unlock()
		if old, done, resume, err = readForResume(cfg.Results, log); err != nil {
			return err
		}
		if resume && !cfg.SeedGiven {
			cfg.Seed, cfg.SeedGiven = old.Seed, true
		}
	}
	if !cfg.SeedGiven {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	t.cfg = cfg
	t.header = tournament.Header{Game: headerGame(cfg.Game), Mode: cfg.Mode.String(), Seed: cfg.Seed, Rounds: cfg.Rounds, Engines: cfg.Engines,
		GenMoveMS: match.Milliseconds(cfg.Limits.GenMove), ReplyMS: match.Milliseconds(cfg.Limits.Reply), Start: time.Now().UTC(),
		SPRTTest: cfg.SPRT, Shard: cfg.Shard}
	if cfg.Limits.Time.ByCPU() {
		t.header.TimeBasis = cfg.Limits.Time.Name()
		t.header.WallCapMS = match.Milliseconds(t.moveWait())
	}
	for _, op := range openings {
		t.header.Openings = append(t.header.Openings, op.String())
	}
	if resume {
		if err := t.checkResume(&old, done); err != nil {
			return err
		}
	}
	schedule, err := t.header.Schedule()
	if err != nil {
		return err
	}
	if err := tournament.CheckRecords(done, schedule, t.names, Replayer(t.header.Game)); err != nil {
		return fmt.Errorf("cannot resume from %s: %w (the file is left as it is)", cfg.Results, err)
	}
	if cfg.Shard != nil {
		if err := cfg.Shard.Check(done); err != nil {
			return fmt.Errorf("cannot resume from %s: %w (the file is left as it is)", cfg.Results, err)
		}
		schedule = cfg.Shard.Of(schedule)
		log.Info("shard", zap.Stringer("shard", cfg.Shard), zap.Int("games", len(schedule)))
	}
	t.total = len(schedule)
	t.count = len(done)
	t.recs = slices.Clone(done)
	log.Info("tournament", zap.String("game", cfg.Game), zap.String("mode", cfg.Mode.String()), zap.Strings("engines", t.names), zap.Int("rounds", cfg.Rounds),
		zap.Int("games", len(schedule)), zap.Int("openings", len(openings)), zap.Uint64("seed", cfg.Seed),
		zap.Int("concurrency", cfg.Concurrency), zap.String("time_basis", cfg.Limits.Time.Name()))
	if resume {
		log.Info("resuming", zap.String("results", cfg.Results), zap.Int("games_done", len(done)), zap.Int("games_left", len(schedule)-len(done)))
	}

	if resume && cfg.Rounds > old.Rounds {
		// The header records the extension, so that a later resume with
		// fewer rounds is refused instead of dropping the games beyond.
		old.Rounds = cfg.Rounds
		if err := tournament.RewriteHeader(cfg.Results, old); err != nil {
			return fmt.Errorf("results file %s: %w", cfg.Results, err)
		}
		log.Info("tournament extended", zap.Int("rounds", cfg.Rounds))
	}
	if err := t.openFiles(resume); err != nil {
		return err
	}
	t.host.Log(log)
	match.WarnOverCores(log, cfg.Concurrency, cfg.EngineLimits.CPUs)
	defer t.closeFiles()
	return t.run(ctx, schedule, done)
}

// readForResume reads the results file at path for a resume: its header
// and games, and whether there is anything to resume. A file cut short
// before its header line ended holds no game: it is started afresh, with
// a warning.
func readForResume(path string, log *zap.Logger) (old tournament.Header, done []tournament.Record, resume bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) || err == nil && len(data) == 0 {
		return old, nil, false, nil
	} else if err != nil {
		return old, nil, false, err
	}
	old, done, err = tournament.ReadResults(bytes.NewReader(data))
	switch {
	case errors.Is(err, tournament.ErrNoHeader):
		// Cut short while being created: it holds no game.
		log.Warn("results file has no complete header line, so no game: starting afresh", zap.String("results", path))
		return old, nil, false, nil
	case errors.Is(err, tournament.ErrNotResults):
		return old, nil, false, fmt.Errorf("results file %s: %w: remove the file or name another with --results", path, err)
	case err != nil:
		return old, nil, false, fmt.Errorf("results file %s: %w", path, err)
	}
	return old, done, true, nil
}

// checkResume checks that the tournament of the results file's header old,
// holding the games done, is this one, and warns of each engine whose
// command changed.
func (t *tourney) checkResume(old *tournament.Header, done []tournament.Record) error {
	if err := old.Compatible(&t.header); err != nil {
		return fmt.Errorf("cannot resume from %s: %w", t.cfg.Results, err)
	}
	t.header.Start = old.Start
	for _, c := range old.ChangedCommands(&t.header) {
		t.log.Warn("resuming with a changed engine command: the games in the file were played by the old one", zap.String("change", c))
	}
	// A file extended before its header recorded extensions may hold
	// rounds its header does not: never drop them silently.
	for _, r := range done {
		if r.Round > t.cfg.Rounds {
			return fmt.Errorf("cannot resume from %s: it holds games of round %d, more than --rounds %d", t.cfg.Results, r.Round, t.cfg.Rounds)
		}
	}
	return nil
}

// run plays the schedule, done being the games already finished, and
// writes the end: the final standings, the verdict, the summary.
func (t *tourney) run(ctx context.Context, schedule []tournament.Pairing, done []tournament.Record) error {
	cfg, log, stdout := t.cfg, t.log, t.out.Stdout
	r := tournament.Runner{Names: t.names, Schedule: schedule, Done: done, Concurrency: cfg.Concurrency, Play: t.playFunc(),
		OnGame: func(rec tournament.Record, played *tournament.Played) error {
			err := t.gameDone(rec, played)
			if t.out.OnGame != nil {
				t.out.OnGame(rec)
			}
			return err
		},
		// recs are the games of rounds 1..round only.
		OnRound: func(round int, recs []tournament.Record) {
			fmt.Fprintf(stdout, "standings after round %d/%d (%d games)\n", round, cfg.Rounds, len(recs))
			tournament.WriteStandings(stdout, tournament.Standings(t.names, recs))
			fmt.Fprintln(stdout)
		},
		OnRestart: func(e, game int) {
			log.Warn("restarting engine after its forfeit", zap.String("engine", t.names[e]), zap.Int("game", game))
		},
	}
	if cfg.SPRT != nil && cfg.Shard != nil {
		log.Info("sprt: a shard plays all its games; judge tournament merge applies the test in game order, as a single run would", zap.Stringer("test", cfg.SPRT))
	}
	if cfg.SPRT != nil && cfg.Shard == nil {
		lower, upper := cfg.SPRT.Bounds()
		log.Info("sprt", zap.Stringer("test", cfg.SPRT), zap.String("h0", fmt.Sprintf("%s is %+g Elo stronger than %s", t.names[0], cfg.SPRT.Elo0, t.names[1])),
			zap.String("h1", fmt.Sprintf("%+g Elo", cfg.SPRT.Elo1)), zap.Float64("lower", lower), zap.Float64("upper", upper))
		r.Stop = func(recs []tournament.Record) bool { return t.sprt(recs).Decided() }
	}
	recs, runErr := r.Run(ctx)

	test := t.sprt(recs)
	tournament.WriteFinal(stdout, t.names, recs, fmt.Sprintf("%d of %d games", len(recs), len(schedule)), test,
		runErr == nil && len(recs) == len(schedule), cfg.ShowResources)
	if cfg.JSON != "" {
		complete := runErr == nil && (len(recs) == len(schedule) || test != nil && test.Decided())
		s := tournament.NewSummary(t.header, recs, complete, time.Now())
		s.SPRT = test
		if err := s.WriteFile(cfg.JSON); err != nil {
			return errors.Join(runErr, err)
		}
		log.Info("summary written", zap.String("file", cfg.JSON))
	}
	if runErr != nil {
		return runErr
	}
	if absent := tournament.NeverPlayed(t.names, recs); len(absent) > 0 {
		if cfg.Shard != nil {
			// A shard holds a few games of each engine: the merge judges.
			log.Warn("in this shard, never played a game", zap.Strings("engines", absent))
			return nil
		}
		return NeverPlayedError(strings.Join(absent, ", "))
	}
	return nil
}
