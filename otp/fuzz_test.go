package otp

import (
	"context"
	"strings"
	"testing"
)

// FuzzSessionHandle checks, for any message, that Handle answers one line
// the classic judge can read (a known first word, no newline, within its
// 1023-byte buffer) and that "unknown command" never changes the game.
func FuzzSessionHandle(f *testing.F) {
	for _, seed := range []string{
		"name", "play 2 3", "genmove", "playgen 3 2", "undo", "undoundo", "final_score",
		"code 000000000000000000000000000210000001200000000000000000000000000010",
		"showboard", "quit", "board", "help", "", "\x00", "play 8 0", "PLAY 9 9", "code 1",
	} {
		f.Add(seed)
	}
	words := map[string]bool{
		"name": true, "clear_board": true, "play": true, "genmove": true, "playgen": true,
		"undo": true, "undoundo": true, "final_score": true, "showboard": true, "code": true,
		"quit": true, "board": true, "help": true, "unknown": true,
	}
	f.Fuzz(func(t *testing.T, msg string) {
		s, _ := testSession(t, &fakeThinker{}, nil)
		mustHandle(t, s, "play 2 3", "play")
		before := state(s)
		reply, _ := s.Handle(context.Background(), msg)
		first, _, _ := strings.Cut(reply, " ")
		if !words[first] || strings.ContainsAny(reply, "\r\n") || len(reply) > 1023 {
			t.Fatalf("Handle(%q) = %q: not a reply the classic judge can read", msg, reply)
		}
		if reply == unknownCommand && state(s) != before {
			t.Fatalf("Handle(%q) answered unknown command but changed the game to %s", msg, state(s))
		}
	})
}
