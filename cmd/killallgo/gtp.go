package main

import (
	"io"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/gtp"
	"github.com/tcgothello/mcts/killallgo"
	"github.com/tcgothello/mcts/killallgo/console"
	"github.com/tcgothello/mcts/killallgo/gtpengine"
)

// gtpName and gtpVersion are the replies to GTP's name and version.
const (
	gtpName    = "killallgo"
	gtpVersion = "1"
)

// serveGTP answers GTP commands from stdin on stdout with p's moves; a
// genmove without time settings searches as long as a think at the
// console protocol's default limit.
func serveGTP(p killallgo.Player, stdin io.Reader, stdout io.Writer, log *zap.Logger) error {
	e := gtpengine.New(p, console.ThinkBudget(console.DefaultTimeLimit))
	return gtp.NewSession(e, gtp.Config{Name: gtpName, Version: gtpVersion}, stdout, log).Serve(stdin)
}
