package otp

import (
	"context"
	"flag"
	"fmt"
	"net"
	"testing"
	"time"
)

// remoteMarginLimit is the reply limit of BenchmarkRemoteDeadlineMargin;
// run it with -margin-limit=10s to measure the genmove limit itself.
var remoteMarginLimit = flag.Duration("margin-limit", 200*time.Millisecond, "reply limit for BenchmarkRemoteDeadlineMargin")

// remoteEcho serves a fake player that answers every command at once with
// reply, until the connection closes.
func remoteEcho(c net.Conn, reply string) {
	buf := make([]byte, 1024)
	for {
		if _, err := c.Read(buf); err != nil {
			return
		}
		if _, err := c.Write([]byte(reply)); err != nil {
			return
		}
	}
}

// BenchmarkLoopbackRoundTrip is the floor under every exchange: a bare
// write and read each way over loopback, no judging.
func BenchmarkLoopbackRoundTrip(b *testing.B) {
	r, player := remotePair(b)
	defer r.Close()
	defer player.Close()
	go remoteEcho(player, "genmove 2 3")
	cmd, buf := []byte("genmove"), make([]byte, 1024)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.conn.Write(cmd); err != nil {
			b.Fatal(err)
		}
		if _, err := r.conn.Read(buf); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRemoteAsk is one judged genmove exchange with an instant player:
// the loopback round trip plus the judge's own work.
func BenchmarkRemoteAsk(b *testing.B) {
	r, player := remotePair(b)
	defer r.Close()
	defer player.Close()
	go remoteEcho(player, "genmove 2 3")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Ask(ctx, "genmove", time.Second); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJudgeReply(b *testing.B) {
	text := []byte("genmove 2 3\n")
	b.ReportAllocs()
	for b.Loop() {
		if JudgeReply("genmove", text).State != ReplyComplete {
			b.Fatal("not complete")
		}
	}
}

// BenchmarkRemoteDeadlineMargin measures how close to the limit a reply may
// arrive and still count. The player aims its reply at margin before the
// limit and notes when its write really started (a busy machine makes it
// late); the metrics are the fraction of replies the judge took
// ("accepted"), the smallest real margin among them ("min-ok-us", negative
// if a reply written after the limit still counted) and the largest real
// margin among the rejected ones ("max-late-us", absent if none).
// Each iteration lasts about -margin-limit.
func BenchmarkRemoteDeadlineMargin(b *testing.B) {
	limit := *remoteMarginLimit
	for _, margin := range []time.Duration{5 * time.Millisecond, 2 * time.Millisecond, time.Millisecond, 500 * time.Microsecond, 200 * time.Microsecond, 100 * time.Microsecond} {
		b.Run(fmt.Sprintf("margin=%v", margin), func(b *testing.B) {
			r, player := remotePair(b)
			starts, sent := make(chan time.Time, 1), make(chan time.Duration, 1)
			go func() {
				buf := make([]byte, 1024)
				for {
					if _, err := player.Read(buf); err != nil {
						return
					}
					start := <-starts
					time.Sleep(time.Until(start.Add(limit - margin)))
					sent <- time.Since(start)
					_, err := player.Write([]byte("genmove 2 3"))
					if err != nil {
						return
					}
				}
			}()
			accepted, n := 0, 0
			var minOK, maxLate []time.Duration // one element once known
			for b.Loop() {
				n++
				starts <- time.Now()
				_, err := r.Ask(context.Background(), "genmove", limit)
				real := limit - <-sent
				if err == nil {
					accepted++
					if len(minOK) == 0 || real < minOK[0] {
						minOK = []time.Duration{real}
					}
					continue
				}
				if len(maxLate) == 0 || real > maxLate[0] {
					maxLate = []time.Duration{real}
				}
				// The rejected reply may still be in flight: drain it, so
				// that the next exchange starts clean.
				r.conn.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
				r.conn.Read(make([]byte, 1024))
			}
			b.ReportMetric(float64(accepted)/float64(n), "accepted")
			for _, d := range minOK {
				b.ReportMetric(float64(d)/float64(time.Microsecond), "min-ok-us")
			}
			for _, d := range maxLate {
				b.ReportMetric(float64(d)/float64(time.Microsecond), "max-late-us")
			}
		})
	}
}
