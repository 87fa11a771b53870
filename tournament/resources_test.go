package tournament

import (
	"slices"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/engineproc"
)

// Totals add each engine's figures over its games, whatever its colour,
// and flag the one that used more CPU than its thinking time allows.
func TestResourceTotals(t *testing.T) {
	names := []string{"one", "many", "idle"}
	u := func(cpu, think float64, peak int64) *engineproc.Usage {
		return &engineproc.Usage{CPUMS: cpu, ThinkMS: think, WallMS: 2 * think, PeakRSSKiB: peak}
	}
	recs := []Record{
		{BlackEngine: 0, WhiteEngine: 1, Resources: Resources{BlackUsage: u(900, 1000, 100), WhiteUsage: u(3000, 1000, 50)}},
		{BlackEngine: 1, WhiteEngine: 0, Resources: Resources{BlackUsage: u(2500, 1000, 70), WhiteUsage: u(1100, 1000, 300)}},
		{BlackEngine: 0, WhiteEngine: 2}, // a game without figures
	}
	rs := ResourceTotals(names, recs)
	if len(rs) != 3 {
		t.Fatalf("%d totals, want 3", len(rs))
	}
	want := []EngineResources{
		{Engine: 0, Name: "one", Processes: 2, Usage: engineproc.Usage{CPUMS: 2000, ThinkMS: 2000, WallMS: 4000, PeakRSSKiB: 300}},
		{Engine: 1, Name: "many", Processes: 2, Usage: engineproc.Usage{CPUMS: 5500, ThinkMS: 2000, WallMS: 4000, PeakRSSKiB: 70}, Multicore: true},
		{Engine: 2, Name: "idle"},
	}
	for i := range want {
		if rs[i] != want[i] {
			t.Errorf("totals[%d] = %+v, want %+v", i, rs[i], want[i])
		}
	}
	if ResourceTotals(names, recs[2:]) != nil {
		t.Error("totals of games without figures, want none")
	}
	var b strings.Builder
	if err := WriteResources(&b, rs); err != nil {
		t.Fatal(err)
	}
	want2 := [][]string{
		{"name", "games", "cpu", "s", "think", "s", "cpu/think", "wall", "s", "peak", "rss", "MiB", "flag"},
		{"one", "2", "2.000", "2.000", "1.00", "4.000", "0.3"},
		{"many", "2", "5.500", "2.000", "2.75", "4.000", "0.1", "multicore"},
		{"idle", "0", "0.000", "0.000", "-", "0.000", "0.0"},
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(want2) {
		t.Fatalf("table:\n%s", b.String())
	}
	for i, l := range lines {
		if got := strings.Fields(l); !slices.Equal(got, want2[i]) {
			t.Errorf("line %d: %q, want %q", i, got, want2[i])
		}
	}
}
