package match

import (
	"testing"

	"github.com/tcgothello/mcts/otp"
)

func TestMemoryForfeit(t *testing.T) {
	f := &otp.Forfeit{Reason: otp.ForfeitTimeout, Detail: "genmove: no reply in 10s"}
	MemoryForfeit(f, 256<<20)
	if want := "killed at --engine-memory 256 MiB; the judge saw: timeout (genmove: no reply in 10s)"; f.Reason != otp.ForfeitMemoryLimit || f.Detail != want {
		t.Errorf("forfeit %+v, want the memory limit, detail %q", f, want)
	}
	before := *f
	MemoryForfeit(f, 1<<30) // already for the memory limit: kept
	if *f != before {
		t.Errorf("a memory-limit forfeit was changed: %+v, want %+v", f, before)
	}
	MemoryForfeit(nil, 1<<30) // nothing to name
	g := &otp.Forfeit{Reason: otp.ForfeitDisconnected}
	MemoryForfeit(g, 1<<20)
	if want := "killed at --engine-memory 1 MiB; the judge saw: disconnected"; g.Detail != want {
		t.Errorf("detail %q, want %q", g.Detail, want)
	}
}
