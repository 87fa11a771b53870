package main

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/tournament"
)

func TestParseTournamentOptions(t *testing.T) {
	two := []string{"--engine", "name=a cmd=x", "--engine", "name=b cmd=y"}
	o, err := parseTournamentOptions(two, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if o.Mode != tournament.RoundRobin || o.Rounds != 2 || o.Concurrency != 1 || o.SeedGiven || o.Host != "127.0.0.1" || len(o.Engines) != 2 {
		t.Errorf("defaults %+v, want round robin, 2 rounds, concurrency 1, no seed, 127.0.0.1, 2 engines", o)
	}
	if o.Limits.GenMove.Seconds() != 10 || o.Limits.Reply.Seconds() != 1 {
		t.Errorf("limits %+v, want a match's 10 s genmove and 1 s replies", o.Limits)
	}
	o, err = parseTournamentOptions([]string{"--engine", "name=a cmd=x --name 'a b'", "--engine", "name=b cmd=y"}, &bytes.Buffer{})
	if err != nil || !slices.Equal(o.EngineArgs[0], []string{"x", "--name", "a b"}) || !slices.Equal(o.EngineArgs[1], []string{"y"}) {
		t.Errorf("engine arguments %q, %v; want [x --name \"a b\"] and [y]", o.EngineArgs, err)
	}
	o, err = parseTournamentOptions(append([]string{"--sprt", "elo0=-1.5,elo1=10,beta=0.1"}, two...), &bytes.Buffer{})
	if want := (tournament.SPRT{Elo0: -1.5, Elo1: 10, Alpha: 0.05, Beta: 0.1}); err != nil || o.SPRT == nil || *o.SPRT != want {
		t.Errorf("--sprt: %+v, %v; want %+v", o.SPRT, err, want)
	}
	o, err = parseTournamentOptions(append([]string{"--seed", "0", "--mode", "gauntlet"}, two...), &bytes.Buffer{})
	if err != nil || !o.SeedGiven || o.Seed != 0 || o.Mode != tournament.Gauntlet {
		t.Errorf("--seed 0 --mode gauntlet: %+v, %v; want seed 0 given, gauntlet", o, err)
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"--engine", "name=a cmd=x"}, "two or more"},
		{[]string{"--engine", "name=a cmd=x", "--engine", "name=a cmd=y"}, "twice"},
		{append([]string{"--rounds", "0"}, two...), "--rounds"},
		{append([]string{"--rounds", "1000000000"}, two...), "--rounds: rounds 1000000000 of 2 games each (2 engines, round-robin) make more than the 1000000 games"},
		{append([]string{"--concurrency", "0"}, two...), "--concurrency"},
		{append([]string{"--mode", "swiss"}, two...), "--mode"},
		{append([]string{"--genmove-time", "0s"}, two...), "positive"},
		{append([]string{"extra"}, two...), "unexpected argument"},
		{[]string{"--engine", "name=a cmd=x 'y", "--engine", "name=b cmd=y"}, "closing quote"},
		{append([]string{"--sprt", "elo0=5,elo1=0"}, two...), "--sprt: elo0 5 is not below elo1 0"},
		{append([]string{"--sprt", "elo0=0,elo1=5", "--engine", "name=c cmd=z"}, two...), "--sprt: a test between two engines, not 3"},
		{[]string{"--engine", "name=a cmd=x; rm y", "--engine", "name=b cmd=y"}, "not a valid word"},
	} {
		if _, err := parseTournamentOptions(c.args, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("parseTournamentOptions(%q) error %v, want one with %q", c.args, err, c.err)
		}
	}
}

func TestTournamentHelp(t *testing.T) {
	var out bytes.Buffer
	if _, err := parseTournamentOptions([]string{"--help"}, &out); !errors.Is(err, errHelp) {
		t.Fatalf("--help error %v, want errHelp", err)
	}
	for _, want := range []string{"name=NAME", "seed", "cmd=", "--mode", "--rounds", "--openings", "--seed", "--concurrency",
		"--results", "--record", "--json", "one core", "Elo", "proto=nboard", "depth=N", "--sprt", "elo0=A,elo1=B,alpha=X,beta=Y", "LLR", "pentanomial", "[-72, +inf)", "--shard", "merge"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("judge tournament --help does not mention %q", want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"tournament", "--engine", "name=a cmd=x"}, &stdout, &stderr, nil); code != 2 ||
		!strings.Contains(stderr.String(), "judge tournament:") {
		t.Errorf("a bad tournament command line: status %d, stderr %q; want 2 and a message", code, stderr.String())
	}
}

// --game: the games known, and what each allows of the other flags.
func TestTournamentGameOptions(t *testing.T) {
	engines := []string{"--engine", "name=a cmd=x", "--engine", "name=b cmd=y"}
	for _, c := range []struct {
		args []string
		err  string // "" for none
	}{
		{[]string{"--game", "killallgo", "--genmove-time", "2s"}, ""},
		{[]string{"--game", "einstein", "--genmove-time", "1.5s"}, ""},
		{[]string{"--game", "othello", "--record-format", "ggf"}, ""},
		{[]string{"--game", "go"}, `--game "go": want othello, killallgo, einstein`},
		{[]string{"--game", "killallgo", "--genmove-time", "1.5s"}, "whole seconds"},
		{[]string{"--game", "killallgo", "--genmove-time", "2h"}, "whole seconds, 1s..3600s"},
		{[]string{"--game", "killallgo", "--record-format", "text"}, "--record-format: Othello's only"},
		{[]string{"--game", "einstein", "--record-format", "ggf"}, "--record-format: Othello's only"},
		{[]string{"--game", "othello", "--engine", "name=n proto=nboard depth=9 cmd=z"}, ""},
		{[]string{"--game", "killallgo", "--engine", "name=n proto=nboard cmd=z"}, "--engine n: proto=nboard is for Othello"},
	} {
		o, err := parseTournamentOptions(append(c.args, engines...), &bytes.Buffer{})
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v, want no error", c.args, err)
		case c.err == "" && o.Game != c.args[1]:
			t.Errorf("%q: game %q", c.args, o.Game)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want one with %q", c.args, err, c.err)
		}
	}
}
