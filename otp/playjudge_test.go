package otp

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

// TestPlayJudge: the engine connects to a judge on loopback, answers it
// until quit, and logs the connection and the end of the match; a judge
// that hangs up first is ErrClosedByJudge, without the end logged.
func TestPlayJudge(t *testing.T) {
	for _, quit := range []bool{true, false} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		s, _ := testSession(t, &fakeThinker{}, nil)
		core, logs := observer.New(zap.InfoLevel)
		done := make(chan error, 1)
		go func() { done <- PlayJudge(context.Background(), s, ln.Addr().String(), 5*time.Second, zap.New(core)) }()
		judge, err := ln.Accept()
		if err != nil {
			t.Fatal(err)
		}
		judge.Write([]byte("name"))
		if got := readN(t, judge, len("name golden")); got != "name golden" {
			t.Errorf("reply to name: %q", got)
		}
		if quit {
			judge.Write([]byte("quit"))
			readN(t, judge, 4)
		} else {
			judge.Close()
		}
		err = waitDone(t, done)
		judge.Close()
		ln.Close()
		ended := logs.FilterMessage("quit: match over").Len() == 1
		if logs.FilterMessage("connected to the judge").Len() != 1 || ended != quit {
			t.Errorf("quit %v: logs %v", quit, logs.All())
		}
		if quit && err != nil || !quit && !errors.Is(err, ErrClosedByJudge) {
			t.Errorf("quit %v: PlayJudge returned %v", quit, err)
		}
	}
	if err := PlayJudge(context.Background(), nil, "nowhere", time.Second, nil); err == nil {
		t.Error("a bad address was accepted")
	}
}
