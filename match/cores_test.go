package match

import (
	"runtime"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

// More games at once or more --engine-cpus than the machine has cores is
// warned of, each once; as many as it has is not.
func TestWarnOverCores(t *testing.T) {
	n := runtime.NumCPU()
	for _, c := range []struct {
		concurrency, cpus int
		want              []string
	}{
		{1, 0, nil},
		{n, n, nil},
		{n + 1, 0, []string{"--concurrency is above the number of cores"}},
		{1, 1000, []string{"--engine-cpus is above the number of cores"}},
		{100000, n + 1, []string{"--concurrency is above", "--engine-cpus is above"}},
	} {
		core, logs := observer.New(zapcore.WarnLevel)
		WarnOverCores(zap.New(core), c.concurrency, c.cpus)
		got := logs.All()
		if len(got) != len(c.want) {
			t.Errorf("concurrency %d, cpus %d on %d cores: %d warnings, want %d", c.concurrency, c.cpus, n, len(got), len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(got[i].Message, w) || got[i].ContextMap()["cores"] != int64(n) {
				t.Errorf("concurrency %d, cpus %d: warning %q %v, want %q and the cores", c.concurrency, c.cpus, got[i].Message, got[i].ContextMap(), w)
			}
		}
	}
}
