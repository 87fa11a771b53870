package consolelog

import (
	"strings"
	"testing"
)

func TestLevels(t *testing.T) {
	var sb strings.Builder
	log, err := New("warn", &sb)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("hidden")
	log.Warn("shown")
	if got := sb.String(); strings.Contains(got, "hidden") || !strings.Contains(got, "WARN\tshown") {
		t.Fatalf("log %q", got)
	}
	if _, err := New("loud", &sb); err == nil {
		t.Fatal("level loud accepted")
	}
}
