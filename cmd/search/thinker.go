package main

import (
	"context"

	"github.com/tcgothello/mcts/engine"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// engineThinker adapts the engine's Searcher to the session's Thinker.
type engineThinker struct {
	searcher *engine.Searcher
	playouts int64 // budget per move; 0 for none
}

// Think searches the game's position until the context's deadline or the
// playout budget.
func (t engineThinker) Think(ctx context.Context, g *othello.Game) (otp.Thought, error) {
	lim := engine.Limits{Playouts: t.playouts}
	if d, ok := ctx.Deadline(); ok {
		lim.Deadline = d
	}
	r, err := t.searcher.Search(ctx, g.Position(), lim)
	if err != nil {
		return otp.Thought{}, err
	}
	st := r.Stats
	return otp.Thought{
		Move:     r.Move,
		Playouts: st.Playouts,
		WinRate:  st.WinRate,
		PV:       st.PV,
		Elapsed:  st.Elapsed,
		Summary:  st.String(),
	}, nil
}
