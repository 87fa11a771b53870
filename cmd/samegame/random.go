package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/tcgothello/mcts/samegame"
)

const randomHead = `samegame random: print random full boards in the board file format, for tests and
measurements (docs/samegame.md's solver tables use them).

Usage:
  samegame random [flags]

Each cell's colour is drawn uniformly from 0..colours-1; the same --seed prints the same boards.
`

func runRandom(e env, args []string) int {
	var help bool
	w, h, colours, count := 6, 6, 5, 1
	var seed uint64 = 1
	fs := newFlagSet("samegame random", &help)
	fs.IntVar(&w, "width", w, fmt.Sprintf("columns, 1..%d", samegame.MaxSize))
	fs.IntVar(&h, "height", h, fmt.Sprintf("rows, 1..%d", samegame.MaxSize))
	fs.IntVar(&colours, "colours", colours, fmt.Sprintf("colours, 1..%d", samegame.NumColours))
	fs.IntVar(&count, "count", count, "number of boards")
	fs.Uint64Var(&seed, "seed", seed, "random seed")
	if code, done := parseFlags(e, fs, &help, randomHead, args); done {
		return code
	}
	if w < 1 || w > samegame.MaxSize || h < 1 || h > samegame.MaxSize || colours < 1 || colours > samegame.NumColours || count < 1 || fs.NArg() != 0 {
		return usageError(e, fs.Name(), fmt.Errorf("--width %d --height %d --colours %d --count %d %q: want sizes 1..%d, colours 1..%d, a count >= 1 and no arguments",
			w, h, colours, count, fs.Args(), samegame.MaxSize, samegame.NumColours))
	}
	r := rand.New(rand.NewPCG(seed, 0))
	fmt.Fprintf(e.stdout, "# samegame random --width %d --height %d --colours %d --count %d --seed %d\n", w, h, colours, count, seed)
	for i := range count {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		b := samegame.RandomBoard(r, w, h, colours)
		fmt.Fprint(e.stdout, b.String())
	}
	return exitOK
}
