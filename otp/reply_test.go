package otp

import (
	"strings"
	"testing"

	"github.com/tcgothello/mcts/othello"
)

func TestJudgeReply(t *testing.T) {
	long := "name " + strings.Repeat("x", MaxNameLen+1)
	tests := []struct {
		cmd, text string
		state     ReplyState
		reason    ForfeitReason
		move      othello.Move
		name      string
		ignored   string
	}{
		{cmd: "play 2 3", text: "", state: ReplyPending},
		{cmd: "play 2 3", text: "pl", state: ReplyPending},
		{cmd: "play 2 3", text: "play", state: ReplyComplete},
		{cmd: "play 2 3", text: "play\n", state: ReplyComplete},
		{cmd: "play 2 3", text: "  play \r\n", state: ReplyComplete},
		// The newline that ended the previous reply, sent in its own write.
		{cmd: "play 2 3", text: "\r\nplay", state: ReplyComplete},
		{cmd: "genmove", text: "\ngenmove 2 3", state: ReplyComplete, move: othello.MoveAt(2, 3)},
		{cmd: "play 2 3", text: "playplay", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "play 2 3", text: "play\nplay", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "play 2 3", text: "pl ay", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "play 2 3", text: "unknown command", state: ReplyInvalid, reason: ForfeitWrongReply},
		// The classic judge compares first words without regard to case.
		{cmd: "play 2 3", text: "PLAY", state: ReplyComplete},
		{cmd: "play 2 3", text: "Play\n", state: ReplyComplete},
		{cmd: "play 2 3", text: "PL", state: ReplyPending},
		{cmd: "play 2 3", text: "PLAYPLAY", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "clear_board", text: "CLEAR_BOARD", state: ReplyComplete},
		{cmd: "quit", text: "QUIT", state: ReplyComplete},
		{cmd: "genmove", text: "GENMOVE 2 3", state: ReplyComplete, move: othello.MoveAt(2, 3)},
		{cmd: "genmove", text: "GenMove 8 0", state: ReplyComplete, move: othello.Pass},
		{cmd: "genmove", text: "GENMOVE", state: ReplyPending},
		{cmd: "name", text: "NAME x", state: ReplyExtensible, name: "x"},
		// Only ASCII letters fold: neither Turkish i is an i.
		{cmd: "quit", text: "qu\u0131t", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "quit", text: "QU\u0130T", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "clear_board", text: "clear_", state: ReplyPending},
		{cmd: "clear_board", text: "clear_board", state: ReplyComplete},
		{cmd: "clear_board", text: "clear_board 1", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "quit", text: "quit\n", state: ReplyComplete},
		{cmd: "quit", text: "\x00\x01\xff", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "genmove", text: "genmove", state: ReplyPending},
		{cmd: "genmove", text: "genmove 2", state: ReplyPending},
		{cmd: "genmove", text: "genmove 2 ", state: ReplyPending},
		{cmd: "genmove", text: "genmove 2 3", state: ReplyComplete, move: othello.MoveAt(2, 3)},
		{cmd: "genmove", text: "genmove\t2  3\n", state: ReplyComplete, move: othello.MoveAt(2, 3)},
		{cmd: "genmove", text: "genmove 0 0", state: ReplyComplete, move: othello.MoveAt(0, 0)},
		{cmd: "genmove", text: "genmove 7 7", state: ReplyComplete, move: othello.MoveAt(7, 7)},
		{cmd: "genmove", text: "genmove 8 0", state: ReplyComplete, move: othello.Pass},
		{cmd: "genmove", text: "genmove 8 1", state: ReplyInvalid, reason: ForfeitMalformed},
		{cmd: "genmove", text: "genmove 9", state: ReplyInvalid, reason: ForfeitMalformed},
		{cmd: "genmove", text: "genmove 23", state: ReplyInvalid, reason: ForfeitMalformed},
		{cmd: "genmove", text: "genmove 2 8", state: ReplyInvalid, reason: ForfeitMalformed},
		{cmd: "genmove", text: "genmove a b", state: ReplyInvalid, reason: ForfeitMalformed},
		{cmd: "genmove", text: "genmove -1 3", state: ReplyInvalid, reason: ForfeitMalformed},
		{cmd: "genmove", text: "genmove 2 3genmove 4 5", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "genmove", text: "genmove 2 3\ngenmove 4 5", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "genmove", text: "genmove 2 34", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "genmove", text: "play", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "genmove", text: "genmovex", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "name", text: "name", state: ReplyPending},
		{cmd: "name", text: "name ", state: ReplyPending},
		{cmd: "name", text: "name alice", state: ReplyExtensible, name: "alice"},
		{cmd: "name", text: "name alice\n", state: ReplyExtensible, name: "alice"},
		// The classic judge reads the first token after "name" and ignores
		// the rest: so does ours (the caller logs what it ignored).
		{cmd: "name", text: "name alice bob", state: ReplyExtensible, name: "alice", ignored: "bob"},
		{cmd: "name", text: "name alice\nmore\n", state: ReplyExtensible, name: "alice", ignored: "more"},
		{cmd: "name", text: "name x\nname x", state: ReplyExtensible, name: "x", ignored: "name x"},
		{cmd: "name", text: "NAME two  words\r\n", state: ReplyExtensible, name: "two", ignored: "words"},
		{cmd: "name", text: "name al\x01ce", state: ReplyInvalid, reason: ForfeitMalformed},
		// Bytes that are not printable reach no output raw.
		{cmd: "name", text: "name \u202eevil\xff", state: ReplyExtensible, name: `\u202eevil\xff`},
		{cmd: "name", text: "name caf\u00e9", state: ReplyExtensible, name: "caf\u00e9"},
		{cmd: "name", text: "name " + strings.Repeat("x", MaxNameLen), state: ReplyExtensible, name: strings.Repeat("x", MaxNameLen)},
		{cmd: "name", text: long, state: ReplyInvalid, reason: ForfeitTooLong},
		{cmd: "showboard", text: "showboard", state: ReplyInvalid, reason: ForfeitWrongReply},
		// The NUL that ends a C string, sent with it (strlen+1 bytes): the
		// classic judge never sees it, so neither does ours.
		{cmd: "play 2 3", text: "play\x00", state: ReplyComplete},
		{cmd: "play 2 3", text: "play\n\x00", state: ReplyComplete},
		{cmd: "play 2 3", text: "\x00play", state: ReplyComplete},
		{cmd: "genmove", text: "genmove 2 3\x00", state: ReplyComplete, move: othello.MoveAt(2, 3)},
		{cmd: "name", text: "name alice\x00", state: ReplyExtensible, name: "alice"},
		{cmd: "quit", text: "quit\x00\x00", state: ReplyComplete},
		// A NUL inside a reply is junk.
		{cmd: "play 2 3", text: "pl\x00ay", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "play 2 3", text: "play\x00play", state: ReplyInvalid, reason: ForfeitExtraData},
		{cmd: "genmove", text: "genmove 2\x00 3", state: ReplyInvalid, reason: ForfeitMalformed},
		{cmd: "genmove", text: "genmove\x002 3", state: ReplyInvalid, reason: ForfeitWrongReply},
		{cmd: "name", text: "name al\x00ce", state: ReplyInvalid, reason: ForfeitMalformed},
	}
	for _, tc := range tests {
		got := JudgeReply(tc.cmd, []byte(tc.text))
		if got.State != tc.state || got.Reason != tc.reason {
			t.Errorf("JudgeReply(%q, %q) = %v %q (%s), want %v %q", tc.cmd, clip(tc.text), got.State, got.Reason, got.Detail, tc.state, tc.reason)
			continue
		}
		if tc.state == ReplyComplete && tc.cmd == "genmove" && got.Move != tc.move {
			t.Errorf("JudgeReply(%q, %q).Move = %v, want %v", tc.cmd, tc.text, got.Move, tc.move)
		}
		if got.Name != tc.name || got.Ignored != tc.ignored {
			t.Errorf("JudgeReply(%q, %q) name %q ignoring %q, want %q ignoring %q", tc.cmd, clip(tc.text), got.Name, got.Ignored, tc.name, tc.ignored)
		}
		if tc.state == ReplyInvalid && got.Detail == "" {
			t.Errorf("JudgeReply(%q, %q): invalid without a detail", tc.cmd, clip(tc.text))
		}
	}
}

// Every prefix of a valid reply must be pending (or already valid), or a
// reply split over two writes would be rejected after the first.
func TestJudgeReplyPrefixesPending(t *testing.T) {
	for cmd, reply := range map[string]string{
		"play 2 3":    "play",
		"clear_board": "clear_board",
		"quit":        "quit",
		"genmove":     "genmove 8 0",
		"name":        "name alice",
	} {
		for i := 0; i < len(reply); i++ {
			got := JudgeReply(cmd, []byte(reply[:i]))
			if got.State == ReplyInvalid || got.State == ReplyComplete {
				t.Errorf("JudgeReply(%q, %q) = %v, want pending or extensible", cmd, reply[:i], got.State)
			}
		}
	}
}

func FuzzJudgeReply(f *testing.F) {
	for _, s := range []string{"genmove 2 3", "name x", "play", "genmove 8 0\n", "\xff", "\u2008"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, cmd := range []string{"name", "genmove", "play 8 0", "clear_board", "quit"} {
			got := JudgeReply(cmd, []byte(text))
			if got.State == ReplyComplete && cmd == "genmove" && got.Move > othello.Pass {
				t.Fatalf("JudgeReply(%q, %q) accepted move %d", cmd, text, got.Move)
			}
			if got.State == ReplyInvalid && got.Reason == "" {
				t.Fatalf("JudgeReply(%q, %q) invalid without a reason", cmd, text)
			}
			if got.State == ReplyExtensible && (got.Name == "" || !isSafeName(got.Name)) {
				t.Fatalf("JudgeReply(%q, %q) accepted name %q", cmd, text, got.Name)
			}
			if got.State == ReplyComplete {
				// Nothing may follow a complete reply: that is how two
				// replies sent at once are caught.
				if more := JudgeReply(cmd, []byte(text+"x")); more.State != ReplyInvalid {
					t.Fatalf("JudgeReply(%q, %q+\"x\") = %v, want invalid", cmd, text, more.State)
				}
			}
			if got.State != ReplyInvalid {
				// A reply split anywhere must not be rejected after its
				// first part.
				for i := 0; i < len(text); i++ {
					if p := JudgeReply(cmd, []byte(text[:i])); p.State == ReplyInvalid {
						t.Fatalf("JudgeReply(%q, %q) = %v but its prefix %q is invalid", cmd, text, got.State, text[:i])
					}
				}
			}
		}
	})
}
