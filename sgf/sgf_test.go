package sgf

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// killAllGo is a small Kill-All Go game as the referee writes one: two
// handicap stones, white first, a pass, comments with the two characters
// that need escaping.
func killAllGo() *Game {
	return &Game{
		Size:        7,
		PlayerBlack: "mcts [1000]",
		PlayerWhite: `C:\students\b01.exe`,
		Result:      "W+Forfeit",
		Date:        "2026-11-25",
		Application: "killallgo:referee",
		Handicap:    2,
		ToPlay:      White,
		Comment:     "handicap C3 E5",
		AddBlack:    []Point{{Col: 2, Row: 4}, {Col: 4, Row: 2}},
		Moves: []Move{
			{Color: White, Point: Point{Col: 3, Row: 3}},
			{Color: Black, Point: Point{Col: 0, Row: 6}, Comment: "a [bracketed] note\nwith a second line"},
			{Color: White, Pass: true},
			{Color: Black, Point: Point{Col: 6, Row: 0}, Comment: "white forfeits: reply \"9 9\" is off the board"},
		},
	}
}

// wantKillAllGo is killAllGo's record, byte for byte, written by hand from
// the FF[4] specification.
const wantKillAllGo = `(;FF[4]GM[1]CA[UTF-8]AP[killallgo:referee]SZ[7]KM[0]HA[2]PB[mcts [1000\]]PW[C:\\students\\b01.exe]DT[2026-11-25]RE[W+Forfeit]PL[W]AB[ce][ec]C[handicap C3 E5]
;W[dd]
;B[ag]C[a [bracketed\] note
with a second line]
;W[]
;B[ga]C[white forfeits: reply "9 9" is off the board]
)
`

func TestMarshalExactBytes(t *testing.T) {
	got, err := Marshal(killAllGo())
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != wantKillAllGo {
		t.Errorf("Marshal:\n%s\nwant:\n%s", got, wantKillAllGo)
	}
}

func TestRoundTrip(t *testing.T) {
	games := []*Game{
		killAllGo(),
		NewGame(19),
		{Size: 52, Komi: 6.5, AddWhite: []Point{{51, 51}, {0, 26}}, Moves: []Move{{Color: Black, Point: Point{25, 26}}}},
		{Size: 9, Komi: -7.25, Comment: `\]\\]`, Moves: []Move{{Color: Black, Pass: true}, {Color: White, Pass: true}}},
		{Size: 1, Moves: []Move{{Color: Black, Point: Point{0, 0}}}},
		// A finished game's count: in the last node, or the root's when
		// there is no move.
		{Size: 5, Result: "B+3", Moves: []Move{{Color: Black, Point: Point{2, 2}}, {Color: White, Pass: true}},
			TerritoryBlack: []Point{{0, 0}, {4, 4}}, TerritoryWhite: []Point{{1, 0}}},
		{Size: 5, Result: "W+1", TerritoryWhite: []Point{{3, 3}}},
	}
	for i, g := range games {
		data, err := Marshal(g)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		back, err := Parse(data)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, data)
		}
		if !reflect.DeepEqual(normal(back), normal(g)) {
			t.Errorf("game %d: read back\n%+v\nwant\n%+v\nfrom\n%s", i, back, g, data)
		}
	}
}

// normal returns g with empty lists as nil, which reading gives.
func normal(g *Game) *Game {
	c := *g
	if len(c.AddBlack) == 0 {
		c.AddBlack = nil
	}
	if len(c.AddWhite) == 0 {
		c.AddWhite = nil
	}
	if len(c.Moves) == 0 {
		c.Moves = nil
	}
	if len(c.TerritoryBlack) == 0 {
		c.TerritoryBlack = nil
	}
	if len(c.TerritoryWhite) == 0 {
		c.TerritoryWhite = nil
	}
	return &c
}

// TestTerritory reads TB and TW as editors write them: in the last node,
// empty (TB[]), as a rectangle, and a later node's count replacing an
// earlier one's; and Marshal writes them in the last node.
func TestTerritory(t *testing.T) {
	g, err := Parse([]byte("(;GM[1]SZ[5];B[cc]TB[aa];W[]TB[]TW[da:eb];B[])"))
	if err != nil {
		t.Fatal(err)
	}
	if g.TerritoryBlack != nil || !reflect.DeepEqual(g.TerritoryWhite, []Point{{3, 0}, {4, 0}, {3, 1}, {4, 1}}) {
		t.Errorf("TB %v TW %v, want none and da ea db eb", g.TerritoryBlack, g.TerritoryWhite)
	}
	if _, err := Parse([]byte("(;GM[1]SZ[5];B[cc]TB[zz])")); err == nil || !strings.Contains(err.Error(), "TB") {
		t.Errorf("TB off the board: %v, want an error naming TB", err)
	}
	data, err := Marshal(&Game{Size: 5, Moves: []Move{{Color: Black, Point: Point{2, 2}}, {Color: White, Pass: true}},
		TerritoryBlack: []Point{{0, 0}}, TerritoryWhite: []Point{{4, 4}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := ";W[]TB[aa]TW[ee]\n)\n"; !strings.HasSuffix(string(data), want) {
		t.Errorf("Marshal wrote\n%s\nwant it to end %q", data, want)
	}
	if _, err := Marshal(&Game{Size: 5, TerritoryWhite: []Point{{5, 0}}}); err == nil || !strings.Contains(err.Error(), "TW") {
		t.Errorf("TW off the board: %v, want an error naming TW", err)
	}
}

// TestReadOthers reads records written the ways other programs write
// them: variations, white space between tokens, soft line breaks, tt
// passes, a compressed point list, a move in the root, unknown
// properties, a node with only a comment, a byte-order mark.
func TestReadOthers(t *testing.T) {
	rec := "\xEF\xBB\xBF  (;GM[1]FF[4]SZ[9]KM[6.5]\n" +
		"  PB[Alice\n Smith]PW[Bob\tJones]AB[aa:bb][ii]XX[private][value]\n" +
		"  C[set\\\nup\tdone];B[cc]BL[12.5]\n" +
		"  (;W[tt]C[first];B[dd]\n  (;W[ee])(;W[ff]))\n" +
		"  (;W[gg]C[a variation, skipped];B[hh])\n" +
		")"
	g, err := Parse([]byte(rec))
	if err != nil {
		t.Fatal(err)
	}
	want := &Game{
		Size:        9,
		Komi:        6.5,
		PlayerBlack: "Alice  Smith",
		PlayerWhite: "Bob Jones",
		Comment:     "setup done",
		AddBlack:    []Point{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {8, 8}},
		Moves: []Move{
			{Color: Black, Point: Point{2, 2}},
			{Color: White, Pass: true, Comment: "first"},
			{Color: Black, Point: Point{3, 3}},
			{Color: White, Point: Point{4, 4}},
		},
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("got\n%+v\nwant\n%+v", g, want)
	}

	// A move in the root leaves the root's comment to the game; a node
	// without a move gives its comment to the move before it.
	g, err = Parse([]byte("(;SZ[7]B[aa]C[root];C[on its own];W[bb];C[note];C[and more])"))
	if err != nil {
		t.Fatal(err)
	}
	want = &Game{Size: 7, Comment: "root", Moves: []Move{
		{Color: Black, Point: Point{0, 0}, Comment: "on its own"},
		{Color: White, Point: Point{1, 1}, Comment: "note\nand more"},
	}}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("got\n%+v\nwant\n%+v", g, want)
	}

	// tt is a point on boards above 19; no SZ means 19.
	g, err = Parse([]byte("(;SZ[21];B[tt])(;W[tt])"))
	if err != nil {
		t.Fatal(err)
	}
	if m := g.Moves[0]; m.Pass || m.Point != (Point{19, 19}) {
		t.Errorf("tt on 21x21: got %+v, want the point (19, 19)", m)
	}
	all, err := ParseAll([]byte("(;SZ[21];B[tt])(;W[tt])"))
	if err != nil || len(all) != 2 || all[1].Size != DefaultSize || !all[1].Moves[0].Pass {
		t.Errorf("ParseAll: got %+v, %v; want two games, the second 19x19 with a pass", all, err)
	}
}

// TestMalformed checks that broken records give an error naming what is
// wrong and where.
func TestMalformed(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "line 1, column 1: no game: the record is empty"},
		{"  \n ", "line 2, column 2: no game"},
		{"x(;)", `line 1, column 1: want '(' to begin a game, got 'x'`},
		{"()", `line 1, column 2: want ';' to begin a node, got ')'`},
		{"(;B[aa]", "line 1, column 8: the record ends inside a game tree: want ')'"},
		{"(;C[a]b])", "line 1, column 7: property identifiers are upper-case letters, got 'b'"},
		{"(;C[unterminated)", `line 1, column 4: the record ends inside a value: want ']' (a ']' in a value is written '\]')`},
		{"(;C[ends with \\", "line 1, column 4: the record ends inside a value"},
		{"(;B)", "line 1, column 4: property B without a value: want '[', got ')'"},
		{"(;C[a]C[b])", "line 1, column 7: property C twice in one node"},
		{"(;GM[2])", "GM[2]: not a game of Go (GM[1])"},
		{"(;FF[5])", "FF[5]: want a file format 1..4"},
		{"(;SZ[0])", "SZ[0]: want a board size 1..52"},
		{"(;SZ[53])", "SZ[53]: want a board size 1..52"},
		{"(;SZ[9:7])", "SZ[9:7]: rectangular boards are not supported"},
		{"(;SZ[x])", "SZ[x]: want a board size"},
		{"(;KM[six])", "KM[six]: want a number"},
		{"(;KM[NaN])", "KM[NaN]: want a number"},
		{"(;HA[-1])", "HA[-1]: want a number of stones"},
		{"(;PL[X])", "PL[X]: want B or W"},
		{"(;AE[aa])", "AE in the root: not supported"},
		{"(;SZ[7]AB[ah])", `AB: point "ah": off the 7x7 board`},
		{"(;SZ[7]AB[a])", `AB: point "a": want two letters`},
		{"(;SZ[7]AB[a1])", `AB: point "a1": want two letters a-z or A-Z`},
		{"(;SZ[7]AB[cc:bb])", "AB[cc:bb]: a rectangle goes from its top left to its bottom right"},
		{"(;SZ[7]AB[aa]AW[aa])", "AW: point aa set up twice"},
		{"(;SZ[7];B[aa]W[bb])", "line 1, column 14: B and W in one node"},
		{"(;SZ[7];B[aa][bb])", "B with 2 values: a move has one"},
		{"(;SZ[7];B[hh])", `line 1, column 9: B: point "hh": off the 7x7 board`},
		{"(;SZ[7];W[ab];AB[cc])", "line 1, column 15: set-up property AB after the root node: not supported"},
		{"(;SZ[7];SZ[9])", "root property SZ after the root node"},
		{"(;SZ[7])x", `want '(' to begin a game, got 'x'`},
		{"(;SZ[7](;B[aa])x)", `want '(', ';' or ')', got 'x'`},
		{"(;SZ[7](;B[aa])(;W[zz]x))", `line 1, column 23: property identifiers are upper-case letters, got 'x'`},
		{"(;SZ[7]\n;B[aa]\n;W[cz])", `line 3, column 2: W: point "cz": off the 7x7 board`},
		{strings.Repeat("(;", maxDepth+1), "game trees nested deeper than 10000"},
	}
	for _, c := range cases {
		g, err := Parse([]byte(c.in))
		if err == nil {
			t.Errorf("Parse(%q) = %+v, want an error with %q", c.in, g, c.want)
			continue
		}
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): error %T %v, want an *Error", c.in, err, err)
		}
		if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "sgf: line ") {
			t.Errorf("Parse(%q): error %q, want it to contain %q", c.in, err, c.want)
		}
	}
}

func TestMarshalRefuses(t *testing.T) {
	cases := []struct {
		g    Game
		want string
	}{
		{Game{Size: 0}, "board size 0: want 1..52"},
		{Game{Size: 53}, "board size 53"},
		{Game{Size: 7, Komi: posInf()}, "komi +Inf"},
		{Game{Size: 7, Handicap: -2}, "handicap -2"},
		{Game{Size: 7, ToPlay: 'X'}, "player to play"},
		{Game{Size: 7, AddBlack: []Point{{7, 0}}}, "AB: point (7, 0) off the 7x7 board"},
		{Game{Size: 7, AddWhite: []Point{{0, -1}}}, "AW: point (0, -1)"},
		{Game{Size: 7, Moves: []Move{{Color: 'X'}}}, "move 1: colour"},
		{Game{Size: 7, Moves: []Move{{Color: Black, Pass: true}, {Color: White, Point: Point{3, 9}}}}, "move 2: point (3, 9) off the 7x7 board"},
	}
	for _, c := range cases {
		data, err := Marshal(&c.g)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Marshal(%+v) = %q, %v; want an error with %q", c.g, data, err, c.want)
		}
	}
}

func posInf() float64 {
	var zero float64
	return 1 / zero
}

func TestPointLetters(t *testing.T) {
	for i := range MaxSize {
		p := Point{Col: i, Row: MaxSize - 1 - i}
		l, err := p.Letters()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParsePoint(l, MaxSize)
		if err != nil || back != p {
			t.Errorf("%+v -> %q -> %+v, %v", p, l, back, err)
		}
	}
	for _, c := range []struct {
		p    Point
		want string
	}{{Point{0, 0}, "aa"}, {Point{2, 3}, "cd"}, {Point{25, 26}, "zA"}, {Point{51, 0}, "Za"}} {
		if l, _ := c.p.Letters(); l != c.want {
			t.Errorf("%+v.Letters() = %q, want %q", c.p, l, c.want)
		}
	}
	for _, p := range []Point{{-1, 0}, {0, MaxSize}} {
		if l, err := p.Letters(); err == nil {
			t.Errorf("%+v.Letters() = %q, want an error", p, l)
		}
	}
	if _, ok := Letter(52); ok {
		t.Error("Letter(52) is a letter, want none")
	}
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{"": "", "plain": "plain", `a]b`: `a\]b`, `\`: `\\`, `]]\\`: `\]\]\\\\`} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRead(t *testing.T) {
	g, err := Read(strings.NewReader(wantKillAllGo))
	if err != nil || !reflect.DeepEqual(g, killAllGo()) {
		t.Errorf("Read: %+v, %v", g, err)
	}
	big := strings.NewReader("(;C[" + strings.Repeat("x", MaxRecordBytes) + "])")
	if _, err := Read(big); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("Read of a huge record: %v, want an error saying it is too long", err)
	}
}

// FuzzParse checks that no input panics the reader, and that whatever it
// accepts is written and read back unchanged.
func FuzzParse(f *testing.F) {
	f.Add([]byte(wantKillAllGo))
	f.Add([]byte("(;SZ[9]AB[aa:cc];B[tt](;W[]C[x\\]])(;B[ii]))"))
	f.Add([]byte("(;C[a\\\r\nb\n\rc])"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Parse(data)
		if err != nil {
			return
		}
		out, err := Marshal(g)
		if err != nil {
			t.Fatalf("Marshal of a parsed game: %v", err)
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse of Marshal's record: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(normal(back), normal(g)) {
			t.Fatalf("round trip changed the game:\n%+v\n%+v", g, back)
		}
	})
}
