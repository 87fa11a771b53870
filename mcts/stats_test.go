package mcts

import (
	"strings"
	"testing"
)

// TestStatsStringAdded checks that the log line tells the nodes a search
// added apart from the slots in use after tree reuse, and stays as it was
// after a search from scratch, where the two are the same.
func TestStatsStringAdded(t *testing.T) {
	reused := Stats[uint8Move]{Playouts: 100, Nodes: 5000, Added: 320, ReusedVisits: 900, Stopped: StopPlayouts}
	if line := reused.String(); !strings.Contains(line, "nodes 5000 added 320 depth") {
		t.Errorf("after reuse: %q, want it to contain %q", line, "nodes 5000 added 320 depth")
	}
	fresh := Stats[uint8Move]{Playouts: 100, Nodes: 320, Added: 320, Stopped: StopPlayouts}
	if line := fresh.String(); strings.Contains(line, "added") || !strings.Contains(line, "nodes 320 depth") {
		t.Errorf("from scratch: %q, want %q and no added count", line, "nodes 320 depth")
	}
}
