package main

import (
	"fmt"
	"strings"

	"github.com/tcgothello/mcts/endgame"
	"github.com/tcgothello/mcts/engine"
)

// These types let pflag parse the engine's enumerations and an on/off
// switch, so that a bad value is refused while the flags are parsed, with
// the flag's name in the message.

// algorithmValue is a pflag.Value for engine.Algorithm.
type algorithmValue struct{ a *engine.Algorithm }

func (v algorithmValue) String() string { return v.a.String() }
func (v algorithmValue) Type() string   { return "uct|ucb" }
func (v algorithmValue) Set(s string) error {
	a, err := engine.ParseAlgorithm(s)
	if err != nil {
		return err
	}
	*v.a = a
	return nil
}

// rewardValue is a pflag.Value for engine.Reward.
type rewardValue struct{ r *engine.Reward }

func (v rewardValue) String() string { return v.r.String() }
func (v rewardValue) Type() string   { return "winloss|discdiff" }
func (v rewardValue) Set(s string) error {
	r, err := engine.ParseReward(s)
	if err != nil {
		return err
	}
	*v.r = r
	return nil
}

// onOffValue is a pflag.Value for a switch written on or off (true, false,
// yes, no, 1 and 0 are accepted too).
type onOffValue struct{ b *bool }

func (v onOffValue) String() string {
	if *v.b {
		return "on"
	}
	return "off"
}
func (v onOffValue) Type() string { return "on|off" }
func (v onOffValue) Set(s string) error {
	switch strings.ToLower(s) {
	case "on", "true", "yes", "1":
		*v.b = true
	case "off", "false", "no", "0":
		*v.b = false
	default:
		return fmt.Errorf("%q: want on or off", s)
	}
	return nil
}

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
