// Package mctsflag declares the command-line flags of the shared
// Monte-Carlo core (package mcts's Config) for every program that searches
// with it, so that a flag has one name, one value style and one help text
// wherever it appears.
//
// Switches take on or off as their value, always: "--pruning on 8000" must
// be pruning on and port 8000, and a switch whose value were optional would
// leave "on" to be read as the judge's host. A program chooses which flags
// it offers (Spec.Flags) and which algorithms --algo accepts
// (Spec.Algorithms); the help shows the values of the Config the flags are
// bound to as the defaults, so a program's own defaults (Einstein's 200
// playouts before pruning, Kill-All Go's arena) are the ones it prints.
package mctsflag

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/tcgothello/mcts/mcts"
)

// Flag is the name of one of the core's flags, as written on the command
// line without its dashes.
type Flag string

// The core's flags, each bound to the mcts.Config field of the same name.
const (
	Algo            Flag = "algo"              // Algorithm
	Exploration     Flag = "exploration"       // Exploration
	Reward          Flag = "reward"            // Reward
	Pruning         Flag = "pruning"           // Pruning
	PruneRD         Flag = "prune-rd"          // PruneRD
	PruneSigmaE     Flag = "prune-sigma-e"     // PruneSigmaE
	PruneMinVisits  Flag = "prune-min-visits"  // PruneMinVisits
	PruneNodeVisits Flag = "prune-node-visits" // PruneNodeVisits
	ExpandVisits    Flag = "expand-visits"     // ExpandVisits
	Arena           Flag = "arena"             // ArenaNodes
	Solver          Flag = "solver"            // Solver
	Reuse           Flag = "reuse"             // Reuse
)

// Spec says what a program offers of the core.
type Spec struct {
	// Flags are the flags to declare, in the order the help lists them.
	Flags []Flag
	// Algorithms are the values --algo accepts, in the order its help
	// names them. Empty: UCT and UCB, which every game can run; Greedy
	// needs an evaluator, so only a program that has one lists it.
	Algorithms []mcts.Algorithm
	// MinArena is the smallest --arena the program allows, for the help:
	// the root and the most moves a position of its game can have. 0: 2,
	// the least the core itself accepts.
	MinArena int
}

// coreMinArena is the smallest arena mcts.Config.Validate accepts: the
// root and one child.
const coreMinArena = 2

// algoHelp says what each algorithm does, for --algo's help.
var algoHelp = [...]string{
	mcts.UCT:    "uct (a tree with UCB1 at every node)",
	mcts.UCB:    "ucb (flat UCB1 over the root's moves)",
	mcts.Greedy: "greedy (1-ply: the move the evaluation likes best, to see what it knows)",
}

// Register declares s.Flags on fs, bound to the fields of c. Each flag's
// default in the help is c's value at the call, so a program sets its own
// defaults in c first. It panics on a flag it does not know or an
// algorithm without a name, as pflag does on a flag declared twice: both
// are mistakes in the program, found by its first run.
func Register(fs *pflag.FlagSet, c *mcts.Config, s Spec) {
	algos := s.Algorithms
	if len(algos) == 0 {
		algos = []mcts.Algorithm{mcts.UCT, mcts.UCB}
	}
	minArena := s.MinArena
	if minArena == 0 {
		minArena = coreMinArena
	}
	for _, f := range s.Flags {
		name := string(f)
		switch f {
		case Algo:
			v := algorithmValue{a: &c.Algorithm, ok: algos}
			help := make([]string, len(algos))
			for i, a := range algos {
				if a < 0 || int(a) >= len(algoHelp) {
					panic(fmt.Sprintf("mctsflag: algorithm %v has no help", a))
				}
				help[i] = algoHelp[a]
			}
			fs.Var(v, name, "search algorithm: "+orList(help))
		case Exploration:
			fs.Float64Var(&c.Exploration, name, c.Exploration,
				"UCB1 exploration constant C in mean + C*sqrt(ln N / n)")
		case Reward:
			fs.Var(Enum(&c.Reward, "winloss|discdiff", mcts.ParseReward), name,
				"playout reward: winloss (a win 1, a draw 0.5, a loss 0) or discdiff (the final score, "+
					"in Othello the disc difference, scaled to 0..1)")
		case Pruning:
			fs.Var(OnOff(&c.Pruning), name,
				"progressive pruning of moves that are statistically worse than the best one: on or off")
		case PruneRD:
			fs.Float64Var(&c.PruneRD, name, c.PruneRD,
				"pruning: r_d, how many standard deviations apart two moves must be for the worse to be pruned")
		case PruneSigmaE:
			fs.Float64Var(&c.PruneSigmaE, name, c.PruneSigmaE,
				"pruning: sigma_e, below which two moves that cannot be separated count as equal")
		case PruneMinVisits:
			fs.IntVar(&c.PruneMinVisits, name, c.PruneMinVisits,
				"pruning: playouts a move needs before it can be pruned or serve as the reference; "+
					"every root move gets that many first")
		case PruneNodeVisits:
			fs.IntVar(&c.PruneNodeVisits, name, c.PruneNodeVisits,
				"pruning: visits a node below the root needs before its children are pruned")
		case ExpandVisits:
			fs.IntVar(&c.ExpandVisits, name, c.ExpandVisits,
				"UCT: visits a leaf must have had before it is expanded (its children created), its prior visits included; an iteration expands one leaf at most")
		case Arena:
			fs.IntVar(&c.ArenaNodes, name, c.ArenaNodes,
				fmt.Sprintf("search tree capacity in nodes of %d bytes, allocated at start (%d..%d)",
					mcts.NodeBytes, minArena, mcts.MaxArenaNodes))
		case Solver:
			fs.Var(OnOff(&c.Solver), name,
				"MCTS-Solver: prove wins and losses inside the tree, and never play a proven loss when a "+
					"move is not lost: on or off (off: the course's plain UCT)")
		case Reuse:
			fs.Var(OnOff(&c.Reuse), name,
				"keep the search tree between moves: when the position follows from the last search's "+
					"(after the program's move and the opponent's reply) the search starts from the "+
					"subtree it had already grown there: on or off")
		default:
			panic(fmt.Sprintf("mctsflag: unknown flag %q", name))
		}
	}
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// algorithmValue is a pflag.Value for the algorithms a program offers: a
// bad value is refused while the flags are parsed, with the flag's name in
// the message.
type algorithmValue struct {
	a  *mcts.Algorithm
	ok []mcts.Algorithm
}

func (v algorithmValue) String() string { return v.a.String() }

func (v algorithmValue) Type() string { return strings.Join(v.names(), "|") }

func (v algorithmValue) Set(s string) error {
	a, err := mcts.ParseAlgorithm(s)
	if err != nil {
		return fmt.Errorf("unknown algorithm %q: want %s", s, orList(v.names()))
	}
	if !slices.Contains(v.ok, a) {
		return fmt.Errorf("algorithm %q is not offered by this program: want %s", s, orList(v.names()))
	}
	*v.a = a
	return nil
}

// names returns the names of the algorithms offered, in their order.
func (v algorithmValue) names() []string {
	names := make([]string, len(v.ok))
	for i, a := range v.ok {
		names[i] = a.String()
	}
	return names
}

// Enum returns a pflag.Value for a value of an enumeration, so that a bad
// word is refused while the flags are parsed, with the flag's name in the
// message: parse reads a word (its error names the choices), and choices
// lists them for --help ("exact|wld"). A program declares its own
// enumerations with it too.
func Enum[T fmt.Stringer](p *T, choices string, parse func(string) (T, error)) pflag.Value {
	return enumValue[T]{p, choices, parse}
}

// enumValue is Enum's value.
type enumValue[T fmt.Stringer] struct {
	p       *T
	choices string
	parse   func(string) (T, error)
}

func (v enumValue[T]) String() string { return (*v.p).String() }
func (v enumValue[T]) Type() string   { return v.choices }
func (v enumValue[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	*v.p = x
	return nil
}

// OnOff returns a pflag.Value for a switch b written on or off (true,
// false, yes, no, 1 and 0 are accepted too, in any case). The value is
// required: "--pruning" alone is an error, never a silent "on" that would
// leave the next word to be read as an argument. A program declares its
// own switches with it too, so that every switch reads alike.
func OnOff(b *bool) pflag.Value { return onOffValue{b} }

// onOffValue is OnOff's value.
type onOffValue struct{ b *bool }

func (v onOffValue) String() string {
	if *v.b {
		return "on"
	}
	return "off"
}
func (v onOffValue) Type() string { return "on|off" }
func (v onOffValue) Set(s string) error {
	switch strings.ToLower(s) {
	case "on", "true", "yes", "1":
		*v.b = true
	case "off", "false", "no", "0":
		*v.b = false
	default:
		return fmt.Errorf("%q: want on or off", s)
	}
	return nil
}
