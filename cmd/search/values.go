package main

import (
	"strings"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/engine"
)

// These types let pflag parse the enumerations of the flags only search
// has (the flags every program shares are package mctsflag's), so that a
// bad value is refused while the flags are parsed, with the flag's name in
// the message.

// solveModeValue is a pflag.Value for endgame.Mode.
type solveModeValue struct{ m *endgame.Mode }

func (v solveModeValue) String() string { return v.m.String() }
func (v solveModeValue) Type() string   { return "exact|wld" }
func (v solveModeValue) Set(s string) error {
	m, err := endgame.ParseMode(strings.ToLower(strings.TrimSpace(s)))
	if err != nil {
		return err
	}
	*v.m = m
	return nil
}

// leafValue is a pflag.Value for engine.Leaf.
type leafValue struct{ l *engine.Leaf }

func (v leafValue) String() string { return v.l.String() }
func (v leafValue) Type() string   { return "playout|eval|mix" }
func (v leafValue) Set(s string) error {
	l, err := engine.ParseLeaf(s)
	if err != nil {
		return err
	}
	*v.l = l
	return nil
}
