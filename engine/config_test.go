package engine

import (
	"math"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/mcts"
)

func TestDefaultConfigValid(t *testing.T) {
	cfg := DefaultConfig()
	if err := cfg.Validate(); err != nil {
		t.Fatalf("DefaultConfig().Validate() = %v, want nil", err)
	}
	cfg.Pruning = true
	if err := cfg.Validate(); err != nil {
		t.Fatalf("DefaultConfig() with pruning: Validate() = %v, want nil", err)
	}
	if cfg.Algorithm != UCT || cfg.Reward != WinLoss {
		t.Errorf("defaults: got %v %v, want uct winloss", cfg.Algorithm, cfg.Reward)
	}
	if mem := cfg.ArenaNodes * mcts.NodeBytes; mem > 1<<30 {
		t.Errorf("default arena is %d bytes, want at most 1 GiB, well under the course's 4 GiB", mem)
	}
}

func TestValidateRejects(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"algorithm", func(c *Config) { c.Algorithm = 7 }, "algorithm"},
		{"reward", func(c *Config) { c.Reward = -1 }, "reward"},
		{"negative exploration", func(c *Config) { c.Exploration = -0.1 }, "exploration"},
		{"NaN exploration", func(c *Config) { c.Exploration = math.NaN() }, "exploration"},
		{"expand visits", func(c *Config) { c.ExpandVisits = 0 }, "expand visits"},
		{"small arena", func(c *Config) { c.ArenaNodes = MinArenaNodes - 1 }, "arena"},
		{"huge arena", func(c *Config) { c.ArenaNodes = MaxArenaNodes + 1 }, "arena"},
		{"r_d", func(c *Config) { c.Pruning, c.PruneRD = true, 0 }, "r_d"},
		{"sigma_e", func(c *Config) { c.Pruning, c.PruneSigmaE = true, math.Inf(1) }, "sigma_e"},
		{"min visits", func(c *Config) { c.Pruning, c.PruneMinVisits = true, 1 }, "min visits"},
		{"node visits", func(c *Config) { c.Pruning, c.PruneNodeVisits = true, -1 }, "node visits"},
		{"prune every", func(c *Config) { c.Pruning, c.PruneEvery = true, 0 }, "prune every"},
	} {
		cfg := DefaultConfig()
		tc.change(&cfg)
		err := cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Validate() = %v, want an error mentioning %q", tc.name, err, tc.want)
		}
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: New accepted an invalid config", tc.name)
		}
	}
	// Pruning fields are not checked while pruning is off.
	cfg := DefaultConfig()
	cfg.PruneMinVisits = 0
	if err := cfg.Validate(); err != nil {
		t.Errorf("pruning off, PruneMinVisits 0: Validate() = %v, want nil", err)
	}
}

func TestParseAlgorithmReward(t *testing.T) {
	for _, a := range []Algorithm{UCT, UCB} {
		got, err := ParseAlgorithm(strings.ToUpper(a.String()))
		if err != nil || got != a {
			t.Errorf("ParseAlgorithm(%q) = %v, %v; want %v", strings.ToUpper(a.String()), got, err, a)
		}
	}
	for _, r := range []Reward{WinLoss, DiscDiff} {
		got, err := ParseReward(" " + r.String())
		if err != nil || got != r {
			t.Errorf("ParseReward(%q) = %v, %v; want %v", r.String(), got, err, r)
		}
	}
	if _, err := ParseAlgorithm("mcts"); err == nil {
		t.Errorf("ParseAlgorithm(\"mcts\"): got no error")
	}
	if _, err := ParseReward("score"); err == nil {
		t.Errorf("ParseReward(\"score\"): got no error")
	}
	if s := Algorithm(9).String(); s != "algorithm(9)" {
		t.Errorf("Algorithm(9).String() = %q, want algorithm(9)", s)
	}
}
