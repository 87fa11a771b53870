package clilog

import (
	"bytes"
	"regexp"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// TestLine checks a line's shape, byte for byte but for the time, and that
// lines below the level are dropped.
func TestLine(t *testing.T) {
	var b bytes.Buffer
	log := New(&b, zapcore.InfoLevel)
	log.Debug("hidden")
	log.Warn("two words", zap.Int("n", 3))
	want := regexp.MustCompile(`\A\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d{4})\tWARN\ttwo words\t\{"n": 3\}\n\z`)
	if !want.MatchString(b.String()) {
		t.Errorf("logged %q, want one WARN line with the field and no caller", b.String())
	}
}
