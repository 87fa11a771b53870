package otp

import "time"

// bankShare is the part of the saved time a move may draw on top of its
// own think time: a third, so that the time one easy move leaves goes to
// the next few moves that need it rather than all to the next one (which
// may be easy too and give it back) or to none.
const bankShare = 1.0 / 3

// bankMostFactor caps a move's think time at this many times the base
// think time, so that one long search cannot eat the bank of the rest of
// the game.
const bankMostFactor = 3

// BankMostMove is the longest think time a TimeBank gives a move, however
// much is saved: the course's 9 s a move, which keeps the classic judge's
// 10 s limit a second away (the Chooser's HardGrace and the reply's trip
// fit in it). A base think time above it is kept as it is.
const BankMostMove = 9 * time.Second

// Phase weights: a move's own share of the think time, as a multiple of
// the base time, by the empty squares of its position. They follow where
// the engine lost its games at 1 s a move (docs/strength.md, 2026-11-26:
// the oracle's reading of 26 lost games against Zebra and Egaroucid): 0.45
// discs a move in the opening (plies 7 to 20, 54 to 41 empty squares), 0.92
// in the midgame (40 to 29) and 1.94 in the late midgame (28 to 23), so
// each phase thinks in proportion to what it loses. Over a game's searched
// moves before the solver (about 7, 5 and 5 of them) they sum to about
// what the same moves at the base time take: the bank that the opening
// fills pays for the late midgame.
const (
	openingWeight     = 0.5
	midgameWeight     = 1.0
	lateMidgameWeight = 1.9
	// openingEmpties and lateMidgameEmpties bound the phases: more empty
	// squares than openingEmpties is the opening, lateMidgameEmpties or
	// fewer the late midgame.
	openingEmpties     = 40
	lateMidgameEmpties = 30
)

// phaseWeight returns the share of the base time of a move with empties
// empty squares.
func phaseWeight(empties int) float64 {
	switch {
	case empties > openingEmpties:
		return openingWeight
	case empties > lateMidgameEmpties:
		return midgameWeight
	}
	return lateMidgameWeight
}

// TimeBank spreads a game's think time over its moves. Each genmove may
// think its phase's share of the base time (phaseWeight) plus a share of
// what the searched moves before it left unused of their base time: the
// opening's short moves, a search that stopped once its move was decided
// (mcts.Limits.StopWhenDecided), a move from the book, a fast proof. So a
// game takes about base time a searched move (no more, but for late
// middle-game moves that take their phase's share with the bank empty),
// and the time the easy moves do not need goes to the hard ones. Forced moves
// (one legal move, a pass) neither draw on the bank nor add to it. The zero
// TimeBank is not usable: make one with NewTimeBank. It is not safe for
// concurrent use.
type TimeBank struct {
	base  time.Duration
	most  time.Duration
	saved time.Duration
}

// NewTimeBank returns an empty bank for moves of base think time, which
// must be positive.
func NewTimeBank(base time.Duration) *TimeBank {
	most := max(base, min(bankMostFactor*base, BankMostMove))
	return &TimeBank{base: base, most: most}
}

// Allot returns the think time of a move in a position of empties empty
// squares.
func (b *TimeBank) Allot(empties int) time.Duration {
	own := time.Duration(phaseWeight(empties) * float64(b.base))
	return min(b.most, own+time.Duration(bankShare*float64(b.saved)))
}

// Spend records that a searched move took used: what it left of its base
// time is saved, and what it took beyond (time drawn from the bank, a late
// answer) is taken from what is saved, never below nothing.
func (b *TimeBank) Spend(used time.Duration) {
	b.saved = max(0, b.saved+b.base-used)
}

// Saved returns the time saved so far in this game.
func (b *TimeBank) Saved() time.Duration { return b.saved }

// Reset empties the bank for a new game.
func (b *TimeBank) Reset() { b.saved = 0 }
