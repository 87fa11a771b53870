package main

// This file belongs to the Monte-Carlo search of 'samegame search'
// (issue 20; built on the branch sgsearch), which replaces it whole with
// the wiring of its package. Until then the subcommand says so.

import (
	"context"
	"fmt"
)

// runSearch is 'samegame search'.
func runSearch(_ context.Context, e env, _ []string) int {
	fmt.Fprintln(e.stderr, "samegame search: not in this build: the Monte-Carlo search is wired in by its own branch (issue 20)")
	return exitError
}
