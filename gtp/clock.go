package gtp

import (
	"time"

	"github.com/tcgothello/mcts/internal/movetime"
)

// DefaultMovesToPlan is Config.MovesToPlan's default: a 7x7 game lasts
// about 30 moves a side (docs/killallgo.md: 55 to 75 plies in the mean),
// and on a bigger board main time spent a little fast leaves byo-yomi, or
// the engine's own judgement, for the rest.
const DefaultMovesToPlan = 30

// maxSeconds bounds the times and stone counts of time_settings and
// time_left: a year of main time is beyond any game, and keeps the
// arithmetic far from overflowing a Duration.
const maxSeconds = 366 * 24 * 3600

// seconds returns n seconds.
func seconds(n int) time.Duration { return time.Duration(n) * time.Second }

// Clock holds GTP's Canadian byo-yomi time settings (time_settings) and
// the time each player has left (time_left), and gives the time a move
// may take. The zero value has no time limit.
type Clock struct {
	set         bool          // time_settings was given
	main        time.Duration // main time
	byoYomi     time.Duration // byo-yomi period
	stones      int           // stones to play in a byo-yomi period
	left        [3]left       // by Color: the last time_left
	movesToPlan int           // see Config.MovesToPlan
}

// left is a player's time left, as the controller last said it.
type left struct {
	known  bool
	time   time.Duration
	stones int // 0: in main time; else stones to play in the period
}

// Reset forgets the settings: no time limit.
func (c *Clock) Reset() { *c = Clock{movesToPlan: c.movesToPlan} }

// NewGame forgets the times left; the settings stay.
func (c *Clock) NewGame() { c.left = [3]left{} }

// Settings records time_settings: main time, then byo-yomi periods of
// byoYomi for stones stones. A byo-yomi time without stones means no
// limit (GTP); so does no time at all.
func (c *Clock) Settings(main, byoYomi time.Duration, stones int) {
	c.set, c.main, c.byoYomi, c.stones = true, main, byoYomi, stones
	c.left = [3]left{}
}

// Left records time_left: colour col has t left, in main time if stones
// is 0, or for stones stones of a byo-yomi period.
func (c *Clock) Left(col Color, t time.Duration, stones int) {
	c.left[col] = left{known: true, time: t, stones: stones}
}

// Budget returns the time colour col's next move may take, its margin
// kept back, and true; or false when there is no limit.
func (c *Clock) Budget(col Color) (time.Duration, bool) {
	if !c.set || c.byoYomi > 0 && c.stones == 0 || c.main == 0 && c.byoYomi == 0 {
		return 0, false
	}
	plan := max(1, c.movesToPlan)
	var share time.Duration
	switch l := c.left[col]; {
	case l.known && l.stones > 0:
		share = l.time / time.Duration(l.stones)
	case l.known && l.time > 0:
		share = l.time / time.Duration(plan)
	case l.known && c.byoYomi > 0: // main time used up: byo-yomi begins
		share = c.byoYomi / time.Duration(c.stones)
	case l.known:
		share = 0 // no time at all: answer at once
	case c.main > 0:
		share = c.main / time.Duration(plan)
	default:
		share = c.byoYomi / time.Duration(c.stones)
	}
	if l := c.left[col]; !(l.known && l.stones > 0) && c.byoYomi > 0 && c.stones > 0 {
		// In main time the byo-yomi that follows is a floor.
		share = max(share, c.byoYomi/time.Duration(c.stones))
	}
	return movetime.Budget(share), true
}
