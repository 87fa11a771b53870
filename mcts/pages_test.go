package mcts

import (
	"runtime"
	"testing"

	"github.com/tcgothello/mcts/internal/hugepages/hugepagestest"
)

// TestArenaAdvisedHugePages checks that New advises the whole 2 MiB pages
// of the node arena, and of the sums of squares beside it, to transparent
// huge pages, and nothing else of them (Linux only: read back from
// /proc/self/smaps by hugepagestest.CheckAdvised).
func TestArenaAdvisedHugePages(t *testing.T) {
	before := hugepagestest.Mappings(t)
	cfg := DefaultConfig()
	cfg.ArenaNodes, cfg.Pruning = 1<<21, true // 48 MiB of nodes, 16 MiB of sums
	s := newTreeSearcher(t, treeGame{branching: 3, depth: 7}, cfg)
	hugepagestest.CheckAdvised(t, before, s.nodes)
	hugepagestest.CheckAdvised(t, before, s.sumSq)
	runtime.KeepAlive(s)
}
