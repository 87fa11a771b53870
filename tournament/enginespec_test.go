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
		// An NBoard engine, with the depth it is told; OTP is recorded
		// as nothing, so that OTP engines' results files do not change.
		{spec: "name=e proto=nboard depth=10 cmd=./edax -nboard", want: EngineInfo{Name: "e", Command: "./edax -nboard", Protocol: ProtocolNBoard, Depth: 10}},
		{spec: "name=e proto=nboard cmd=x", want: EngineInfo{Name: "e", Command: "x", Protocol: ProtocolNBoard}},
		{spec: "name=o proto=otp seed cmd=x", want: EngineInfo{Name: "o", Command: "x", SeedFlag: "--seed"}},
		{spec: "name=e proto=gtp cmd=x", err: "want proto=otp or proto=nboard"},
		{spec: "name=e depth=8 cmd=x", err: "give proto=nboard"},
		{spec: "name=e proto=otp depth=8 cmd=x", err: "give proto=nboard"},
		{spec: "name=e proto=nboard depth=0 cmd=x", err: "from 1 to 60"},
		{spec: "name=e proto=nboard depth=61 cmd=x", err: "from 1 to 60"},
		{spec: "name=e proto=nboard depth=x cmd=x", err: "from 1 to 60"},
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

// A key given twice in one spec is refused naming it, not the last one
// kept without a word (name "b" was then reported as given twice across
// engines, or a second seed flag silently won).
func TestEngineSpecKeyTwice(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"name=a name=b cmd=./x", `name given twice in one spec ("name=b")`},
		{"name=a seed seed=-s cmd=./x", `seed given twice in one spec ("seed=-s")`},
		{"name=a proto=nboard depth=3 depth=4 cmd=./x", "depth given twice"},
	} {
		if _, err := ParseEngineSpec(c.spec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseEngineSpec(%q): %v, want %q", c.spec, err, c.want)
		}
	}
}

// The game's name takes the article English gives it.
func TestGameWithArticle(t *testing.T) {
	for game, want := range map[string]string{"einstein": "an einstein", "killallgo": "a killallgo", "": "an othello"} {
		if got := GameWithArticle(game); got != want {
			t.Errorf("GameWithArticle(%q) = %q, want %q", game, got, want)
		}
	}
	err := CheckProtocols(GameEinstein, []EngineInfo{{Name: "x", Protocol: ProtocolNBoard}})
	if err == nil || !strings.Contains(err.Error(), "an einstein program") {
		t.Errorf("CheckProtocols: %v, want \"an einstein program\"", err)
	}
}
