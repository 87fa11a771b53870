package tournament

import (
	"strings"
	"testing"
)

func TestParseEngineSpec(t *testing.T) {
	cases := []struct {
		spec string
		want EngineInfo
		err  string
	}{
		{spec: "name=uct cmd=./search --playouts 2000", want: EngineInfo{Name: "uct", Command: "./search --playouts 2000"}},
		{spec: " name=a  seed  cmd=bin/search", want: EngineInfo{Name: "a", Command: "bin/search", SeedFlag: "--seed"}},
		{spec: "seed=-s name=b cmd=x", want: EngineInfo{Name: "b", Command: "x", SeedFlag: "-s"}},
		{spec: "name=a cmd= ./x y", want: EngineInfo{Name: "a", Command: "./x y"}},
		// The command is kept as written, for a shell's splitting.
		{spec: "name=a cmd=./x --name 'a  b' \"c\td\"", want: EngineInfo{Name: "a", Command: "./x --name 'a  b' \"c\td\""}},
		{spec: "name=a\tcmd=x cmd=y", want: EngineInfo{Name: "a", Command: "x cmd=y"}},
		{spec: "name=a", err: "no cmd="},
		{spec: "cmd=./x", err: "no name="},
		{spec: "name= cmd=x", err: "empty name"},
		{spec: "name=a cmd=", err: "empty cmd"},
		{spec: "name=a seed=7 cmd=x", err: "want a flag"},
		{spec: "nick=a cmd=x", err: "want name="},
	}
	for _, c := range cases {
		got, err := ParseEngineSpec(c.spec)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseEngineSpec(%q) error %v, want one with %q", c.spec, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseEngineSpec(%q) = %+v, %v; want %+v", c.spec, got, err, c.want)
		}
	}
}
