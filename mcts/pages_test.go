package mcts

import (
	"runtime"
	"testing"

	"github.com/tcgothello/mcts/internal/hugepages/hugepagestest"
)

// TestArenaAdvisedHugePages checks that New advises the whole pages of the
// node arena, and of the minimax values beside it, to transparent huge
// pages, and no page they share with other objects (Linux only: read back
// from /proc/self/smaps).
func TestArenaAdvisedHugePages(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ArenaNodes, cfg.MinimaxWeight = 1<<21, 0.5 // 64 MiB of nodes, 8 MiB of values
	s := newTreeSearcher(t, treeGame{branching: 3, depth: 7}, cfg)
	hugepagestest.CheckAdvised(t, s.nodes)
	hugepagestest.CheckAdvised(t, s.minimax)
	runtime.KeepAlive(s)
}
