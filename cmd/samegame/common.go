package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"
	"go.uber.org/zap"

	"github.com/tcgothello/mcts/internal/consolelog"
	"github.com/tcgothello/mcts/samegame"
	"github.com/tcgothello/mcts/samegame/batch"
)

// readBoards reads the board file at path.
func readBoards(path string) ([]samegame.Board, error) { return batch.ReadBoards(path) }

// newFlagSet makes a subcommand's flag set that reports errors to the
// caller instead of printing them, with --help.
func newFlagSet(name string, help *bool) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SortFlags = false
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	fs.BoolVarP(help, "help", "h", false, "print this help and exit")
	return fs
}

// parseFlags parses args with fs. It returns true when the caller must
// return status code: after --help (printed with head on stdout) or a bad
// command line (reported on stderr).
func parseFlags(e env, fs *pflag.FlagSet, help *bool, head string, args []string) (code int, done bool) {
	err := fs.Parse(args)
	if errors.Is(err, pflag.ErrHelp) || (err == nil && *help) {
		fmt.Fprint(e.stdout, head+"\nFlags:\n"+fs.FlagUsagesWrapped(100))
		return exitOK, true
	}
	if err != nil {
		return usageError(e, fs.Name(), err), true
	}
	return 0, false
}

// usageError reports a bad command line of a subcommand.
func usageError(e env, name string, err error) int {
	fmt.Fprintf(e.stderr, "%s: %v\nRun '%s --help' for the usage.\n", name, err, name)
	return exitUsage
}

// penaltyName says which scoring rule a result used.
func penaltyName(penalty bool) string {
	if penalty {
		return "penalty on"
	}
	return "penalty off"
}

// boardRun is what solve and search both start from: their logger, the
// board file, its boards, and the numbers of those asked for.
type boardRun struct {
	log     *zap.Logger
	path    string
	boards  []samegame.Board
	numbers []int
}

// startBoardRun makes the logger at logLevel and reads the boards of the
// file named by fs's first argument, keeping those asked (all when none).
// On an error it has written the message and returns the exit code,
// false; on success the caller syncs run.log when it is done.
func startBoardRun(e env, fs *pflag.FlagSet, logLevel string, asked []int) (run boardRun, code int, ok bool) {
	log, err := consolelog.New(logLevel, e.stderr)
	if err != nil {
		return run, usageError(e, fs.Name(), fmt.Errorf("--log-level: %w", err)), false
	}
	path := fs.Arg(0)
	boards, err := readBoards(path)
	if err != nil {
		_ = log.Sync()
		fmt.Fprintf(e.stderr, "%s: %v\n", fs.Name(), err)
		return run, exitError, false
	}
	numbers, err := batch.SelectBoards(asked, len(boards), path)
	if err != nil {
		_ = log.Sync()
		return run, usageError(e, fs.Name(), err), false
	}
	return boardRun{log: log, path: path, boards: boards, numbers: numbers}, 0, true
}
