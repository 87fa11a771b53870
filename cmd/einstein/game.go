package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"github.com/spf13/pflag"
	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/einstein/runner"
	"github.com/tcgothello/mcts/engineproc"
	"github.com/tcgothello/mcts/internal/consolelog"
	"github.com/tcgothello/mcts/internal/movetime"
	"github.com/tcgothello/mcts/internal/plural"
	"github.com/tcgothello/mcts/match"
	"go.uber.org/zap"
)

// gameUsage is the text of einstein game --help.
const gameUsage = `einstein game: rounds of Einstein Würfelt Nicht! (Kari) between agents and people.

Usage:
  einstein game [-n np] [agents...] [-r rounds] [-s seed] [-l logfile]

The course's game program. np (0 to 2, default 2) people play at this terminal; the 2-np agents
are child processes speaking the course's protocol (einstein --help). Player 1 is the first
person, or the first agent if np is 0. A coin drawn from the seed makes one of them red (moves
first) in the first round, and the colours alternate; two people keep player 1 red. An agent that sends an invalid move (not 00 or nd, or illegal), or no move within the
time limit, or exits, is killed and loses the round; it is started again for the next one. A
person is asked again after an invalid move and has no time limit; the board is printed before
each of their moves. The end of the input ends the games (the round in progress is not counted).

An agent is a command line, split as a shell would (quotes, no expansions): a program and its
arguments, e.g. "./b07902000" or "python3 agent.py". A bare program name is looked up on the PATH,
then in the current directory. The names random and greedy stand for this program's own
reference agents (random gets a seed drawn from the game's seed).

How this system enforces each limit given is logged at the start (info level; a warning for a
limit not enforced, or enforced by a fallback because no cgroup can be used), and the CPU time
and peak memory of each agent process when it stops (info level).

Each round's board (the cube numbers of the start squares) and the first round's colours are
drawn from the seed exactly as the course's game program draws them (std::mt19937_64, a coin and
std::shuffle, as libstdc++ from GCC 11 implements them): the same -s gives the same rounds there. A line per round and a summary go to stdout.

  $ einstein game -n 0 random greedy -r 4 -s 1

Flags:
  -n, --people int          number of people playing at the terminal, 0 to 2 (default 2)
  -r, --rounds int          number of rounds; only with -n 0 (default 8 with -n 0, unlimited
                            otherwise)
  -s, --seed uint           seed of the boards (default: a new one each run, printed)
  -l, --log string          record every round (board, players, moves, result) in this file
      --limit duration      time an agent has for a move (default 10s, the course's limit)
      --time-basis string   wall or cpu: charge each move its wall time (the course's rule), or
                            the CPU time of the agent and its children, for a loaded shared
                            machine (--wall-cap bounds it) (default "wall")
      --wall-cap duration   with --time-basis cpu, the most wall time a move may take whatever
                            its CPU time, so that a sleeping agent still loses (default 3x
                            --limit)
      --engine-memory SIZE  most memory each agent process and its children may use together,
                            e.g. 4GiB (a cgroup, else RLIMIT_AS); an agent the kernel kills for
                            passing it loses the round with the reason "memory limit"
                            (default: no limit)
      --engine-cpus N       most cores each agent and its children may use at once (a cgroup
                            CPU quota, else CPU affinity to N cores, distinct for the two agents
                            while there are cores enough) (default: no limit)
      --engine-disk SIZE    largest file each agent process may write, e.g. 8GiB (RLIMIT_FSIZE),
                            and in the sandbox the size of its scratch directory (default: no
                            limit; a 1 GiB scratch)
      --engine-pids N       most processes and threads each agent and its children may have at
                            once (a pids cgroup, else in the sandbox RLIMIT_NPROC of its own
                            user id); 0 for no limit (default 256)
      --sandbox MODE        on, off or auto: run each agent in a sandbox of its own (its own
                            processes, user id and scratch, no network, the system's directories
                            and its program's read-only: docs/security.md); auto sandboxes where
                            the system allows it and warns where not, on fails at the start
                            where it cannot (default auto)
      --sandbox-bind DIR    a directory (or file) the sandboxed agents may read besides the
                            system's and their programs' own, e.g. a Python environment
                            (repeatable)
      --keep-scratch DIR    keep each sandboxed agent's scratch directory after its game, in a
                            directory of its own under DIR, for debugging (default: removed)
      --log-level string    least level of the log lines on stderr: debug, info (agents
                            started and stopped), warn, error (default "warn")
  -h, --help                print this help and exit

An agent that ends before its first move of a round (it exits at once, or the memory limit kills
it) could not play: the round is not played and counts for neither player, as the judge treats an
engine that never connects.

Exit status: 0 after the rounds (or the end of a person's input), 1 if the log cannot be
written, the games are interrupted, or a player played no round (each is named), 2 on a bad
command line or an agent that cannot be started.
`

// Defaults of the command line, as the course's game program has them.
const (
	// defaultPeople: the course's game starts in the two-person mode.
	defaultPeople = 2
	// defaultRounds of agents only; with people the games go on until
	// their input ends.
	defaultRounds = 8
)

// gameOptions is the command line of einstein game.
type gameOptions struct {
	people  int
	agents  []string
	rounds  int // 0: until the people's input ends
	seed    uint64
	logFile string
	limit   time.Duration
	level   string
	// engineLimits hold every agent process to --engine-memory,
	// --engine-cpus and --engine-disk.
	engineLimits engineproc.Limits
	// timeRule is the clock the agents' moves are charged by
	// (--time-basis, --wall-cap).
	timeRule movetime.Rule
}

// parseGame reads the command line of einstein game. It returns
// pflag.ErrHelp for --help.
func parseGame(args []string) (gameOptions, error) {
	var o gameOptions
	fs := pflag.NewFlagSet("einstein game", pflag.ContinueOnError)
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	fs.IntVarP(&o.people, "people", "n", defaultPeople, "number of people")
	fs.IntVarP(&o.rounds, "rounds", "r", defaultRounds, "number of rounds")
	fs.Uint64VarP(&o.seed, "seed", "s", 0, "seed of the boards")
	fs.StringVarP(&o.logFile, "log", "l", "", "record of the rounds")
	fs.DurationVar(&o.limit, "limit", agent.CourseLimit, "time for a move")
	fs.StringVar(&o.level, "log-level", defaultLogLevel, "least level of the log lines")
	limits := engineproc.AddFlags(fs)
	timeFlags := movetime.AddFlags(fs)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	var err error
	if o.engineLimits, err = limits.Limits(); err != nil {
		return o, err
	}
	o.agents = fs.Args()
	switch {
	case o.people < 0 || o.people > 2:
		return o, fmt.Errorf("-n %d: want 0, 1 or 2 people", o.people)
	case len(o.agents) != 2-o.people:
		return o, fmt.Errorf("%s with -n %d: want %d", plural.Of(len(o.agents), "agent"), o.people, 2-o.people)
	case fs.Changed("rounds") && o.people != 0:
		return o, errors.New("-r is for games between agents only (-n 0); with people the games go on until the input ends")
	case o.rounds < 1:
		return o, fmt.Errorf("-r %d: want at least one round", o.rounds)
	case o.limit <= 0:
		return o, fmt.Errorf("--limit %v: want a positive duration", o.limit)
	}
	if o.timeRule, err = timeFlags.Rule(o.limit); err != nil {
		return o, err
	}
	if o.people != 0 {
		o.rounds = 0
	}
	if !fs.Changed("seed") {
		o.seed = rand.Uint64()
	}
	return o, nil
}

// runGame is einstein game.
func runGame(ctx context.Context, e env, args []string) int {
	o, err := parseGame(args)
	if errors.Is(err, pflag.ErrHelp) {
		fmt.Fprint(e.stdout, gameUsage)
		return exitOK
	}
	// The agents' stderr and the log share the runner's stderr.
	e.stderr = consolelog.Shared(e.stderr)
	var log *zap.Logger
	if err == nil {
		log, err = consolelog.New(o.level, e.stderr)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "einstein game: %v\nRun 'einstein game --help' for the usage.\n", err)
		return exitUsage
	}
	defer log.Sync()

	host, err := engineproc.NewHost(o.engineLimits)
	if err != nil {
		fmt.Fprintf(e.stderr, "einstein game: %v\n", err)
		return exitUsage
	}
	if o.people < 2 {
		host.Log(log)
		match.WarnOverCores(log, 1, o.engineLimits.CPUs)
		if err := o.timeRule.Check(host); err != nil {
			fmt.Fprintf(e.stderr, "einstein game: %v\n", err)
			return exitUsage
		}
	}
	series := runner.Series{Rounds: o.rounds, Seed: o.seed, Limit: o.limit, People: o.people == 2}
	var people *runner.Terminal
	if o.people > 0 {
		people = runner.NewTerminal(e.stdin, e.stdout)
		series.Show = people.Show
	}
	for i := range series.Seats {
		if i < o.people {
			series.Seats[i] = runner.NewPerson(i+1, people)
			continue
		}
		spec := o.agents[i-o.people]
		argv, err := runner.AgentCommand(spec, e.self, o.seed, i)
		if err != nil {
			fmt.Fprintf(e.stderr, "einstein game: agent %q: %v\n", spec, err)
			return exitUsage
		}
		series.Seats[i] = runner.NewAgentSeat(spec, argv, e.stderr, host, log).TimeBy(o.timeRule)
	}
	defer func() {
		for _, s := range series.Seats {
			s.Close()
		}
	}()

	if o.logFile != "" {
		record, err := os.Create(o.logFile)
		if err != nil {
			fmt.Fprintf(e.stderr, "einstein game: %v\n", err)
			return exitError
		}
		defer record.Close()
		fmt.Fprintf(record, "# einstein game, seed %d, %s\n", o.seed, o.timeRule.Describe(o.limit))
		series.Record = record
	}
	switch err := series.Play(ctx, e.stdout); {
	case errors.Is(err, runner.ErrInterrupted):
		return exitError
	case errors.As(err, new(runner.NeverPlayedError)):
		fmt.Fprintf(e.stderr, "einstein game: %v\n", err)
		return exitError
	case err != nil:
		fmt.Fprintf(e.stderr, "einstein game: %v\n", err)
		return exitError
	}
	return exitOK
}
