//go:build unix

package scripts

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// singleStandings plays the tournament of flags in one judge run from
// dir ("" for this directory) and returns its final standings: what a
// sharded run must merge to, byte for byte.
func singleStandings(t *testing.T, judge, dir string, flags []string) string {
	t.Helper()
	single := exec.Command(judge, append([]string{"tournament"}, flags...)...)
	single.Dir = dir
	out, err := single.Output()
	if err != nil {
		t.Fatalf("single run: %v", err)
	}
	return string(out[strings.Index(string(out), "final standings"):])
}

// buildJudgeAndSearch builds both programs into dir.
func buildJudgeAndSearch(t *testing.T, dir string) (judge, search string) {
	t.Helper()
	for _, p := range []string{"judge", "search"} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, p), "./cmd/"+p)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build ./cmd/%s: %v\n%s", p, err, out)
		}
	}
	return filepath.Join(dir, "judge"), filepath.Join(dir, "search")
}

// needParallel skips the test where GNU parallel is missing, except in CI,
// where .ci/run installs it and its absence is a failure.
func needParallel(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("parallel"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("GNU parallel is not installed; .ci/run installs it")
		}
		t.Skip("GNU parallel is not installed (apt-get install parallel)")
	}
}

// gameLines counts the results file's games (the lines after the header).
func gameLines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := -1
	for sc := bufio.NewScanner(f); sc.Scan(); {
		n++
	}
	return n
}

// TestTournamentParallel plays a tiny tournament of fixed-playout engines
// in 3 shards through the script, once on this machine and once through an
// ssh login file naming this machine (":"), and compares the merged
// standings with a single run's; run again, it resumes and plays nothing.
func TestTournamentParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the programs and plays a tournament")
	}
	needParallel(t)
	dir := t.TempDir()
	judge, search := buildJudgeAndSearch(t, dir)
	openings := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(openings, []byte("f5d6c3d3c4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	engine := search + " --plain --playouts 100 --arena 100000"
	flags := []string{"--rounds", "1", "--seed", "5", "--openings", openings, "--log-level", "warn",
		"--engine", "name=uct seed cmd=" + engine,
		"--engine", "name=ucb seed cmd=" + engine + " --algo ucb",
		"--engine", "name=pruning seed cmd=" + engine + " --pruning on --name 'pruning'"}
	want := singleStandings(t, judge, "", flags)

	logins := filepath.Join(dir, "sshlogins")
	if err := os.WriteFile(logins, []byte(":\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{nil, {"--sshloginfile", logins}} {
		out := filepath.Join(dir, "out")
		os.RemoveAll(out)
		args := append(append([]string{"--shards", "3", "--jobs", "3", "--judge", judge, "--dir", out}, extra...), append([]string{"--"}, flags...)...)
		for run := 1; run <= 2; run++ {
			log, code := runScript(t, "tournament_parallel.sh", os.Environ(), dir, 3*time.Minute, args...)
			standings, _ := os.ReadFile(filepath.Join(out, "standings.txt"))
			if code != 0 || string(standings) != want || gameLines(t, filepath.Join(out, "results.jsonl")) != 6 {
				t.Fatalf("%q, run %d: status %d, standings\n%s\nwant the single run's\n%s\noutput:\n%s", extra, run, code, standings, want, log)
			}
			if played := strings.Count(log, ", round 1/1: "); run == 2 && played != 0 {
				t.Errorf("%q: the second run played %d games, want none (every shard resumes finished)\n%s", extra, played, log)
			}
		}
	}
}

// TestTournamentParallelBadArguments: what the script must refuse, at once
// and with status 2.
func TestTournamentParallelBadArguments(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shards", "0", "--", "--seed", "1"}, `--shards "0"`},
		{[]string{"--shards"}, "--shards needs a value"},
		{[]string{"--rounds", "2"}, `unknown option "--rounds" (the tournament's flags come after --)`},
		{[]string{"--"}, "no tournament flags"},
		{[]string{"--", "--rounds", "2"}, "give --seed"},
		{[]string{"--", "--seed", "1", "--results", "x"}, "--results is set by the script"},
		{[]string{"--", "--seed", "1", "--shard=0/2"}, "--shard is set by the script"},
		{[]string{"-S", filepath.Join(dir, "none"), "--", "--seed", "1"}, "cannot be read"},
	} {
		out, code := runScript(t, "tournament_parallel.sh", os.Environ(), dir, time.Minute, c.args...)
		if code != 2 || !strings.Contains(out, c.want) {
			t.Errorf("%q: status %d, output\n%s\nwant 2 and %q", c.args, code, out, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused arguments left %d files behind", len(entries))
	}
}

// --help prints the script's usage, its comment, with status 0, whatever
// follows it, and does nothing else.
func TestTournamentParallelHelp(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"--help"}, {"-h", "--shards", "0"}} {
		out, code := runScript(t, "tournament_parallel.sh", os.Environ(), dir, time.Minute, args...)
		if code != 0 || !strings.HasPrefix(out, "tournament_parallel.sh: play a judge tournament") ||
			!strings.Contains(out, "\n  -n, --shards N ") || !strings.Contains(out, "\nExit status: 0") || strings.Contains(out, "set -euo") {
			t.Errorf("%q: status %d, output\n%s\nwant 0 and the usage comment", args, code, out)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("--help left %d files behind", len(entries))
	}
}

// fakeJudge stands for the judge in TestTournamentParallelFailedShard: a
// shard writes its results file, but shard 1 fails first; the merge lists
// the files it is given, each argument on a line of its own.
const fakeJudge = `#!/bin/sh
if [ "$2" = merge ]; then
	shift 6
	for f; do echo "merged [$f]"; done
	exit 0
fi
shard=${3%/*}
echo "header" >"$5"
[ "$shard" = 1 ] && exit 3
exit 0
`

// A shard that fails makes the script exit 1 saying how many failed, after
// merging the shards that wrote their files, with paths that hold spaces
// (the judge's and the directory's) passed through parallel and bash as
// they are.
func TestTournamentParallelFailedShard(t *testing.T) {
	needParallel(t)
	dir := filepath.Join(t.TempDir(), "class tournament")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	judge := filepath.Join(dir, "fake judge")
	if err := os.WriteFile(judge, []byte(fakeJudge), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "my results")
	log, code := runScript(t, "tournament_parallel.sh", os.Environ(), dir, time.Minute,
		"--shards", "3", "--jobs", "3", "--judge", judge, "--dir", out, "--", "--seed", "1")
	if code != 1 || !strings.Contains(log, "tournament_parallel.sh: 1 shards failed") {
		t.Errorf("status %d, want 1 and the count of failed shards; output:\n%s", code, log)
	}
	standings, _ := os.ReadFile(filepath.Join(out, "standings.txt"))
	want := ""
	for k := range 3 {
		want += "merged [" + filepath.Join(out, "shard-"+strconv.Itoa(k)+".jsonl") + "]\n"
	}
	if string(standings) != want {
		t.Errorf("the merge was given\n%s\nwant every shard's file (the failed one's too, written before it failed):\n%s\noutput:\n%s", standings, want, log)
	}
}
