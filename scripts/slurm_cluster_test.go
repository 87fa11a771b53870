//go:build linux

package scripts

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// slurmWait bounds how long the test waits for a submission's jobs: the
// tasks of 2 games each take a few seconds, and the scheduler starts the
// next one within a few more.
const slurmWait = 90 * time.Second

// needSlurm skips the test where Slurm cannot be run, except in CI, where
// .ci/run installs it and runs as root, and where it is a failure.
func needSlurm(t *testing.T) {
	t.Helper()
	why := ""
	if os.Geteuid() != 0 {
		why = "the local cluster's daemons run as root"
	}
	for _, p := range []string{"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo"} {
		if _, err := exec.LookPath(p); why == "" && err != nil {
			why = p + " is not installed (apt-get install slurm-wlm munge)"
		}
	}
	if why == "" {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s; CI is set, and .ci/run installs Slurm and runs as root", why)
	}
	t.Skip(why)
}

// freePortPair finds a port P on 127.0.0.1 with P+1 free too (slurmctld's
// and slurmd's), by listening on port 0. Another program may take them
// before the daemons do; then the cluster does not start, and says so.
func freePortPair(t *testing.T) int {
	t.Helper()
	for range 20 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		p := l.Addr().(*net.TCPAddr).Port
		l2, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p+1))
		l.Close()
		if err == nil {
			l2.Close()
			return p
		}
	}
	t.Fatal("no two free ports in a row on 127.0.0.1 in 20 tries")
	return 0
}

// localCluster starts deploy/slurm/local-cluster.sh in a directory of the
// test's, stopped when the test ends, and returns the environment that
// reaches it (SLURM_CONF).
func localCluster(t *testing.T) []string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "slurm")
	script := filepath.Join("..", "deploy", "slurm", "local-cluster.sh")
	args := []string{"--dir", dir, "--port", strconv.Itoa(freePortPair(t)), "--wait", "30"}
	log, code := runScript(t, script, os.Environ(), ".", time.Minute, append([]string{"start"}, args...)...)
	t.Cleanup(func() {
		if log, code := runScript(t, script, os.Environ(), ".", time.Minute, append([]string{"stop"}, args...)...); code != 0 {
			t.Errorf("local-cluster.sh stop: status %d\n%s", code, log)
		}
	})
	conf := filepath.Join(dir, "slurm.conf")
	if code != 0 || !strings.Contains(log, "export SLURM_CONF="+conf) {
		t.Fatalf("local-cluster.sh start: status %d, output\n%s", code, log)
	}
	if log, code := runScript(t, script, os.Environ(), ".", time.Minute, append([]string{"status"}, args...)...); code != 0 || !strings.Contains(log, " idle") {
		t.Fatalf("local-cluster.sh status: status %d, output\n%s", code, log)
	}
	return append(os.Environ(), "SLURM_CONF="+conf)
}

// submitScript holds the commands docs/tournament.md gives a teacher, with
// the array's size and the scripts' directory as its arguments, then the
// tournament's flags; it prints both job ids. With "again K" first it
// resubmits task K only, as the docs say, then the merge.
const submitScript = `set -euo pipefail
array=$1 slurm=$2
shift 2
if [ "$array" = again ]; then
	k=$1
	shift
	jid=$(sbatch --parsable --array=$k --export=ALL,SHARDS=3 "$slurm/tournament.sbatch" "$@")
else
	jid=$(sbatch --parsable --array=$array "$slurm/tournament.sbatch" "$@")
fi
echo "array ${jid%%;*}"
sbatch --dependency=afterany:${jid%%;*} "$slurm/merge.sbatch"
`

// jobState is what scontrol says of one job or array task.
type jobState struct{ state, exit string }

// submit runs submitScript in dir and waits for its jobs to end; it
// returns the array job's tasks' states by index, the merge's, and the
// merge's log.
func submit(t *testing.T, env []string, dir string, args ...string) (map[int]jobState, jobState, string) {
	t.Helper()
	script := filepath.Join(dir, "submit.sh")
	if err := os.WriteFile(script, []byte(submitScript), 0o644); err != nil {
		t.Fatal(err)
	}
	slurm, err := filepath.Abs(filepath.Join("..", "deploy", "slurm"))
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	defer func() { t.Logf("submit %s: %v", args[0], time.Since(t0)) }()
	out, code := runScript(t, script, env, dir, time.Minute, append([]string{args[0], slurm}, args[1:]...)...)
	m := regexp.MustCompile(`(?m)^array (\d+)\nSubmitted batch job (\d+)$`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("submitting: status %d, output\n%s", code, out)
	}
	array, merge := m[1], m[2]
	deadline := time.Now().Add(slurmWait)
	for {
		q, err := slurmCommand(env, "squeue", "-h", "-o", "%i", "-j", array+","+merge)
		if err != nil {
			t.Fatalf("squeue: %v\n%s", err, q)
		}
		if strings.TrimSpace(q) == "" {
			break
		}
		if time.Now().After(deadline) {
			show, _ := slurmCommand(env, "scontrol", "show", "job", array, merge)
			t.Fatalf("jobs %s and %s still queued after %v:\n%s\n%s", array, merge, slurmWait, q, show)
		}
		time.Sleep(200 * time.Millisecond)
	}
	tasks := map[int]jobState{}
	var mergeState jobState
	line := regexp.MustCompile(`JobId=(\d+) (?:ArrayJobId=(\d+) ArrayTaskId=(\d+) )?.* JobState=(\S+) .* ExitCode=(\S+)`)
	for _, id := range []string{array, merge} {
		show, err := slurmCommand(env, "scontrol", "-o", "show", "job", id)
		if err != nil {
			t.Fatalf("scontrol show job %s: %v\n%s", id, err, show)
		}
		for _, l := range strings.Split(strings.TrimSpace(show), "\n") {
			f := line.FindStringSubmatch(l)
			switch {
			case f == nil:
				t.Fatalf("scontrol show job %s: a line not understood:\n%s", id, l)
			case id == merge:
				mergeState = jobState{f[4], f[5]}
			default:
				k, _ := strconv.Atoi(f[3])
				tasks[k] = jobState{f[4], f[5]}
			}
		}
	}
	log, err := os.ReadFile(filepath.Join(dir, "tournament-merge-"+merge+".log"))
	if err != nil {
		t.Fatalf("the merge's log: %v", err)
	}
	return tasks, mergeState, string(log)
}

// slurmCommand runs one of Slurm's commands on the test's cluster.
func slurmCommand(env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// openToSandbox opens the engines' program directory to all (o+rx), as
// a root judge's sandbox needs: its engines run as a user of their own
// (uid 60000 and up), who owns nothing of the host's, and must read the
// directory their program is bound from. go build makes it under the
// umask, which may close it to others.
func openToSandbox(t *testing.T, dir string) {
	t.Helper()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestSlurmLocalCluster runs the tournament's Slurm scripts on a real
// Slurm, the one-node cluster of deploy/slurm/local-cluster.sh, submitted
// as docs/tournament.md says, with the engines sandboxed as a course's
// would be (--sandbox on: a judge that cannot sandbox them fails, and so
// does its task): a tournament of 3 engines at fixed playouts
// in an array of 3 tasks and its dependent merge gives the standings of a
// single run, byte for byte. Then a tournament whose task 1 fails (a file
// stands where its engines' logs go: its judge stops before its first game
// with status 1):
// scontrol shows that task FAILED, the merge, run anyway, lists its games
// as missing and fails; once the file is removed, resubmitting that index
// alone and the merge completes the tournament, again as a single run.
func TestSlurmLocalCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster and plays tournaments")
	}
	needSlurm(t)
	env := localCluster(t)

	dir := t.TempDir()
	// The layout the docs assume: the programs in bin/ of the directory
	// submitted from (the scripts' defaults: JUDGE=bin/judge, results in
	// tournament-results/).
	judge, _ := buildJudgeAndSearch(t, filepath.Join(dir, "bin"))
	openToSandbox(t, filepath.Join(dir, "bin"))
	if err := os.WriteFile(filepath.Join(dir, "f5d6.txt"), []byte("f5d6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	engine := "bin/search --plain --playouts 50 --arena 100000"
	flags := []string{"--rounds", "1", "--seed", "11", "--openings", "f5d6.txt", "--log-level", "warn", "--sandbox", "on",
		"--engine", "name=uct seed cmd=" + engine,
		"--engine", "name=ucb seed cmd=" + engine + " --algo ucb",
		"--engine", "name=pruning seed cmd=" + engine + " --pruning on"}
	want := singleStandings(t, judge, dir, flags)
	results := filepath.Join(dir, "tournament-results")
	standings := func() string {
		data, _ := os.ReadFile(filepath.Join(results, "standings.txt"))
		return string(data)
	}
	completed := jobState{"COMPLETED", "0:0"}

	tasks, merge, log := submit(t, env, dir, append([]string{"0-2"}, flags...)...)
	if len(tasks) != 3 || tasks[0] != completed || tasks[1] != completed || tasks[2] != completed || merge != completed {
		t.Fatalf("the tasks ended %v and the merge %v, want all %v; the merge's log:\n%s", tasks, merge, completed, log)
	}
	if got := standings(); got != want || !strings.Contains(log, want) {
		t.Fatalf("merged standings\n%s\nwant the single run's\n%s\nthe merge's log:\n%s", got, want, log)
	}

	// The second tournament: another seed, the same directory cleared.
	flags[3] = "12"
	if err := os.RemoveAll(results); err != nil {
		t.Fatal(err)
	}
	want = singleStandings(t, judge, dir, flags)
	if err := os.MkdirAll(results, 0o755); err != nil {
		t.Fatal(err)
	}
	// A file where shard 1's engine logs go: its judge cannot make the
	// directory, and stops before its first game, with status 1.
	bad := filepath.Join(results, "logs-1")
	if err := os.WriteFile(bad, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tasks, merge, log = submit(t, env, dir, append([]string{"0-2"}, flags...)...)
	failed := jobState{"FAILED", "1:0"}
	if len(tasks) != 3 || tasks[0] != completed || tasks[1] != failed || tasks[2] != completed || merge != failed {
		t.Fatalf("the tasks ended %v and the merge %v, want task 1 %v, the merge %v, the others %v", tasks, merge, failed, failed, completed)
	}
	// Shard 1 of 3 holds games 2 and 5 of the six.
	if !strings.Contains(log, "missing 2 games: 2, 5") || !strings.Contains(standings(), "INCOMPLETE: 2 games missing") {
		t.Errorf("with task 1 failed, the merge's log\n%s\nwant games 2 and 5 missing", log)
	}
	// And the failed task's log says why (the first tournament's task 1
	// left a log of its own).
	taskLogs, _ := filepath.Glob(filepath.Join(dir, "tournament-*_1.log"))
	why := false
	for _, l := range taskLogs {
		data, _ := os.ReadFile(l)
		why = why || strings.Contains(string(data), "logs-1: not a directory")
	}
	if !why {
		t.Errorf("no log of task 1 (%q) says why it failed", taskLogs)
	}
	if err := os.Remove(bad); err != nil {
		t.Fatal(err)
	}
	tasks, merge, log = submit(t, env, dir, append([]string{"again", "1"}, flags...)...)
	if len(tasks) != 1 || tasks[1] != completed || merge != completed {
		t.Fatalf("resubmitted, task 1 ended %v and the merge %v, want %v; the merge's log:\n%s", tasks, merge, completed, log)
	}
	if got := standings(); got != want {
		t.Fatalf("merged standings after the resubmission\n%s\nwant the single run's\n%s", got, want)
	}
}

// TestLocalClusterArguments: local-cluster.sh refuses a bad command line
// with status 2 before it touches anything, prints its usage for --help,
// and says that a cluster never started is not running (status 1). None of
// it needs Slurm.
func TestLocalClusterArguments(t *testing.T) {
	script := filepath.Join("..", "deploy", "slurm", "local-cluster.sh")
	dir := t.TempDir()
	cluster := filepath.Join(dir, "c")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "say start, stop or status"},
		{[]string{"start", "stop"}, 2, "one action at a time"},
		{[]string{"start", "--port", "x"}, 2, `--port "x"`},
		{[]string{"start", "--port", "65535"}, 2, `--port "65535"`},
		{[]string{"start", "--wait", "-1"}, 2, `--wait "-1"`},
		{[]string{"start", "--dir"}, 2, "--dir needs a value"},
		{[]string{"restart"}, 2, `unknown argument "restart"`},
		{[]string{"--help", "start"}, 0, "local-cluster.sh: a one-node Slurm cluster"},
		{[]string{"status", "--dir", cluster}, 1, "slurmctld: not running"},
	} {
		out, code := runScript(t, script, os.Environ(), dir, time.Minute, c.args...)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("%q: status %d, output\n%s\nwant %d and %q", c.args, code, out, c.code, c.want)
		}
		if c.code == 2 {
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Fatalf("%q was refused but left %d files behind", c.args, len(entries))
			}
		}
	}
}
