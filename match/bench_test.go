package match

import (
	"context"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/otp"
)

// BenchmarkPlayGame plays whole games between two instant fake engines over
// loopback. Its ns/ply is what a ply costs when the engines take no time:
// a genmove and a play exchange, the legality check and the bookkeeping,
// that is the judge's overhead per move plus two loopback round trips
// (compare otp's BenchmarkLoopbackRoundTrip).
func BenchmarkPlayGame(b *testing.B) {
	gate, addr := openTestGate(b, nil)
	e1 := &matchtest.Engine{Name: "a", ReadLimit: time.Minute, MaxCommands: 1 << 30}
	e2 := &matchtest.Engine{Name: "b", ReadLimit: time.Minute, MaxCommands: 1 << 30}
	for _, e := range []*matchtest.Engine{e1, e2} {
		if err := e.Start(addr); err != nil {
			b.Fatal(err)
		}
		defer e.Close()
	}
	conns, err := gate.Players(context.Background(), time.Now().Add(5*time.Second))
	if err != nil || conns[0] == nil || conns[1] == nil {
		b.Fatalf("players did not connect: %v", err)
	}
	black, white := otp.NewRemote(conns[0]), otp.NewRemote(conns[1])
	defer black.Close()
	defer white.Close()
	lim := Limits{Connect: time.Second, GenMove: 5 * time.Second, Reply: 5 * time.Second}
	plies := 0
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		g, err := PlayGame(context.Background(), black, white, lim)
		if err != nil || g.Forfeit != nil {
			b.Fatalf("game failed: %v %v", err, g.Forfeit)
		}
		plies += len(g.Moves)
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(plies), "ns/ply")
}
