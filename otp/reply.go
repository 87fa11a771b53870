package otp

// This file is the judge's reading of a reply. The transport has no framing
// (docs/protocol.md), so the judge cannot know where a reply ends by looking for
// a delimiter: it keeps reading until what arrived is a complete reply to the
// command it sent, or can no longer become one. JudgeReply makes that call
// on the bytes received so far.

import (
	"fmt"
	"strings"

	"github.com/tcgothello/mcts/othello"
)

// MaxNameLen is the longest engine name the protocol allows, in bytes.
const MaxNameLen = 514

// ReplyState says what the judge should do with the bytes received so far.
type ReplyState int

// The states of a reply being read.
const (
	// ReplyPending means the text is a prefix of some valid reply: read on.
	ReplyPending ReplyState = iota
	// ReplyComplete means the text is a whole valid reply that no further
	// byte could extend.
	ReplyComplete
	// ReplyExtensible means the text is a whole valid reply that further
	// bytes could still extend (a name whose last bytes may be in flight).
	ReplyExtensible
	// ReplyInvalid means no further bytes can make the text valid.
	ReplyInvalid
)

// String returns the state's name for logs.
func (s ReplyState) String() string {
	switch s {
	case ReplyPending:
		return "pending"
	case ReplyComplete:
		return "complete"
	case ReplyExtensible:
		return "extensible"
	case ReplyInvalid:
		return "invalid"
	}
	return fmt.Sprintf("ReplyState(%d)", int(s))
}

// ReplyCheck is JudgeReply's verdict on the text received for a command.
type ReplyCheck struct {
	State ReplyState
	// Reason and Detail say why an invalid reply is invalid.
	Reason ForfeitReason
	Detail string
	// Move is the move of a complete genmove reply.
	Move othello.Move
	// Name is the name of a complete name reply, in the one safe form the
	// judge prints, logs and records (safeName: characters that are not
	// printable escaped, as \u202e or \xff).
	Name string
	// Ignored is what followed the name's token in a name reply, empty if
	// nothing did. The classic judge reads the first token after "name"
	// and ignores the rest, so an engine that answers "name two words" or
	// sends a second line passes it; this judge accepts such a reply too,
	// and its caller should log what was ignored. Every other reply stays
	// strict, since data after it is most often a late reply glued on.
	Ignored string
}

// replyShape is what follows the first word of a valid reply.
type replyShape int

const (
	replyBare replyShape = iota // nothing: "play", "clear_board", "quit"
	replyName                   // one token: "name alice"
	replyMove                   // x y: "genmove 2 3"
)

// replyGrammar returns the first word and the shape of the valid reply to
// cmd, a command the judge sends. It fails for any other command: the judge
// never needs to read the replies to undo, showboard and the rest.
func replyGrammar(cmd string) (string, replyShape, error) {
	word, _, _ := strings.Cut(strings.TrimSpace(cmd), " ")
	switch word {
	case "name":
		return word, replyName, nil
	case "genmove":
		return word, replyMove, nil
	case "play", "clear_board", "quit":
		return word, replyBare, nil
	}
	return "", 0, fmt.Errorf("the judge has no reply grammar for command %q", cmd)
}

// JudgeReply judges the text received so far in reply to cmd (one of name,
// clear_board, play x y, genmove, quit). Leading and trailing white space and
// NULs are ignored, so a reply ending in a newline or in the NUL of a C
// string is accepted (a leading NUL is the end of the previous reply, sent
// in a second write), and words may be separated by any run of white space;
// a NUL inside the reply makes it invalid. The first word is compared
// without regard to ASCII case, as the classic judge compares it (its hash
// lowers every letter), so "PLAY" and "GENMOVE 2 3" pass. Anything after a
// complete reply (a second reply glued to the first, say) makes it invalid.
func JudgeReply(cmd string, text []byte) ReplyCheck {
	word, shape, err := replyGrammar(cmd)
	if err != nil {
		return replyInvalid(ForfeitWrongReply, err.Error())
	}
	s := strings.Trim(string(text), trailingJunk)
	first, rest, spaced := replyCutWord(s)
	if lower := asciiLower(first); lower != word {
		switch {
		case !spaced && strings.HasPrefix(word, lower):
			return ReplyCheck{State: ReplyPending}
		case shape == replyBare && strings.HasPrefix(lower, word):
			return replyInvalid(ForfeitExtraData, fmt.Sprintf("%q after a complete %q reply", clip(first[len(word):]), word))
		}
		return replyInvalid(ForfeitWrongReply, fmt.Sprintf("first word %q, want %q", clip(first), word))
	}
	switch shape {
	case replyName:
		return judgeName(rest)
	case replyMove:
		return judgeMove(word, rest)
	}
	if rest != "" {
		return replyInvalid(ForfeitExtraData, fmt.Sprintf("data after a complete %q reply", word))
	}
	return ReplyCheck{State: ReplyComplete}
}

// judgeName judges what follows "name": one token of printable bytes, and
// whatever follows it, ignored.
func judgeName(rest string) ReplyCheck {
	if rest == "" {
		return ReplyCheck{State: ReplyPending}
	}
	token, more, _ := replyCutWord(rest)
	if len(token) > MaxNameLen {
		return replyInvalid(ForfeitTooLong, fmt.Sprintf("name of %d bytes, the limit is %d", len(token), MaxNameLen))
	}
	for i := 0; i < len(token); i++ {
		if token[i] < 0x20 || token[i] == 0x7f {
			return replyInvalid(ForfeitMalformed, fmt.Sprintf("name holds control byte %#02x", token[i]))
		}
	}
	return ReplyCheck{State: ReplyExtensible, Name: safeName(token), Ignored: more}
}

// judgeMove judges what follows "genmove": "x y", one digit each, a square
// (0..7 0..7) or the pass (8 0).
func judgeMove(word, rest string) ReplyCheck {
	if rest == "" {
		return ReplyCheck{State: ReplyPending}
	}
	xs, after, spaced := replyCutWord(rest)
	if len(xs) != 1 || xs[0] < '0' || xs[0] > '8' {
		return replyInvalid(ForfeitMalformed, fmt.Sprintf("row %q, want one digit 0..7 (or 8 for a pass)", clip(xs)))
	}
	if !spaced {
		return ReplyCheck{State: ReplyPending}
	}
	ys, more, _ := replyCutWord(after)
	if ys == "" {
		return ReplyCheck{State: ReplyPending}
	}
	y := ys[0]
	switch {
	case y < '0' || y > '7':
		return replyInvalid(ForfeitMalformed, fmt.Sprintf("column %q, want one digit 0..7", clip(ys)))
	case xs[0] == '8' && y != '0':
		return replyInvalid(ForfeitMalformed, fmt.Sprintf("\"8 %c\" is not a square, and a pass is \"8 0\"", y))
	case len(ys) > 1 || more != "":
		return replyInvalid(ForfeitExtraData, fmt.Sprintf("data after a complete %q reply", word))
	}
	m := othello.Pass
	if xs[0] != '8' {
		m = othello.MoveAt(int(xs[0]-'0'), int(y-'0'))
	}
	return ReplyCheck{State: ReplyComplete, Move: m}
}

// replyCutWord splits s (without leading white space) at its first run of white
// space. spaced reports whether any white space followed the word, which
// tells a finished word from one still arriving.
func replyCutWord(s string) (word, rest string, spaced bool) {
	i := strings.IndexAny(s, space)
	if i < 0 {
		return s, "", false
	}
	return s[:i], strings.TrimLeft(s[i:], space), true
}

// asciiLower lowers the ASCII letters of s and leaves every other byte
// alone: the classic judge lowers letters with C's tolower in the C locale,
// and Unicode case folding would let non-ASCII letters (the Kelvin sign
// for "k", say) pass for ASCII ones. Its result has s's length, byte for byte.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func replyInvalid(reason ForfeitReason, detail string) ReplyCheck {
	return ReplyCheck{State: ReplyInvalid, Reason: reason, Detail: detail}
}
