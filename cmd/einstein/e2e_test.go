package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/einstein"
	"github.com/tcgothello/mcts/einstein/agent"
	"github.com/tcgothello/mcts/einstein/runner"
)

// runBin runs the built program in dir with input on its stdin.
func runBin(t *testing.T, dir, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binaryOf(t), args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(input)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running %v: %v", args, err)
	}
	return code, out.String(), errOut.String()
}

// roundRecord is a round as the log file (-l) records it.
type roundRecord struct {
	n         int
	layout    string
	red, blue string
	moves     []string
	winner    string
	reason    string
}

// parseRecord reads the log file of a game.
func parseRecord(t *testing.T, text string) []roundRecord {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var rs []roundRecord
	for i := 1; i+5 < len(lines); i += 6 {
		var r roundRecord
		var err error
		field := func(line, key string) string {
			v, ok := strings.CutPrefix(line, key+" ")
			if !ok && line != key {
				t.Fatalf("log line %q, want %q first", line, key)
			}
			return v
		}
		r.n, err = strconv.Atoi(field(lines[i], "round"))
		if err != nil {
			t.Fatal(err)
		}
		r.layout = field(lines[i+1], "layout")
		r.red = field(lines[i+2], "red")
		r.blue = field(lines[i+3], "blue")
		r.moves = strings.Fields(field(lines[i+4], "moves"))
		r.winner, r.reason, _ = strings.Cut(field(lines[i+5], "winner"), ": ")
		rs = append(rs, r)
	}
	return rs
}

// notPlayedRE is a round an agent could not play: its players, its board
// and why.
var notPlayedRE = regexp.MustCompile(`^round (\d+): red (.+) \(player (\d)\), blue (.+) \(player (\d)\), layout (\d{6}): not played: (.+)$`)

var roundRE = regexp.MustCompile(`^round (\d+): red (.+) \(player (\d)\), blue (.+) \(player (\d)\), layout (\d{6}): (red|blue) (.+) \(player (\d)\) wins, (.+), (\d+) plies$`)

// TestGameRandomGreedy plays random against greedy, as processes of the
// built program, and checks every round against the rules: the boards are
// the seed's, colours alternate, every move is legal, greedy's moves are
// greedy's, the winner and the reason are right, and the summary adds up.
// The same seed gives the same games.
func TestGameRandomGreedy(t *testing.T) {
	dir := t.TempDir()
	const rounds, seed = 6, 42
	args := []string{"game", "-n", "0", "random", "greedy", "-r", strconv.Itoa(rounds), "-s", strconv.Itoa(seed), "-l", "games.log"}
	code, out, errOut := runBin(t, dir, "", args...)
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
	logText, err := os.ReadFile(filepath.Join(dir, "games.log"))
	if err != nil {
		t.Fatal(err)
	}
	recs := parseRecord(t, string(logText))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != rounds+3 || lines[0] != fmt.Sprintf("seed %d", seed) || len(recs) != rounds {
		t.Fatalf("stdout\n%s\nlog\n%s\nwant the seed, %d rounds and 2 summary lines", out, logText, rounds)
	}
	boards := runner.CourseLayouts(seed) // the course runner's draws (einstein/runner's tests)
	first := runner.CourseFirstRed(seed)
	var wins, asRed [3]int // by player
	for i, rec := range recs {
		m := roundRE.FindStringSubmatch(lines[i+1])
		if m == nil {
			t.Fatalf("round line %q", lines[i+1])
		}
		n := i + 1
		l := boards()
		red := first
		if n%2 == 0 {
			red = 3 - first
		}
		redPlayer, redName, bluePlayer := strconv.Itoa(red), []string{"", "random", "greedy"}[red], strconv.Itoa(3-red)
		if m[1] != strconv.Itoa(n) || m[3] != redPlayer || m[2] != redName || m[5] != bluePlayer || m[6] != l.String() || rec.layout != l.String() {
			t.Fatalf("round %d: %q; want red %s (player %s), layout %v", n, lines[i+1], redName, redPlayer, l)
		}
		pos := einstein.New(l)
		for k, s := range rec.moves {
			mv, err := einstein.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			mover := m[2]
			if pos.ToMove() == einstein.Blue {
				mover = m[4]
			}
			if want := (agent.Greedy{}).Move(pos); mover == "greedy" && mv != want {
				t.Fatalf("round %d ply %d: greedy played %v, greedy's move is %v", n, k, mv, want)
			}
			if err := pos.Play(mv); err != nil {
				t.Fatalf("round %d ply %d: %v", n, k, err)
			}
		}
		w := pos.Winner()
		reason := "reached " + einstein.Goal(w).String()
		if pos.Left(w.Other()) == 0 {
			reason = "captured the last " + w.Other().String() + " cube"
		}
		if m[7] != w.String() || rec.winner != w.String() || m[10] != reason || rec.reason != reason || m[11] != strconv.Itoa(len(rec.moves)) {
			t.Fatalf("round %d: %q, log %+v; the moves end with %v winning: %s", n, lines[i+1], rec, w, reason)
		}
		winner, _ := strconv.Atoi(m[9])
		wins[winner]++
		if w == einstein.Red {
			asRed[winner]++
		}
	}
	for p, name := range []string{"", "random", "greedy"} {
		if p == 0 {
			continue
		}
		want := fmt.Sprintf("%s (player %d): %d of %d rounds won (as red %d of %d, as blue %d of %d)",
			name, p, wins[p], rounds, asRed[p], rounds/2, wins[p]-asRed[p], rounds/2)
		if lines[rounds+p] != want {
			t.Errorf("summary %q, want %q", lines[rounds+p], want)
		}
	}
	_, again, _ := runBin(t, dir, "", args...)
	logAgain, _ := os.ReadFile(filepath.Join(dir, "games.log"))
	if again != out || !bytes.Equal(logAgain, logText) {
		t.Errorf("the same seed gave other games:\n%s\nthen\n%s", out, again)
	}
}

// TestMisbehavingAgents plays agents that break the protocol against
// greedy, once as red and once as blue: each round is greedy's, the
// reason says what went wrong, and the agent's process is gone at the end.
func TestMisbehavingAgents(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the misbehaving agents are shell scripts")
	}
	// Each script records its process id; the runner must kill what it
	// starts. As blue, a script first reads red's move.
	const head = "#!/bin/sh\necho $$ >> pids\n"
	const readRound = "r1=$(dd bs=1 count=1 2>/dev/null)\ndd bs=1 count=6 >/dev/null 2>&1\n" +
		"if [ \"$r1\" = s ]; then dd bs=1 count=2 >/dev/null 2>&1; fi\n"
	cases := []struct {
		name, script string
		asRed        string // the reason when it plays red (round 1)
		asBlue       string // and blue (round 2)
		plies        [2]int
	}{
		{"illegal move", readRound + "printf 23\nexec sleep 60\n",
			"red forfeits: illegal move 23: the cube may not move in this turn: cube 2 in turn 1 (cubes 1, 3, 5)",
			"blue forfeits: illegal move 23: the cube may not move in this turn: cube 2 in turn 1 (cubes 1, 3, 5)",
			[2]int{0, 1}},
		{"not a move", readRound + "printf hello\nexec sleep 60\n",
			`red forfeits: sent "he": not 00 or a cube 1-6 and a direction 1-3`,
			`blue forfeits: sent "he": not 00 or a cube 1-6 and a direction 1-3`,
			[2]int{0, 1}},
		{"half a move", readRound + "printf 1\nexec sleep 60\n",
			`red forfeits: sent "1" and then nothing for 2s`,
			`blue forfeits: sent "1" and then nothing for 2s`,
			[2]int{0, 1}},
		{"silence", "exec sleep 60\n",
			"red forfeits: sent no move within 2s",
			"blue forfeits: sent no move within 2s",
			[2]int{0, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "bad"), []byte(head+c.script), 0o755); err != nil {
				t.Fatal(err)
			}
			// The course's way: a bare name from the current directory.
			// Unsandboxed: the scripts write their pids where the test reads them.
			code, out, errOut := runBin(t, dir, "", "game", "--sandbox", "off", "-n", "0", "bad", "greedy", "-r", "2", "-s", "8", "--limit", "2s") // seed 8: player 1 red first
			lines := strings.Split(out, "\n")
			if code != exitOK || len(lines) != 6 {
				t.Fatalf("exit %d, stderr %q, stdout\n%s", code, errOut, out)
			}
			for i, want := range []string{c.asRed, c.asBlue} {
				m := roundRE.FindStringSubmatch(lines[i+1])
				if m == nil || m[8] != "greedy" || m[10] != want || m[11] != strconv.Itoa(c.plies[i]) {
					t.Errorf("round %d: %q\nwant greedy to win: %s, %d plies", i+1, lines[i+1], want, c.plies[i])
				}
			}
			if want := "bad (player 1): 0 of 2 rounds won (as red 0 of 1, as blue 0 of 1)"; lines[3] != want {
				t.Errorf("summary %q, want %q", lines[3], want)
			}
			pids, err := os.ReadFile(filepath.Join(dir, "pids"))
			if err != nil {
				t.Fatal(err)
			}
			// Started for each round: it forfeited the first.
			if n := len(strings.Fields(string(pids))); n != 2 {
				t.Errorf("started %d times, want 2 (again after the forfeit)", n)
			}
			for _, f := range strings.Fields(string(pids)) {
				pid, _ := strconv.Atoi(f)
				if err := processGone(pid); err != nil {
					t.Errorf("agent process %d still there after the games (%v)", pid, err)
				}
			}
		})
	}
	// An agent that ends before its first move of a round could not
	// play it, as an Othello engine that never connects: the round is
	// not played, counts for neither player, and the game exits 1
	// naming it, whether it read its board first or exited at once.
	for _, c := range []struct{ name, script, status string }{
		{"exit before moving", readRound + "exit 0\n", "exit status 0"},
		{"exit at once", "exit 3\n", "exit status 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "bad"), []byte(head+c.script), 0o755); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runBin(t, dir, "", "game", "-n", "0", "greedy", "./bad", "-r", "2", "-s", "8")
			lines := strings.Split(out, "\n")
			wantErr := "einstein game: never played a round: greedy (player 1): its opponent could not play; ./bad (player 2): could not play: "
			if code != exitError || len(lines) != 6 || !strings.HasPrefix(errOut, wantErr) {
				t.Fatalf("exit %d, stderr %q, stdout\n%s\nwant 1 and stderr %q...", code, errOut, out, wantErr)
			}
			// Whether the board could still be sent or not, the exit
			// status is in the reason.
			for i, side := range []string{"blue", "red"} {
				m := notPlayedRE.FindStringSubmatch(lines[i+1])
				if m == nil || !strings.HasPrefix(m[7], side+" forfeits: ") || !strings.Contains(m[7], "it exited ("+c.status+")") {
					t.Errorf("round %d: %q; want it not played, %s forfeiting with %s", i+1, lines[i+1], side, c.status)
				}
			}
			for i, who := range []string{"greedy (player 1)", "./bad (player 2)"} {
				if want := who + ": 0 of 0 rounds won (as red 0 of 0, as blue 0 of 0), 2 rounds not played"; lines[3+i] != want {
					t.Errorf("summary %q, want %q", lines[3+i], want)
				}
			}
		})
	}
	// Two agents that both end at once: neither could play any round.
	t.Run("both exit at once", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "bad"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runBin(t, dir, "", "game", "-n", "0", "./bad", "./bad", "-r", "2", "-s", "8")
		lines := strings.Split(out, "\n")
		if code != exitError || len(lines) != 6 || strings.Count(errOut, "could not play: ") != 2 {
			t.Fatalf("exit %d, stderr %q, stdout\n%s\nwant 1, both named", code, errOut, out)
		}
		for i := range 2 {
			m := notPlayedRE.FindStringSubmatch(lines[i+1])
			if m == nil || !strings.HasPrefix(m[7], "neither agent could play: red forfeits: ") || !strings.Contains(m[7], "; blue forfeits: ") {
				t.Errorf("round %d: %q; want neither agent to have played", i+1, lines[i+1])
			}
		}
	})
}

// firstMove is the strategy of the people in the tests: the first legal
// move.
func firstMove(p einstein.Position) einstein.Move {
	var buf [einstein.MaxMoves]einstein.Move
	return p.Moves(buf[:0])[0]
}

// scriptedRound plays a round from layout l with the players given and
// returns the lines the people type, the winner, the reason and the plies.
func scriptedRound(l einstein.Layout, red, blue func(einstein.Position) einstein.Move, typed func(einstein.Color) bool) (lines []string, w einstein.Color, reason string, plies int) {
	pos := einstein.New(l)
	for !pos.Over() {
		f := red
		if pos.ToMove() == einstein.Blue {
			f = blue
		}
		m := f(pos)
		if typed(pos.ToMove()) {
			lines = append(lines, m.String())
		}
		pos.PlayLegal(m)
	}
	w = pos.Winner()
	reason = "reached " + einstein.Goal(w).String()
	if pos.Left(w.Other()) == 0 {
		reason = "captured the last " + w.Other().String() + " cube"
	}
	return lines, w, reason, pos.Ply()
}

// TestPersonFromPipe: a person plays red against greedy with moves from a
// pipe, typing two invalid moves first; after the round the input ends in
// the next one, which is abandoned.
func TestPersonFromPipe(t *testing.T) {
	const seed = 8 // the course's coin makes player 1, the person, red first
	l := runner.CourseLayouts(seed)()
	typed, w, reason, plies := scriptedRound(l, firstMove, agent.Greedy{}.Move, func(c einstein.Color) bool { return c == einstein.Red })
	input := "xx\n 21 \n" + strings.Join(typed, "\n") + "\n"
	code, out, errOut := runBin(t, t.TempDir(), input, "game", "-n", "1", "greedy", "-s", strconv.Itoa(seed))
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
	winner := "person 1 (player 1)"
	if w == einstein.Blue {
		winner = "greedy (player 2)"
	}
	wantRound := fmt.Sprintf("round 1: red person 1 (player 1), blue greedy (player 2), layout %v: %v %s wins, %s, %d plies\n", l, w, winner, reason, plies)
	won := 0
	if w == einstein.Red {
		won = 1
	}
	wants := []string{
		"seed 8\n",
		"\nperson 1 plays red (R, towards (5,5)) on board " + l.String() + "\n",
		"     1  2  3  4  5\n  1 R" + string('0'+l[0]) + " R" + string('0'+l[1]) + " R" + string('0'+l[2]) + "  .  .\n",
		`red> not a legal move: "xx": syntax error: move "xx": want 00 (pass) or a cube 1-6 and a direction 1-3; legal: `,
		`red> not a legal move: "21": the cube may not move in this turn: cube 2 in turn 1 (cubes 1, 3, 5); legal: `,
		wantRound,
		"\nperson 1 plays blue (B, towards (1,1)) on board ",
		": abandoned: end of person 1's input\n",
		fmt.Sprintf("person 1 (player 1): %d of 1 rounds won (as red %d of 1, as blue 0 of 0)\n", won, won),
		fmt.Sprintf("greedy (player 2): %d of 1 rounds won (as red 0 of 0, as blue %d of 1)\n", 1-won, 1-won),
	}
	rest := out
	for _, want := range wants {
		i := strings.Index(rest, want)
		if i < 0 {
			t.Fatalf("stdout lacks, in order,\n%q\nstdout:\n%s", want, out)
		}
		rest = rest[i+len(want):]
	}
	if n := strings.Count(out, "red> "); n != 2+len(typed)+0 {
		t.Errorf("%d prompts for red, want %d (two refused moves and %d moves)", n, 2+len(typed), len(typed))
	}
}

// TestTwoPeople: two people share the terminal, in process (no agent to
// start): the first round is played to its end from the typed moves;
// player 1 is red in every round, as in the course's runner.
func TestTwoPeople(t *testing.T) {
	const seed = 3
	l := runner.CourseLayouts(seed)()
	typed, w, reason, plies := scriptedRound(l, firstMove, firstMove, func(einstein.Color) bool { return true })
	code, out, errOut := runIn(t, "", strings.Join(typed, "\n")+"\n", "game", "-s", strconv.Itoa(seed))
	winner := "person 1 (player 1)"
	if w == einstein.Blue {
		winner = "person 2 (player 2)"
	}
	want := fmt.Sprintf("round 1: red person 1 (player 1), blue person 2 (player 2), layout %v: %v %s wins, %s, %d plies\n", l, w, winner, reason, plies)
	if code != exitOK || errOut != "" || !strings.Contains(out, want) || !strings.Contains(out, "round 2: red person 1 (player 1), blue person 2 (player 2)") {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errOut, out, want)
	}
}

// TestGameInProcess runs the runner in the test's own process (so that
// -race sees its goroutines and pipes), with the built program's agents:
// the same games as the program's own run, and a forfeit by an agent that
// exits.
func TestGameInProcess(t *testing.T) {
	bin := binaryOf(t)
	args := []string{"game", "-n", "0", "random", "greedy", "-r", "4", "-s", "3"}
	code, out, errOut := runIn(t, bin, "", args...)
	_, want, _ := runBin(t, t.TempDir(), "", args...)
	if code != exitOK || errOut != "" || out != want {
		t.Errorf("in process: exit %d, stderr %q, stdout\n%s\nthe program's stdout\n%s", code, errOut, out, want)
	}
	if runtime.GOOS == "windows" {
		return
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("#!/bin/sh\nexit 4\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runIn(t, bin, "", "game", "-n", "0", bad, "greedy", "-r", "2")
	if code != exitError || !strings.Contains(errOut, "never played a round: "+bad+" (player 1): could not play: ") ||
		strings.Count(out, ": not played: ") != 2 || strings.Count(out, "exit status 4") != 2 {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant two rounds not played, with exit status 4, and exit 1", code, errOut, out)
	}
}

// TestMCTSGame plays the built program's Monte-Carlo agent, started as the
// course starts an agent, against greedy: no forfeit, every move of the
// record legal, greedy's moves greedy's, the summary adding up; and the
// same seeds and budget give the same games.
func TestMCTSGame(t *testing.T) {
	bin := binaryOf(t)
	dir := t.TempDir()
	const rounds = 4
	args := []string{"game", "-n", "0", bin + " --playouts 1000 --seed 1", "greedy", "-r", strconv.Itoa(rounds), "-s", "5", "-l", "games.log"}
	code, out, errOut := runBin(t, dir, "", args...)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || errOut != "" || len(lines) != rounds+3 || strings.Contains(out, "forfeits") {
		t.Fatalf("exit %d, stderr %q, stdout\n%s", code, errOut, out)
	}
	logText, err := os.ReadFile(filepath.Join(dir, "games.log"))
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	for i, rec := range parseRecord(t, string(logText)) {
		l, err := einstein.ParseLayout(rec.layout)
		if err != nil {
			t.Fatal(err)
		}
		pos := einstein.New(l)
		for k, s := range rec.moves {
			mv, err := einstein.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			if name := map[einstein.Color]string{einstein.Red: rec.red, einstein.Blue: rec.blue}[pos.ToMove()]; strings.HasPrefix(name, "greedy") {
				if want := (agent.Greedy{}).Move(pos); mv != want {
					t.Fatalf("round %d ply %d: greedy played %v, greedy's move is %v", i+1, k, mv, want)
				}
			}
			if err := pos.Play(mv); err != nil {
				t.Fatalf("round %d ply %d: %v", i+1, k, err)
			}
		}
		if !pos.Over() || pos.Winner().String() != rec.winner {
			t.Fatalf("round %d: the record's moves end with winner %v, the record says %s", i+1, pos.Winner(), rec.winner)
		}
		if w := map[string]string{"red": rec.red, "blue": rec.blue}[rec.winner]; !strings.HasPrefix(w, "greedy") {
			wins++
		}
	}
	if want := fmt.Sprintf("%s --playouts 1000 --seed 1 (player 1): %d of %d rounds won", bin, wins, rounds); !strings.HasPrefix(lines[rounds+1], want) {
		t.Errorf("summary %q, want %q...", lines[rounds+1], want)
	}
	_, again, _ := runBin(t, dir, "", args...)
	if again != out {
		t.Errorf("the same seeds gave other games:\n%s\nthen\n%s", out, again)
	}
}
