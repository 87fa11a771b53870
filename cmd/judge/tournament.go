package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/tournament"
)

// runTournament is "judge tournament ...": it parses the arguments, plays
// the tournament and returns the exit status.
func runTournament(ctx context.Context, args []string, stdout, stderr io.Writer, h *hooks) int {
	if len(args) > 0 && args[0] == "merge" {
		return runMerge(args[1:], stdout, stderr)
	}
	o, err := parseTournamentOptions(args, stdout)
	if code, ok := parsed(err, "judge tournament", stderr); !ok {
		return code
	}
	errw, log := stderrLogger(stderr, o.logLevel)
	defer log.Sync()
	if err := playTournament(ctx, o, stdout, errw, log, h); err != nil {
		if errors.As(err, new(neverPlayedError)) {
			log.Error("tournament played without an engine", zap.Error(err))
			return 1
		}
		if ctx.Err() != nil {
			if o.results == "" {
				log.Error("tournament interrupted: without --results the finished games are not kept (the standings above count them)")
				return 1
			}
			log.Error("tournament interrupted: the finished games are in the results file; the same command resumes",
				zap.String("results", o.results))
			return 1
		}
		log.Error("tournament stopped", zap.Error(err))
		return 1
	}
	return 0
}

// tourney is a tournament being played.
type tourney struct {
	o       tournamentOptions
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
	if t.o.sprt == nil || t.o.shard != nil {
		return nil
	}
	r := t.o.sprt.Result(tournament.CountPairs(recs, 0, 1))
	return &r
}

// playTournament sets the tournament up (openings, schedule, files, resume),
// plays it and writes its results.
func playTournament(ctx context.Context, o tournamentOptions, stdout io.Writer, errw zapcore.WriteSyncer, log *zap.Logger, h *hooks) error {
	for i, argv := range o.engineArgs {
		if err := engineproc.CheckProgram(argv); err != nil {
			return fmt.Errorf("engine %s: %w", o.engines[i].Name, err)
		}
	}
	openings, err := loadGameOpenings(o.game, o.openings)
	if err != nil {
		return err
	}
	t := &tourney{o: o, log: log}
	if t.host, err = engineproc.NewHost(o.resources.limits); err != nil {
		return err
	}
	for _, e := range o.engines {
		t.names = append(t.names, e.Name)
	}
	var done []tournament.Record
	resume := false
	var old tournament.Header
	if o.results != "" {
		// Held from before the file is read for a resume until the last
		// game is written, so that two judges never share one file.
		unlock, err := tournament.LockResults(o.results)
		if err != nil {
			return err
		}
		defer unlock()
		if data, err := os.ReadFile(o.results); err == nil && len(data) > 0 {
			old, done, err = tournament.ReadResults(bytes.NewReader(data))
			switch {
			case errors.Is(err, tournament.ErrNoHeader):
				// Cut short while being created: it holds no game.
				log.Warn("results file has no complete header line, so no game: starting afresh", zap.String("results", o.results))
			case err != nil:
				return fmt.Errorf("results file %s: %w", o.results, err)
			default:
				resume = true
			}
		} else if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if resume && !o.seedGiven {
			o.seed, o.seedGiven = old.Seed, true
		}
	}
	if !o.seedGiven {
		o.seed = uint64(time.Now().UnixNano())
	}
	t.o = o
	t.header = tournament.Header{Game: headerGame(o.game), Mode: o.mode.String(), Seed: o.seed, Rounds: o.rounds, Engines: o.engines,
		GenMoveMS: match.Milliseconds(o.limits.GenMove), ReplyMS: match.Milliseconds(o.limits.Reply), Start: time.Now().UTC(),
		SPRTTest: o.sprt, Shard: o.shard}
	for _, op := range openings {
		t.header.Openings = append(t.header.Openings, op.String())
	}
	if resume {
		if err := old.Compatible(&t.header); err != nil {
			return fmt.Errorf("cannot resume from %s: %w", o.results, err)
		}
		t.header.Start = old.Start
		for _, c := range old.ChangedCommands(&t.header) {
			log.Warn("resuming with a changed engine command: the games in the file were played by the old one", zap.String("change", c))
		}
		// A file extended before its header recorded extensions may hold
		// rounds its header does not: never drop them silently.
		for _, r := range done {
			if r.Round > o.rounds {
				return fmt.Errorf("cannot resume from %s: it holds games of round %d, more than --rounds %d", o.results, r.Round, o.rounds)
			}
		}
	}
	schedule, err := t.header.Schedule()
	if err != nil {
		return err
	}
	if err := tournament.CheckRecords(done, schedule, t.names); err != nil {
		return fmt.Errorf("cannot resume from %s: %w (the file is left as it is)", o.results, err)
	}
	if o.shard != nil {
		if err := o.shard.Check(done); err != nil {
			return fmt.Errorf("cannot resume from %s: %w (the file is left as it is)", o.results, err)
		}
		schedule = o.shard.Of(schedule)
		log.Info("shard", zap.Stringer("shard", o.shard), zap.Int("games", len(schedule)))
	}
	t.total = len(schedule)
	t.count = len(done)
	t.recs = slices.Clone(done)
	log.Info("tournament", zap.String("game", o.game), zap.String("mode", o.mode.String()), zap.Strings("engines", t.names), zap.Int("rounds", o.rounds),
		zap.Int("games", len(schedule)), zap.Int("openings", len(openings)), zap.Uint64("seed", o.seed),
		zap.Int("concurrency", o.concurrency))
	if resume {
		log.Info("resuming", zap.String("results", o.results), zap.Int("games_done", len(done)), zap.Int("games_left", len(schedule)-len(done)))
	}

	if resume && o.rounds > old.Rounds {
		// The header records the extension, so that a later resume with
		// fewer rounds is refused instead of dropping the games beyond.
		old.Rounds = o.rounds
		if err := tournament.RewriteHeader(o.results, old); err != nil {
			return fmt.Errorf("results file %s: %w", o.results, err)
		}
		log.Info("tournament extended", zap.Int("rounds", o.rounds))
	}
	if err := t.openFiles(resume); err != nil {
		return err
	}
	t.host.Log(log)
	defer t.closeFiles()

	r := tournament.Runner{Names: t.names, Schedule: schedule, Done: done, Concurrency: o.concurrency, Play: t.playFunc(),
		OnGame: func(rec tournament.Record, played *tournament.Played) error {
			err := t.gameDone(rec, played, errw)
			if h.gameEnded != nil {
				h.gameEnded(rec)
			}
			return err
		},
		// recs are the games of rounds 1..round only.
		OnRound: func(round int, recs []tournament.Record) {
			fmt.Fprintf(stdout, "standings after round %d/%d (%d games)\n", round, o.rounds, len(recs))
			tournament.WriteStandings(stdout, tournament.Standings(t.names, recs))
			fmt.Fprintln(stdout)
		},
		OnRestart: func(e, game int) {
			log.Warn("restarting engine after its forfeit", zap.String("engine", t.names[e]), zap.Int("game", game))
		},
	}
	if o.sprt != nil && o.shard != nil {
		log.Info("sprt: a shard plays all its games; judge tournament merge applies the test in game order, as a single run would", zap.Stringer("test", o.sprt))
	}
	if o.sprt != nil && o.shard == nil {
		lower, upper := o.sprt.Bounds()
		log.Info("sprt", zap.Stringer("test", o.sprt), zap.String("h0", fmt.Sprintf("%s is %+g Elo stronger than %s", t.names[0], o.sprt.Elo0, t.names[1])),
			zap.String("h1", fmt.Sprintf("%+g Elo", o.sprt.Elo1)), zap.Float64("lower", lower), zap.Float64("upper", upper))
		r.Stop = func(recs []tournament.Record) bool { return t.sprt(recs).Decided() }
	}
	recs, runErr := r.Run(ctx)

	test := t.sprt(recs)
	writeFinal(stdout, t.names, recs, fmt.Sprintf("%d of %d games", len(recs), len(schedule)), test, runErr == nil && len(recs) == len(schedule), o.resources.show)
	if o.jsonFile != "" {
		complete := runErr == nil && (len(recs) == len(schedule) || test != nil && test.Decided())
		s := tournament.NewSummary(t.header, recs, complete, time.Now())
		s.SPRT = test
		if err := writeJSON(o.jsonFile, s); err != nil {
			return errors.Join(runErr, err)
		}
		log.Info("summary written", zap.String("file", o.jsonFile))
	}
	if runErr != nil {
		return runErr
	}
	if absent := neverPlayed(t.names, recs); len(absent) > 0 {
		if o.shard != nil {
			// A shard holds a few games of each engine: the merge judges.
			log.Warn("in this shard, never played a game", zap.Strings("engines", absent))
			return nil
		}
		return neverPlayedError(strings.Join(absent, ", "))
	}
	return nil
}

// writeFinal writes the end of a tournament's output: the final standings
// of recs (what says how many games they are), the pairs, and the
// sequential test's verdict when test is not nil (ranOut: see
// sprtVerdict), with what each engine used after the standings when
// showResources. A single run and a merge of shards write it alike.
func writeFinal(w io.Writer, names []string, recs []tournament.Record, what string, test *tournament.SPRTResult, ranOut, showResources bool) {
	fmt.Fprintf(w, "final standings (%s)\n", what)
	tournament.WriteStandings(w, tournament.Standings(names, recs))
	if showResources {
		writeResourceTotals(w, names, recs)
	}
	fmt.Fprintln(w, "\npairs")
	tournament.WritePairwise(w, names, tournament.Pairwise(len(names), recs))
	if test != nil {
		fmt.Fprintf(w, "\n%s\n", sprtVerdict(test, names, ranOut))
	}
}

// sprtVerdict is the sequential test's last word: its parameters, the
// pairs, the ratio within its bounds, and the verdict in words. ranOut
// says that every scheduled game was played.
func sprtVerdict(r *tournament.SPRTResult, names []string, ranOut bool) string {
	verdict := r.Verdict
	switch {
	case r.Verdict == tournament.AcceptH1.String():
		verdict += fmt.Sprintf(" (%s is %+g Elo stronger than %s rather than %+g)", names[0], r.Elo1, names[1], r.Elo0)
	case r.Verdict == tournament.AcceptH0.String():
		verdict += fmt.Sprintf(" (%s is %+g Elo stronger than %s rather than %+g)", names[0], r.Elo0, names[1], r.Elo1)
	case ranOut:
		verdict += ": the rounds ran out first (more --rounds resume it)"
	default:
		verdict += ": stopped before the end"
	}
	p := r.Pentanomial
	return fmt.Sprintf("sprt %s: %s vs %s, %s (pentanomial %d %d %d %d %d): %s: %s",
		r.SPRT, names[0], names[1], countOf(p.Pairs(), "pair"), p[0], p[1], p[2], p[3], p[4], r.Short(), verdict)
}

// neverPlayed names the engines that had games in recs but played none of
// them: every one was lost, or drawn, unplayed.
func neverPlayed(names []string, recs []tournament.Record) []string {
	games := make([]int, len(names))
	played := make([]int, len(names))
	for _, r := range recs {
		for _, e := range []int{r.BlackEngine, r.WhiteEngine} {
			if e >= 0 && e < len(names) {
				games[e]++
				if r.Played {
					played[e]++
				}
			}
		}
	}
	var out []string
	for e, n := range names {
		if games[e] > 0 && played[e] == 0 {
			out = append(out, fmt.Sprintf("%s (%s, all unplayed)", n, countOf(games[e], "game")))
		}
	}
	return out
}

// loadOpenings reads the openings file, or the shipped set if path is "".
func loadOpenings(path string) ([]tournament.Opening, error) {
	if path == "" {
		return tournament.DefaultOpenings()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ops, err := tournament.ParseOpenings(f)
	if err != nil {
		return nil, fmt.Errorf("openings file %s: %w", path, err)
	}
	return ops, nil
}

// openFiles opens the results and record files and the engines' log
// directory. A resumed tournament appends to its files; a new one starts
// them afresh.
func (t *tourney) openFiles(resume bool) error {
	var err error
	if t.o.results != "" {
		if resume {
			t.results, err = tournament.AppendResults(t.o.results)
		} else {
			t.results, err = tournament.CreateResults(t.o.results, t.header)
		}
		if err != nil {
			return fmt.Errorf("results file: %w", err)
		}
	}
	if t.o.record != "" {
		flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if resume {
			flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		if t.record, err = os.OpenFile(t.o.record, flags, 0o644); err != nil {
			return fmt.Errorf("record: %w", err)
		}
	}
	if t.logDir = t.o.engineLogDir; t.logDir == "" {
		if t.logDir, err = os.MkdirTemp("", "judge-tournament-"); err != nil {
			return err
		}
	}
	t.log.Info("engine logs", zap.String("dir", t.logDir))
	return os.MkdirAll(t.logDir, 0o755)
}

func (t *tourney) closeFiles() {
	if t.results != nil {
		t.results.Close()
	}
	if t.record != nil {
		t.record.Close()
	}
}

// gameDone saves a finished game to the results and record files and
// prints its progress line.
func (t *tourney) gameDone(rec tournament.Record, played *tournament.Played, errw io.Writer) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.count++
	t.recs = append(t.recs, rec)
	g := &played.Game
	line := progressLine(&rec, g, t.count, t.total, t.o.rounds)
	if !tournament.IsOthello(t.o.game) {
		line = gameProgressLine(&rec, t.count, t.total, t.o.rounds)
	}
	if test := t.sprt(t.recs); test != nil {
		line += ", " + test.Short()
	}
	fmt.Fprintln(errw, line)
	for _, f := range rec.Faulted() {
		ff := rec.Forfeit
		if f == rec.WhiteEngine && rec.WhiteForfeit != nil {
			ff = rec.WhiteForfeit
		}
		t.log.Warn("engine forfeited: it starts afresh in its next game", zap.String("engine", t.names[f]), zap.Int("game", rec.Game),
			zap.String("reason", string(ff.Reason)), zap.String("detail", ff.Error()),
			zap.String("black_exit", rec.BlackExit), zap.String("white_exit", rec.WhiteExit))
	}
	if t.results != nil {
		if err := t.results.Add(rec); err != nil {
			return fmt.Errorf("results file: %w", err)
		}
	}
	if t.record != nil && !tournament.IsOthello(t.o.game) {
		if err := writeGameRecord(t.record, played); err != nil {
			return fmt.Errorf("record: %w", err)
		}
	} else if t.record != nil && t.o.recordFormat == recordGGF {
		var b bytes.Buffer
		if err := match.WriteGGF(&b, g); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		if _, err := t.record.Write(b.Bytes()); err != nil {
			return fmt.Errorf("record: %w", err)
		}
	} else if t.record != nil {
		var b bytes.Buffer
		fmt.Fprintf(&b, "game %d, round %d, opening %s\n", rec.Game, rec.Round, rec.Opening)
		match.WriteGame(&b, g)
		if rec.WhiteForfeit != nil {
			// An unplayed game's record names no forfeit: here both count.
			fmt.Fprintf(&b, "forfeit: black (%s): %v\nforfeit: white (%s): %v\n", rec.Black, rec.Forfeit, rec.White, rec.WhiteForfeit)
		}
		for _, e := range []struct{ c, name, exit string }{{"black", rec.Black, rec.BlackExit}, {"white", rec.White, rec.WhiteExit}} {
			if e.exit != "" {
				fmt.Fprintf(&b, "exit: %s (%s): %s\n", e.c, e.name, e.exit)
			}
		}
		if len(rec.Restarted) > 0 {
			fmt.Fprintf(&b, "restarted after a forfeit: %s\n", strings.Join(rec.Restarted, ", "))
		}
		b.WriteString(resourcesLine(&rec))
		b.WriteString("\n")
		if _, err := t.record.Write(b.Bytes()); err != nil {
			return fmt.Errorf("record: %w", err)
		}
	}
	return nil
}

// progressLine summarises a finished game for people watching: where it
// stands in the tournament, then the line a match prints for a round.
func progressLine(r *tournament.Record, g *match.GameResult, n, total, rounds int) string {
	line := fmt.Sprintf("game %d/%d (#%d, opening %s), %s", n, total, r.Game, r.Opening, match.ProgressLine(g, rounds))
	if r.ForfeitBy == "both" {
		line += " [both forfeit]"
	}
	return line
}

// writeJSON writes v, indented, to path.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
