package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"go.uber.org/zap/zapcore"

	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/tournament"
	"github.com/tcgothello/mcts/tournament/director"
)

// tournamentOptions is the command line of judge tournament: the
// tournament to run, and how the judge reports it.
type tournamentOptions struct {
	director.Config
	recordFormat string // --record-format: text or ggf
	logLevel     zapcore.Level
}

const tournamentUsageHead = `judge tournament: plays a tournament between many engines over the OTP protocol (or
NBoard's, for engines that speak it), as cutechess-cli does for chess engines: round robin or
gauntlet, openings played twice with the colours swapped, standings with Elo ratings, resumable.

Usage:
  judge tournament [flags] --engine SPEC --engine SPEC [--engine SPEC...]
  judge tournament merge [flags] FILE...      join the results of shards (--shard; see its --help)

Each --engine SPEC is "name=NAME [seed[=FLAG]] [proto=otp|nboard [depth=N]] cmd=COMMAND ARGS...":
NAME is the engine's name in the results (one word, unique); "seed" says the engine accepts a seed
as --seed N (seed=FLAG names another flag); everything after cmd= is the command line, split as a
shell splits it (quotes, escapes, $VARIABLES; no ;, |, > or $(...)).

proto=nboard plays an engine that speaks the NBoard GUI's protocol on its stdin and stdout (Edax,
Egaroucid for Console, NTest, search --nboard) instead of dialling the judge over OTP: no IP PORT
is appended; it is sent "nboard 2", "set depth N" when depth=N (1..60) is given, and a ping, whose
pong must come within --connect-time; before each of its moves, the whole game as "set game GGF"
with a ping, then "go", and its "=== MOVE" line must come within --genmove-time (status and other
lines are ignored; a forced pass is played for it without asking). An illegal move, a "===" line
without a move, a move before the pong, silence or an exit forfeits the game, as for OTP, with
what it sent quoted; its stdout is copied to its log with its stderr (docs/nboard.md).

Every engine's program is checked (it exists and is executable) before the first game. For each
game the judge starts a fresh process of each engine (black's first) with [FLAG SEED] IP PORT
appended, IP PORT being a free port of --host for that engine alone, and waits for it to connect
(or to exit: then it loses the game unplayed). It asks both their names and plays one
game with the limits and forfeits of a match (docs/protocol.md): clear_board, the opening's moves as
play x y to both engines, then genmove to the side to move and play to the other until two
consecutive passes; quit to every engine in good standing; then it stops both processes. So an
engine that crashes or is disqualified forfeits that game only and starts afresh for its next
one (logged, and marked "restarted" in the results).

Round robin: every pair meets; gauntlet: the first engine meets each of the others. Each round
plays one opening, every pair playing it twice, once with each colour. --seed fixes the order of
the openings and the engines' seeds (each game's seeds are derived from it).

Output: progress lines and logs on stderr; on stdout the standings after every round and at the
end (games, wins, draws, losses, points, score, the Elo difference the score implies, as
cutechess prints it, its sign the score's, with its 95% interval, forfeits), then each pair's
result. The interval is exact (Clopper-Pearson on the score): its two ends, "[-18, +1000]" for 7
wins in 8, an end that 100% or 0% reaches open ("+inf [-72, +inf)" for 4 wins in 4), and "-" for
an engine without games. --results keeps every
finished game (JSON lines, written as each game ends); given an existing file, the tournament
resumes: finished games are not played again (a changed engine command is allowed, and logged). Each engine is assumed to use one core; the two engines of a game take turns unless they
think on the opponent's time, so keep --concurrency at most the free cores (half that for engines
that do). The --engine-* limits hold every engine process, with its children, to the course's
resource rules (how each is enforced here is logged at the start; an engine killed at
--engine-memory forfeits with the reason "memory limit"), and every game's results give
each engine's CPU time, thinking time and peak memory (docs/tournament.md).

--sprt "elo0=A,elo1=B,alpha=X,beta=Y" (two engines only) ends the match as soon as it has shown,
at those error rates, that the first engine's Elo advantage over the second (logistic, as in the
standings) is B rather than A (H1 accepted) or A rather than B (H0 accepted), as fishtest and
cutechess-cli do. It counts the pairs of games (one opening, each colour once) by the first
engine's points in them, 0 to 2 (pentanomial), and takes the generalized log-likelihood ratio of
H1 over H0; it stops when the ratio leaves [ln(beta/(1-alpha)), ln((1-beta)/alpha)]. Each progress
line ends with "LLR x [lower, upper]", and the end with the verdict (or "not decided" when the
rounds run out): give rounds enough (--rounds 500).

--game killallgo holds a tournament of 7x7 Kill-All Go programs of the 2013 homework's console
protocol (reset, time, put, start game, think, quit on stdin and stdout) instead: each game starts
both programs afresh (no IP PORT appended; [FLAG SEED] as above) and is refereed as "killallgo
referee" does it (docs/killallgo.md): the round's handicap layout put as black's stones, white
first, every move checked, a forfeit for an illegal move, a malformed or late reply or an exit.
--openings is then a file of handicap layouts, one a line ("C3 E5 E3 C5", or "none"; default: 2, 4
and 6 stones at C3, E5, E3, C5, D4, D2), each played twice by every pair, colours swapped;
--genmove-time, whole seconds, is sent by time; --connect-time bounds each set-up reply; --record
is an SGF collection. Everything else (standings, --results and resume, --sprt, --shard and merge)
is as for Othello; see docs/tournament.md.

--game einstein holds a tournament of Einstein Würfelt Nicht agents of the 2018 homework's byte
protocol instead: each game is one round of "einstein game" between fresh processes of two agents
(red, who moves first, is the game's black), with its forfeits (an invalid or illegal move, no move
within --genmove-time, the course's 10s by default, an exit). --openings is then a file of start
layouts, one a line (six digits, "625314"; default: the first eight boards of einstein game -s
2018); --record is einstein game's log (-l) of every game.

--shard K/N plays only the games whose index (game number - 1) is K modulo N, of the very schedule
the whole tournament plays (it does not depend on N), into the shard's own --results file, which
resumes as usual; run the N shards anywhere (GNU parallel, a Slurm array, a Kubernetes Indexed
Job: docs/tournament.md), with the same flags and --seed, then join them with
"judge tournament merge --results FILE SHARD-FILES..." (see its --help). A shard with --sprt plays
all its games: the merge applies the test in game order, as a single run would.

Flags:
`

const tournamentUsageTail = `
Example:
  judge tournament --rounds 4 --concurrency 2 --seed 1 --results t.jsonl --record t.txt --json t.json \
    --engine "name=uct seed cmd=bin/search --playouts 2000" \
    --engine "name=ucb seed cmd=bin/search --playouts 2000 --algo ucb" \
    --engine "name=pruning seed cmd=bin/search --playouts 2000 --pruning on"
  judge tournament --rounds 500 --sprt elo0=0,elo1=30 --results sprt.jsonl \
    --engine "name=new seed cmd=bin/search --playouts 2000 --exploration 0.4" \
    --engine "name=old seed cmd=bin/search --playouts 2000"
  for k in 0 1 2; do judge tournament --shard $k/3 --seed 1 --results shard-$k.jsonl \
    --engine "name=uct seed cmd=bin/search --playouts 2000" \
    --engine "name=ucb seed cmd=bin/search --playouts 2000 --algo ucb" & done; wait
  judge tournament merge --results t.jsonl shard-0.jsonl shard-1.jsonl shard-2.jsonl
  judge tournament --rounds 2 --seed 1 --results nb.jsonl \
    --engine "name=otp seed cmd=bin/search --time 1s" \
    --engine "name=nboard seed proto=nboard depth=13 cmd=bin/search --nboard"
  judge tournament --game killallgo --rounds 3 --seed 1 --genmove-time 1s --results kag.jsonl \
    --record kag.sgf --engine "name=ours seed cmd=bin/killallgo --playouts 1000 --log-level warn" \
    --engine "name=student cmd=./b07902000"
  judge tournament --game einstein --rounds 8 --seed 1 --results ein.jsonl --record ein.txt \
    --engine "name=mcts seed cmd=bin/einstein --playouts 3000" --engine "name=greedy cmd=bin/einstein greedy" \
    --engine "name=random seed cmd=bin/einstein random"

Exit status: 0 when every game was played, 1 if the tournament stopped early (interrupted, an
engine cannot be started, a file cannot be written: the results file keeps the finished games) or
if an engine never played a game (all its games lost unplayed: it never connected, say), 2 on a
bad command line.
`

// parseTournamentOptions parses the arguments after "tournament". Usage
// goes to w on --help.
func parseTournamentOptions(args []string, w io.Writer) (tournamentOptions, error) {
	o := tournamentOptions{Config: director.Config{Limits: match.DefaultLimits()}}
	fs := pflag.NewFlagSet("judge tournament", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	var specs []string
	fs.StringVar(&o.Game, "game", tournament.GameOthello, "the game: othello (OTP engines), killallgo (7x7 Kill-All Go programs of\nthe 2013 console protocol) or einstein (agents of the 2018 byte protocol)")
	fs.StringArrayVar(&specs, "engine", nil, "an engine: \"name=NAME [seed[=FLAG]] [proto=otp|nboard [depth=N]] cmd=COMMAND ARGS...\";\ntwo or more")
	mode := fs.String("mode", "round-robin", "round-robin (every pair meets) or gauntlet (the first engine meets each other)")
	fs.IntVar(&o.Rounds, "rounds", 2, "rounds to play: a round plays one opening twice for every pair, colours\nswapped (more rounds than openings start the openings again)")
	fs.StringVar(&o.Openings, "openings", "", "openings file: one move sequence a line (f5d6c3...), '#' comments\n(default: the shipped set of balanced openings, docs/tournament.md); for\nkillallgo, handicap layouts (\"C3 E5\", or \"none\")")
	fs.Uint64Var(&o.Seed, "seed", 0, "seed of the opening order and of the engines' seeds (default: from the\nclock, logged and kept in the results file)")
	fs.IntVar(&o.Concurrency, "concurrency", 1, "games played at once; each engine is assumed to use one core")
	fs.StringVar(&o.Results, "results", "", "results file, one finished game a line (JSON); if it exists the\ntournament resumes from it (a file that is not a results file is refused,\nnever overwritten)")
	fs.StringVar(&o.Record, "record", "", "write a record of every game to this file as it ends, as judge --record\nwrites (a resumed tournament appends)")
	fs.StringVar(&o.recordFormat, "record-format", recordText, "format of --record: text (as judge --record) or ggf (GGF, one played game a\nline, for NBoard and other Othello programs; docs/data.md)")
	fs.StringVar(&o.JSON, "json", "", "write a machine-readable summary of the tournament to this file")
	fs.StringVar(&o.EngineLogDir, "engine-log-dir", "", "directory for the engines' output: game-NNNN/engine1.log (black) and\nengine2.log (white) (default: a new temporary directory, logged and kept)")
	fs.StringVar(&o.Host, "host", "127.0.0.1", "address the judge listens on and the engines connect to")
	sprt := fs.String("sprt", "", "for two engines: stop as soon as a sequential probability ratio test\ndecides, \"elo0=A,elo1=B[,alpha=X,beta=Y]\" (H0: the first engine is A Elo\nstronger, H1: B; error rates default to 0.05); see below")
	shard := fs.String("shard", "", "play only the games whose index (game number - 1) is K modulo N, \"K/N\",\ninto their own --results file; judge tournament merge joins the shards\n(docs/tournament.md)")
	limitFlags := engineproc.AddFlags(fs)
	fs.BoolVar(&o.ShowResources, "show-resources", false, "after the final standings, print what each engine used over its games (CPU\ntime, thinking time, wall time, peak memory), flagging an engine that used\nmore than one core's worth of CPU over its thinking time")
	level, help, basis := addCommonFlags(fs, &o.Limits, "time both engines of a game have, in total, to connect")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if *help {
		fmt.Fprint(w, tournamentUsageHead, fs.FlagUsages(), tournamentUsageTail)
		return o, errHelp
	}
	if fs.NArg() != 0 {
		return o, fmt.Errorf("unexpected argument %q (see judge tournament --help)", fs.Arg(0))
	}
	if err := checkRecordFormat(o.recordFormat); err != nil {
		return o, err
	}
	o.RecordGGF = o.recordFormat == recordGGF
	if err := o.logLevel.Set(*level); err != nil {
		return o, fmt.Errorf("--log-level %q: want debug, info, warn or error", *level)
	}
	var err error
	if o.Mode, err = tournament.ParseMode(*mode); err != nil {
		return o, fmt.Errorf("--mode: %w", err)
	}
	o.SeedGiven = fs.Changed("seed")
	names := map[string]bool{}
	for _, s := range specs {
		e, err := tournament.ParseEngineSpec(s)
		if err != nil {
			return o, fmt.Errorf("--engine %q: %w", s, err)
		}
		if names[e.Name] {
			return o, fmt.Errorf("--engine: name %q given twice", e.Name)
		}
		names[e.Name] = true
		args, err := engineproc.SplitCommand(e.Command)
		if err != nil {
			return o, fmt.Errorf("--engine %q: %w", s, err)
		}
		o.Engines = append(o.Engines, e)
		o.EngineArgs = append(o.EngineArgs, args)
	}
	if len(o.Engines) < 2 {
		return o, errors.New("want two or more --engine (see judge tournament --help)")
	}
	if o.Rounds < 1 {
		return o, fmt.Errorf("--rounds %d: want 1 or more", o.Rounds)
	}
	// Too many games is a mistake of the command line, found before a
	// results file or its lock is made.
	if err := tournament.CheckSize(o.Mode, len(o.Engines), o.Rounds); err != nil {
		return o, fmt.Errorf("--rounds: %w", err)
	}
	if o.Concurrency < 1 {
		return o, fmt.Errorf("--concurrency %d: want 1 or more", o.Concurrency)
	}
	if fs.Changed("sprt") {
		t, err := tournament.ParseSPRT(*sprt)
		if err != nil {
			return o, fmt.Errorf("--sprt: %w", err)
		}
		if len(o.Engines) != 2 {
			return o, fmt.Errorf("--sprt: a test between two engines, not %d", len(o.Engines))
		}
		o.SPRT = &t
	}
	if fs.Changed("shard") {
		sh, err := tournament.ParseShard(*shard)
		if err != nil {
			return o, fmt.Errorf("--shard: %w", err)
		}
		if o.Results == "" {
			return o, errors.New("--shard: give the shard its --results file, for judge tournament merge")
		}
		if !o.SeedGiven {
			return o, errors.New("--shard: give --seed, the same to every shard, so that they play one schedule")
		}
		if sh.N > 1 {
			o.Shard = &sh // 0/1 is the whole tournament
		}
	}
	if err := checkLimits(o.Limits); err != nil {
		return o, err
	}
	if o.Limits.Time, err = basis.Rule(o.Limits.GenMove); err != nil {
		return o, err
	}
	if o.EngineLimits, err = limitFlags.Limits(); err != nil {
		return o, err
	}
	if err := checkGameOptions(&o, fs.Changed("record-format")); err != nil {
		return o, err
	}
	return o, nil
}

// checkGameOptions checks what --game asks of the other flags: only
// Othello has --record-format (another game's record is its own format),
// and Kill-All Go's time command takes whole seconds.
func checkGameOptions(o *tournamentOptions, recordFormatGiven bool) error {
	if !slices.Contains(tournament.Games, o.Game) {
		return fmt.Errorf("--game %q: want %s", o.Game, strings.Join(tournament.Games, ", "))
	}
	if err := tournament.CheckProtocols(o.Game, o.Engines); err != nil {
		return fmt.Errorf("--engine %w", err)
	}
	if recordFormatGiven && o.Game != tournament.GameOthello {
		return fmt.Errorf("--record-format: Othello's only; %s tournament's --record is in the game's own format", tournament.GameWithArticle(o.Game))
	}
	if o.Game == tournament.GameKillAllGo && (o.Limits.GenMove%time.Second != 0 || o.Limits.GenMove > console.MaxTimeLimit*time.Second) {
		return fmt.Errorf("--genmove-time %v: Kill-All Go's time command takes whole seconds, 1s..%ds", o.Limits.GenMove, console.MaxTimeLimit)
	}
	return nil
}
