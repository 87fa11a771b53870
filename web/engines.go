package web

import (
	"math/rand/v2"

	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/mcts"
)

// engineArenaNodes is the search tree's capacity of the Kill-All Go and
// Einstein engines behind the pages: 2^20 nodes of 24 bytes, 24 MiB each,
// allocated when a page first needs its engine. Their programs allocate 4
// and 8 times more for 9 s searches; at the page's default second a
// search grows some 100,000 nodes, and one that fills the arena at a long
// think time goes on playing out from the leaves it has.
const engineArenaNodes = 1 << 20

// Engines configures the engines of Kill-All Go and Einstein: the searches
// of their programs (cmd/killallgo, cmd/einstein) with those programs'
// default settings, but for the arena (engineArenaNodes), and the page's
// think time.
type Engines struct {
	// Playouts, if not zero, also stops every search after this many
	// playouts: the tests' fast engines.
	Playouts int64
	// Seed seeds the searches; zero draws one.
	Seed uint64
}

// withDefaults fills in the zero fields.
func (e Engines) withDefaults() Engines {
	if e.Seed == 0 {
		e.Seed = rand.Uint64()
	}
	return e
}

// killAllConfig is the Kill-All Go search's configuration: the core's
// defaults, as cmd/killallgo's.
func (e Engines) killAllConfig() mcts.Config {
	cfg := mcts.DefaultConfig()
	cfg.ArenaNodes = engineArenaNodes
	cfg.Seed = e.Seed
	return cfg
}

// einsteinOptions are the Einstein agent's options: the agent package's
// defaults, as cmd/einstein's, with the page's think time set per search.
func (e Engines) einsteinOptions() agent.Options {
	o := agent.DefaultOptions()
	o.Config.ArenaNodes = engineArenaNodes
	o.Config.Seed = e.Seed
	o.Playouts = e.Playouts
	return o
}
