package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/goban"
)

// runString runs the program in-process on an input.
func runString(args []string, input string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(input), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestParseLayout(t *testing.T) {
	p, err := parse(strings.NewReader("\n  0 B\tW\r\n0BW\n\n W 0  0 \n\nW\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []row{
		{"  0 B\tW", "\r\n", []int{2, 4, 6}, 2},
		{"0BW", "\n", []int{0, 1, 2}, 3},
		{" W 0  0 ", "\n", []int{1, 3, 6}, 5},
	}
	if len(p.rows) != len(want) || p.side != goban.White {
		t.Fatalf("parsed %+v, side %v", p.rows, p.side)
	}
	for i, w := range want {
		g := p.rows[i]
		if g.text != w.text || g.ending != w.ending || !slices.Equal(g.cells, w.cells) || g.line != w.line {
			t.Errorf("row %d: %+v, want %+v", i, g, w)
		}
	}
	var out bytes.Buffer
	if err := p.answer(&out); err != nil {
		t.Fatal(err)
	}
	// White to move, and every empty point has an empty neighbour: all L.
	if got, w := out.String(), "  L B\tW\r\nLBW\n W L  L \n"; got != w {
		t.Errorf("answer %q, want %q", got, w)
	}
}

// TestByteOrderMark checks that a UTF-8 byte-order mark at the start of the
// input, as some editors write one, is accepted as CRLF is, and written
// back: the output is the input with its points answered.
func TestByteOrderMark(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\uFEFF0B\r\nB0\r\nW\r\n", "\uFEFFIB\r\nBI\r\n"},
		{"\uFEFF\n0 B W\nB 0 W\nW W 0\nB\n", "\uFEFFL B W\nB L W\nW W I\n"},
	} {
		code, out, errOut := runString(nil, c.in)
		if code != exitOK || out != c.want || errOut != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", c.in, code, out, errOut, c.want)
		}
	}
}

func TestInputErrors(t *testing.T) {
	cases := []struct{ name, input, want string }{
		{"empty", "", "golegal: stdin: empty input: want an n x n board of 0, B and W (one row a line), then B or W\n"},
		{"blank", "\n  \n\t\n", "golegal: stdin: empty input: want an n x n board of 0, B and W (one row a line), then B or W\n"},
		{"ragged short", "000\n00\n000\nB\n", "golegal: stdin: line 2: 2 points in row 2, want 3 like the first row (line 1)\n"},
		{"ragged long", "\n00\n0 0 0\nB\n", "golegal: stdin: line 3: 3 points in row 2, want 2 like the first row (line 2)\n"},
		{"side too early", "000\n000\nB\n", "golegal: stdin: line 3: \"B\" names the side to move after only 2 of the 3 rows; a row is missing (n is 3 points, from the first row, line 1)\n"},
		{"side too early, spaced", "\n0 0\n\n  W \n", "golegal: stdin: line 4: \"W\" names the side to move after only 1 of the 2 rows; a row is missing (n is 2 points, from the first row, line 2)\n"},
		{"short row", "000\n0\n000\nB\n", "golegal: stdin: line 2: 1 point in row 2, want 3 like the first row (line 1)\n"},
		{"bad side after one row", "0\nX\n", "golegal: stdin: line 2: want the side to move, B or W, after the 1 row; got \"X\"\n"},
		{"no liberty", "BW\nWB\nB\n", "golegal: stdin: line 1: the black stone at point 1 of row 1 has no liberty; no game of Go leaves one on the board\n"},
		{"string without liberty", "0W00\nWBW0\nWBW0\n0W00\nW\n", "golegal: stdin: line 2: the black string of 2 stones at point 2 of row 2 has no liberty; no game of Go leaves one on the board\n"},
		// A stone on a 1x1 board: no move can have put it there.
		{"one stone", "B\nW\n", "golegal: stdin: line 1: the black stone at point 1 of row 1 has no liberty; no game of Go leaves one on the board\n"},
		{"full board", "\n\nW W\r\nW W\r\nB\r\n", "golegal: stdin: line 3: the white string of 4 stones at point 1 of row 1 has no liberty; no game of Go leaves one on the board\n"},
		{"byte-order mark inside", "0\uFEFF0\n00\nB\n", "golegal: stdin: line 1: column 2: unknown character '\\ufeff': want 0 (empty), B or W\n"},
		{"too wide", strings.Repeat("0", 20) + "\n", "golegal: stdin: line 1: the first row has 20 points; a board has at most 19\n"},
		{"unknown", "0B0\n0X0\n000\nB\n", "golegal: stdin: line 2: column 2: unknown character 'X': want 0 (empty), B or W\n"},
		{"lower case", "0 b\n00\nW\n", "golegal: stdin: line 1: column 3: unknown character 'b': want 0 (empty), B or W\n"},
		{"letter O", "O\nB\n", "golegal: stdin: line 1: column 1: unknown character 'O': want 0 (empty), B or W\n"},
		{"unicode", "0 ● 0\n", "golegal: stdin: line 1: column 3: unknown character '●': want 0 (empty), B or W\n"},
		// A byte that is not UTF-8, in hex: it was shown as '\ufffd'.
		{"not UTF-8", "0 \xff 0\n", "golegal: stdin: line 1: column 3: unknown character '\\xff': want 0 (empty), B or W\n"},
		{"missing side", "00\n00\n", "golegal: stdin: the input ends after the board (line 2): want a line B or W naming the side to move\n"},
		{"missing rows", "000\n000\n", "golegal: stdin: the input ends after 2 of 3 rows (line 2), before the side to move\n"},
		{"bad side", "00\n00\nX\n", "golegal: stdin: line 3: want the side to move, B or W, after the 2 rows; got \"X\"\n"},
		{"side word", "00\n00\nBlack\n", "golegal: stdin: line 3: want the side to move, B or W, after the 2 rows; got \"Black\"\n"},
		{"two sides", "0\nB\nW\n", "golegal: stdin: line 3: unexpected text after the side to move\n"},
		{"long line", strings.Repeat(" ", maxLine+10), "golegal: stdin: line 1: longer than 65536 bytes\n"},
	}
	for _, c := range cases {
		code, out, errOut := runString(nil, c.input)
		if code != exitUsage || out != "" || errOut != c.want {
			t.Errorf("%s: exit %d, stdout %q, stderr\n%q\nwant exit 2, no output, stderr\n%q", c.name, code, out, errOut, c.want)
		}
	}
}

func TestCommandLine(t *testing.T) {
	code, out, errOut := runString([]string{"--help"}, "")
	if code != exitOK || !strings.Contains(out, "Usage:\n  golegal [FILE]") || errOut != "" {
		t.Errorf("--help: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, args := range [][]string{{"--bogus"}, {"a", "b"}} {
		code, out, errOut = runString(args, "")
		if code != exitUsage || out != "" || !strings.Contains(errOut, "Run 'golegal --help'") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	missing := filepath.Join(t.TempDir(), "missing")
	code, out, errOut = runString([]string{missing}, "")
	if code != exitError || out != "" || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// "-" is stdin.
	code, out, _ = runString([]string{"-"}, "0\nB\n")
	if code != exitOK || out != "I\n" {
		t.Errorf("-: exit %d, stdout %q", code, out)
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteError(t *testing.T) {
	var errOut bytes.Buffer
	if code := run(nil, strings.NewReader("0\nB\n"), failingWriter{}, &errOut); code != exitError || errOut.String() != "golegal: disk full\n" {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

// TestGolden runs the built program on every testdata/*.in, on stdin and
// as a file argument, and compares its output byte for byte with the .out
// file beside it. The answers were worked out by hand: a 0 with an empty
// neighbour is always L, and the points without one are these (row,
// column from 0):
//
//   - six_black, six_white (spacing and a tab kept): (0,0) between two
//     black stones whose only liberty it is: black's multi-stone suicide
//     (I), white's capture of both (L). (0,3) between white strings with
//     other liberties: black I, white L. (0,5): black captures the white
//     stone (1,5) (L); white keeps (0,4)'s liberty (0,3) (L). (2,1) inside
//     a white string: black I, white L. (2,4): black joins a string with
//     other liberties, white captures (1,4): L for both.
//   - crlf (CR LF endings kept): (0,0) and (1,1) join black strings with other
//     liberties (L); (2,2) for black touches only white strings with two
//     liberties each (I).
//   - one_*: on 1x1 every move is suicide; a stone keeps its letter; a
//     last line without a newline is read.
//   - nineteen_black, nineteen_white: (0,0) beside two black stones: white
//     I. (0,18) beside two white stones: black I. (9,9), a black eye:
//     white I. (18,18), the last liberty of two white strings (three
//     stones): black captures them (L), white would kill them (I).
func TestGolden(t *testing.T) {
	bin := buildGolegal(t)
	ins, err := filepath.Glob(filepath.Join("testdata", "*.in"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, in := range ins {
		want, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		input, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, viaFile := range []bool{false, true} {
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			cmd := exec.CommandContext(ctx, bin)
			if viaFile {
				cmd.Args = append(cmd.Args, in)
			} else {
				cmd.Stdin = bytes.NewReader(input)
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			cancel()
			if err != nil || stderr.Len() != 0 || !bytes.Equal(stdout.Bytes(), want) {
				t.Errorf("%s (file argument %v): %v, stderr %q, stdout\n%s\nwant\n%s", in, viaFile, err, stderr.String(), stdout.Bytes(), want)
			}
		}
	}
}

// TestBadInputExitStatus checks the real process's exit status and stderr
// on a bad input.
func TestBadInputExitStatus(t *testing.T) {
	bin := buildGolegal(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdin = strings.NewReader("0 0\n0 0 0\nB\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitUsage || stdout.Len() != 0 ||
		stderr.String() != "golegal: stdin: line 2: 3 points in row 2, want 2 like the first row (line 1)\n" {
		t.Errorf("%v, stdout %q, stderr %q", err, stdout.String(), stderr.String())
	}
}

// buildGolegal builds the program into a temporary directory.
func buildGolegal(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the program")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	bin := filepath.Join(t.TempDir(), "golegal")
	cmd := exec.Command(goBin, "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestDocumentedExamples runs the examples of the README, of its guide
// (docs/goban.md) and of --help and checks the output they show.
func TestDocumentedExamples(t *testing.T) {
	texts := map[string]string{"--help": usage}
	for _, name := range []string{"README.md", "docs/goban.md"} {
		b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		texts[name] = string(b)
	}
	for name, text := range texts {
		lines := strings.Split(text, "\n")
		found := 0
		for i, line := range lines {
			cmd, ok := strings.CutPrefix(strings.TrimSpace(line), "$ printf '")
			if !ok || !strings.Contains(cmd, "golegal") {
				continue // not an example of golegal's
			}
			arg, ok := strings.CutSuffix(cmd, "' | golegal")
			if !ok {
				arg, ok = strings.CutSuffix(cmd, "' | bin/golegal")
			}
			if !ok {
				t.Fatalf("%s: cannot read the example %q", name, line)
			}
			indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
			var want strings.Builder
			for _, out := range lines[i+1:] {
				if strings.TrimSpace(out) == "" || strings.HasPrefix(out, "```") {
					break
				}
				want.WriteString(strings.TrimPrefix(out, indent) + "\n")
			}
			code, got, errOut := runString(nil, strings.ReplaceAll(arg, `\n`, "\n"))
			if code != exitOK || got != want.String() {
				t.Errorf("%s: example %q: exit %d, stderr %q, output\n%s\nshown\n%s", name, arg, code, errOut, got, want.String())
			}
			found++
		}
		if found == 0 {
			t.Errorf("%s: no golegal example found", name)
		}
	}
}
