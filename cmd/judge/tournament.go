package main

import (
	"context"
	"errors"
	"io"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/tournament/director"
)

// runTournament is "judge tournament ...": it parses the arguments, plays
// the tournament (package tournament/director) and returns the exit
// status.
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
	out := director.Output{Stdout: stdout, Progress: errw, Log: log, OnGame: h.gameEnded}
	if err := director.Run(ctx, o.Config, out); err != nil {
		if errors.As(err, new(director.NeverPlayedError)) {
			log.Error("tournament played without an engine", zap.Error(err))
			return 1
		}
		if ctx.Err() != nil {
			if o.Results == "" {
				log.Error("tournament interrupted: without --results the finished games are not kept (the standings above count them)")
				return 1
			}
			log.Error("tournament interrupted: the finished games are in the results file; the same command resumes",
				zap.String("results", o.Results))
			return 1
		}
		log.Error("tournament stopped", zap.Error(err))
		return 1
	}
	return 0
}
