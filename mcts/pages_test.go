package mcts

import (
	"runtime"
	"testing"

	"github.com/tcgothello/mcts/internal/hugepages/hugepagestest"
)

// TestArenaAdvisedHugePages checks that New advises the whole 2 MiB pages
// of the node arena to transparent huge pages, and nothing else of them (Linux only: read back from
// /proc/self/smaps by hugepagestest.CheckAdvised).
func TestArenaAdvisedHugePages(t *testing.T) {
	before := hugepagestest.Mappings(t)
	cfg := DefaultConfig()
	cfg.ArenaNodes = 1 << 21 // 64 MiB of nodes
	s := newTreeSearcher(t, treeGame{branching: 3, depth: 7}, cfg)
	hugepagestest.CheckAdvised(t, before, s.nodes)
	runtime.KeepAlive(s)
}
