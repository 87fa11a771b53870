package otp

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
)

// midgame is a number of empty squares in the midgame, whose moves take
// the base time.
const midgame = 35

// TestTimeBank checks the bank's arithmetic: a midgame move draws a third of what
// is saved, never more than three base times nor BankMostMove, what it
// leaves of its base time is saved, what it takes beyond is repaid, and
// the bank never goes below nothing.
func TestTimeBank(t *testing.T) {
	b := NewTimeBank(time.Second)
	if got := b.Allot(midgame); got != time.Second {
		t.Fatalf("empty bank: allot %v, want 1s", got)
	}
	b.Spend(400 * time.Millisecond)
	b.Spend(400 * time.Millisecond)
	if got := b.Saved(); got != 1200*time.Millisecond {
		t.Fatalf("two moves of 0.4 s: saved %v, want 1.2s", got)
	}
	if got := b.Allot(midgame); got != 1400*time.Millisecond {
		t.Fatalf("1.2 s saved: allot %v, want 1.4s", got)
	}
	b.Spend(1400 * time.Millisecond) // the move used all it was given
	if got := b.Saved(); got != 800*time.Millisecond {
		t.Fatalf("after drawing 0.4 s: saved %v, want 0.8s", got)
	}
	b.Spend(5 * time.Second) // a late answer cannot leave a debt
	if got := b.Saved(); got != 0 {
		t.Fatalf("after a 5 s move: saved %v, want 0", got)
	}
	for range 20 {
		b.Spend(0)
	}
	if got := b.Allot(midgame); got != 3*time.Second {
		t.Fatalf("20 s saved: allot %v, want the cap of 3 base times", got)
	}
	b.Reset()
	if got := b.Allot(midgame); got != time.Second {
		t.Fatalf("after Reset: allot %v, want 1s", got)
	}

	long := NewTimeBank(5 * time.Second)
	long.Spend(0)
	long.Spend(0)
	long.Spend(0)
	if got := long.Allot(midgame); got != BankMostMove {
		t.Fatalf("5 s moves, 15 s saved: allot %v, want BankMostMove %v", got, BankMostMove)
	}
	phases := NewTimeBank(time.Second)
	for _, c := range []struct {
		empties int
		want    time.Duration
	}{{60, 500 * time.Millisecond}, {41, 500 * time.Millisecond}, {40, time.Second}, {31, time.Second}, {30, 1900 * time.Millisecond}, {22, 1900 * time.Millisecond}} {
		if got := phases.Allot(c.empties); got != c.want {
			t.Errorf("empty bank, %d empty squares: allot %v, want %v", c.empties, got, c.want)
		}
	}
	over := NewTimeBank(9500 * time.Millisecond)
	over.Spend(0)
	if got := over.Allot(midgame); got != 9500*time.Millisecond {
		t.Fatalf("a base above BankMostMove: allot %v, want the base 9.5s", got)
	}
}

// TestSessionTimeBank checks that a session with a bank gives the first
// genmove of a game its opening share of the think time and the next one,
// after a quick move, that share and a third of the time saved; that one
// without gives the think time to both; and that clear_board empties the
// bank.
func TestSessionTimeBank(t *testing.T) {
	for _, bank := range []bool{false, true} {
		th := &fakeThinker{}
		s, err := NewSession(SessionConfig{Name: "bank", Thinker: th, ThinkTime: time.Second, Logger: zap.NewNop(), TimeBank: bank})
		if err != nil {
			t.Fatal(err)
		}
		mustHandle(t, s, "genmove", "genmove "+highestMove(s.Game().Position()).OTP())
		first := th.deadline
		reply, _ := s.Handle(t.Context(), "genmove")
		if !strings.HasPrefix(reply, "genmove ") {
			t.Fatalf("bank %v: genmove replied %q", bank, reply)
		}
		second := th.deadline
		// The fake answers at once, so nearly the whole second is saved.
		wantFirst, wantSecond := time.Second, time.Second
		if bank {
			wantFirst, wantSecond = 500*time.Millisecond, 500*time.Millisecond+time.Second/3
		}
		const slack = 50 * time.Millisecond // the time between the session's clock and the fake's
		if first > wantFirst || first < wantFirst-slack {
			t.Errorf("bank %v: the first genmove was given %v, want %v", bank, first, wantFirst)
		}
		if second > wantSecond || second < wantSecond-slack {
			t.Errorf("bank %v: the second genmove was given %v, want about %v", bank, second, wantSecond)
		}
		mustHandle(t, s, "clear_board", "clear_board")
		mustHandle(t, s, "genmove", "genmove "+highestMove(s.Game().Position()).OTP())
		if th.deadline > wantFirst || th.deadline < wantFirst-slack {
			t.Errorf("bank %v: after clear_board genmove was given %v, want %v", bank, th.deadline, wantFirst)
		}
	}
}
