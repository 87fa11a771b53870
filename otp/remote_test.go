package otp

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/othello"
)

// remotePair connects a Remote to a fake player over loopback and returns
// both ends; the test plays the player through the returned conn.
func remotePair(t testing.TB) (*Remote, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	player, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	judge, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	r := NewRemote(judge)
	t.Cleanup(func() { r.Close(); player.Close() })
	return r, player
}

// remoteReadCommand reads one command as the player, with a time bound.
func remoteReadCommand(t *testing.T, c net.Conn) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(2 * time.Second))
	buf := make([]byte, 1024)
	n, err := c.Read(buf)
	if err != nil {
		t.Errorf("player read: %v", err)
	}
	return string(buf[:n])
}

// remoteScript runs a fake player that reads one command and then sends
// each write in turn, pausing before each for its delay.
type remoteWrite struct {
	delay time.Duration
	text  string
}

func remoteScript(t *testing.T, c net.Conn, writes ...remoteWrite) <-chan string {
	cmd := make(chan string, 1)
	go func() {
		cmd <- remoteReadCommand(t, c)
		for _, w := range writes {
			time.Sleep(w.delay)
			if _, err := c.Write([]byte(w.text)); err != nil {
				return
			}
		}
	}()
	return cmd
}

func TestRemoteAccepts(t *testing.T) {
	tests := []struct {
		name   string
		cmd    string
		writes []remoteWrite
		move   othello.Move
		player string
	}{
		{name: "bare genmove", cmd: "genmove", writes: []remoteWrite{{0, "genmove 2 3"}}, move: othello.MoveAt(2, 3)},
		{name: "trailing newline", cmd: "genmove", writes: []remoteWrite{{0, "genmove 8 0\r\n"}}, move: othello.Pass},
		{name: "split genmove", cmd: "genmove", writes: []remoteWrite{{0, "genmove 4"}, {30 * time.Millisecond, " 5"}}, move: othello.MoveAt(4, 5)},
		{name: "split word", cmd: "play 2 3", writes: []remoteWrite{{0, "pl"}, {30 * time.Millisecond, "ay"}}},
		{name: "name", cmd: "name", writes: []remoteWrite{{0, "name alice"}}, player: "alice"},
		{name: "split name", cmd: "name", writes: []remoteWrite{{0, "name al"}, {10 * time.Millisecond, "ice\n"}}, player: "alice"},
		{name: "quit", cmd: "quit", writes: []remoteWrite{{0, "quit"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, player := remotePair(t)
			sent := remoteScript(t, player, tc.writes...)
			ex, err := r.Ask(context.Background(), tc.cmd, time.Second)
			if err != nil {
				t.Fatalf("Ask(%q) error %v, want none", tc.cmd, err)
			}
			if got := <-sent; got != tc.cmd {
				t.Errorf("player received %q, want the bare command %q", got, tc.cmd)
			}
			if tc.cmd == "genmove" && ex.Move != tc.move {
				t.Errorf("move %v, want %v", ex.Move, tc.move)
			}
			if ex.Name != tc.player {
				t.Errorf("name %q, want %q", ex.Name, tc.player)
			}
			var all string
			for _, w := range tc.writes {
				all += w.text
			}
			if ex.Received != all {
				t.Errorf("received %q, want %q", ex.Received, all)
			}
		})
	}
}

func TestRemoteForfeits(t *testing.T) {
	const limit = 150 * time.Millisecond
	tests := []struct {
		name     string
		cmd      string
		writes   []remoteWrite
		close    bool // the player closes after its writes
		reason   ForfeitReason
		received string
	}{
		{name: "silent", cmd: "genmove", reason: ForfeitTimeout},
		{name: "late", cmd: "play 2 3", writes: []remoteWrite{{limit + 100*time.Millisecond, "play"}}, reason: ForfeitTimeout},
		{name: "incomplete at deadline", cmd: "genmove", writes: []remoteWrite{{0, "genmove 2"}}, reason: ForfeitTimeout, received: "genmove 2"},
		{name: "bare name at deadline", cmd: "name", writes: []remoteWrite{{0, "name"}}, reason: ForfeitMalformed, received: "name"},
		{name: "bare name and newline", cmd: "name", writes: []remoteWrite{{0, "name \n"}}, reason: ForfeitMalformed, received: "name \n"},
		{name: "bare name and NUL", cmd: "name", writes: []remoteWrite{{0, "name\x00"}}, reason: ForfeitMalformed, received: "name\x00"},
		{name: "part of name at deadline", cmd: "name", writes: []remoteWrite{{0, "nam"}}, reason: ForfeitTimeout, received: "nam"},
		{name: "two replies at once", cmd: "play 2 3", writes: []remoteWrite{{0, "playplay"}}, reason: ForfeitExtraData, received: "playplay"},
		{name: "two genmoves at once", cmd: "genmove", writes: []remoteWrite{{0, "genmove 2 3\ngenmove 2 3\n"}}, reason: ForfeitExtraData},
		{name: "garbage", cmd: "genmove", writes: []remoteWrite{{0, "\x00\xffhello"}}, reason: ForfeitWrongReply, received: "\x00\xffhello"},
		{name: "wrong word", cmd: "clear_board", writes: []remoteWrite{{0, "unknown command"}}, reason: ForfeitWrongReply},
		{name: "malformed move", cmd: "genmove", writes: []remoteWrite{{0, "genmove 9 9"}}, reason: ForfeitMalformed},
		{name: "over-long", cmd: "genmove", writes: []remoteWrite{{0, strings.Repeat(" ", 2000)}}, reason: ForfeitTooLong},
		{name: "over-long name", cmd: "name", writes: []remoteWrite{{0, "name " + strings.Repeat("n", 600)}}, reason: ForfeitTooLong},
		{name: "closed", cmd: "genmove", writes: []remoteWrite{{0, "genm"}}, close: true, reason: ForfeitDisconnected, received: "genm"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, player := remotePair(t)
			done := make(chan struct{})
			go func() {
				defer close(done)
				<-remoteScript(t, player, tc.writes...)
				if tc.close {
					var total time.Duration
					for _, w := range tc.writes {
						total += w.delay
					}
					time.Sleep(total + 20*time.Millisecond)
					player.Close()
				}
			}()
			start := time.Now()
			_, err := r.Ask(context.Background(), tc.cmd, limit)
			took := time.Since(start)
			<-done
			f := AsForfeit(err)
			if f == nil {
				t.Fatalf("Ask(%q) error %v, want a forfeit for %q", tc.cmd, err, tc.reason)
			}
			if f.Reason != tc.reason {
				t.Errorf("reason %q (%v), want %q", f.Reason, f, tc.reason)
			}
			if tc.received != "" && f.Received != tc.received {
				t.Errorf("received %q, want %q", f.Received, tc.received)
			}
			if f.Command != tc.cmd {
				t.Errorf("command %q, want %q", f.Command, tc.cmd)
			}
			if took > limit+time.Second {
				t.Errorf("verdict after %v, want about %v at most", took, limit)
			}
			if !strings.Contains(f.Error(), string(tc.reason)) {
				t.Errorf("message %q does not name the reason %q", f.Error(), tc.reason)
			}
		})
	}
}

// A reply that arrives late must not be taken for the reply to the next
// command, as the classic judge's stale buffer did.
func TestRemoteLateReplyNotReused(t *testing.T) {
	r, player := remotePair(t)
	go func() {
		remoteReadCommand(t, player)
		time.Sleep(150 * time.Millisecond)
		player.Write([]byte("play"))
	}()
	_, err := r.Ask(context.Background(), "play 2 3", 50*time.Millisecond)
	if f := AsForfeit(err); f == nil || f.Reason != ForfeitTimeout {
		t.Fatalf("first Ask error %v, want a timeout", err)
	}
	read := make(chan string, 1)
	go func() { read <- remoteReadCommand(t, player) }()
	defer func() { <-read }()
	time.Sleep(200 * time.Millisecond)
	// The late "play" is what this player sent next, so it is judged as the
	// reply to genmove: a wrong reply, not a silently accepted one.
	_, err = r.Ask(context.Background(), "genmove", 100*time.Millisecond)
	if f := AsForfeit(err); f == nil || f.Reason != ForfeitWrongReply || f.Received != "play" {
		t.Fatalf("second Ask error %v, want a wrong reply quoting \"play\"", err)
	}
}

func TestRemoteCancel(t *testing.T) {
	r, player := remotePair(t)
	read := make(chan string, 1)
	go func() { read <- remoteReadCommand(t, player) }()
	defer func() { <-read }()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := r.Ask(ctx, "genmove", 5*time.Second)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if AsForfeit(err) != nil {
		t.Errorf("a cancelled exchange was blamed on the player: %v", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("cancel took %v, want well under the 5s limit", took)
	}
}

func TestRemoteUnknownCommand(t *testing.T) {
	r, _ := remotePair(t)
	_, err := r.Ask(context.Background(), "showboard", time.Second)
	if err == nil || AsForfeit(err) != nil {
		t.Fatalf("Ask(showboard) error %v, want a non-forfeit error", err)
	}
}

func TestRemoteHelpers(t *testing.T) {
	r, player := remotePair(t)
	ctx := context.Background()
	replies := map[string]string{
		"name": "name bob", "clear_board": "clear_board", "play 8 0": "play",
		"genmove": "genmove 3 2", "quit": "quit",
	}
	go func() {
		for i := 0; i < len(replies); i++ {
			cmd := remoteReadCommand(t, player)
			player.Write([]byte(replies[cmd]))
		}
	}()
	if ex, err := r.Name(ctx, time.Second); err != nil || ex.Name != "bob" {
		t.Errorf("Name = %q, %v, want bob", ex.Name, err)
	}
	if err := r.ClearBoard(ctx, time.Second); err != nil {
		t.Errorf("ClearBoard: %v", err)
	}
	if err := r.Play(ctx, othello.Pass, time.Second); err != nil {
		t.Errorf("Play(pass): %v", err)
	}
	if ex, err := r.GenMove(ctx, time.Second); err != nil || ex.Move != othello.MoveAt(3, 2) {
		t.Errorf("GenMove = %v, %v, want c4", ex.Move, err)
	}
	if err := r.Quit(ctx, time.Second); err != nil {
		t.Errorf("Quit: %v", err)
	}
}
