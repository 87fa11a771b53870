//go:build unix

package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// sbatchOptions are the long options of sbatch(1) that a #SBATCH line of
// ours may give: a misspelt one would make sbatch refuse the script.
var sbatchOptions = []string{"job-name", "cpus-per-task", "mem", "time", "output", "error", "array", "dependency",
	"partition", "account", "ntasks", "nodes", "requeue", "mail-type", "mail-user"}

// TestSlurmDirectives: every #SBATCH line of the Slurm scripts is
// --OPTION=VALUE with an option sbatch has, and bash reads each script.
func TestSlurmDirectives(t *testing.T) {
	line := regexp.MustCompile(`^#SBATCH --([a-z-]+)=(\S+)$`)
	for _, name := range []string{"tournament.sbatch", "merge.sbatch"} {
		path := filepath.Join("..", "deploy", "slurm", name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, l := range strings.Split(string(data), "\n") {
			if !strings.HasPrefix(l, "#SBATCH") {
				continue
			}
			n++
			m := line.FindStringSubmatch(l)
			if m == nil || !slices.Contains(sbatchOptions, m[1]) {
				t.Errorf("%s: %q is not --OPTION=VALUE with an option of sbatch", name, l)
			}
		}
		if n == 0 {
			t.Errorf("%s has no #SBATCH line", name)
		}
		if out, err := exec.Command("bash", "-n", path).CombinedOutput(); err != nil {
			t.Errorf("bash -n %s: %v\n%s", name, err, out)
		}
	}
}

// TestSlurmArrayJob runs the Slurm scripts as Slurm would, without Slurm:
// the three tasks of an array at once, each with the variables Slurm sets
// and the tournament's flags as sbatch passes them, then the merge: the
// standings of a single run, and status 0. The merge before the last task
// has run lists its games as missing, with status 1.
func TestSlurmArrayJob(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the programs and plays a tournament")
	}
	dir := t.TempDir()
	judge, search := buildJudgeAndSearch(t, dir)
	engine := search + " --plain --playouts 100 --arena 100000"
	flags := []string{"--rounds", "1", "--seed", "9", "--openings", "f5d6.txt", "--log-level", "warn",
		"--engine", "name=uct seed cmd=" + engine,
		"--engine", "name=ucb seed cmd=" + engine + " --algo ucb",
		"--engine", "name=pruning seed cmd=" + engine + " --pruning on"}
	if err := os.WriteFile(filepath.Join(dir, "f5d6.txt"), []byte("f5d6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := singleStandings(t, judge, dir, flags)

	env := append(os.Environ(), "JUDGE="+judge, "RESULTS_DIR=results")
	slurm := func(script string, extra []string, args ...string) (string, int) {
		return runScript(t, filepath.Join("..", "deploy", "slurm", script), append(slices.Clone(env), extra...), dir, 3*time.Minute, args...)
	}
	task := func(k int) (string, int) {
		return slurm("tournament.sbatch", []string{"SLURM_ARRAY_TASK_ID=" + strconv.Itoa(k), "SLURM_ARRAY_TASK_COUNT=3"}, flags...)
	}
	if log, code := task(2); code != 0 {
		t.Fatalf("task 2: status %d\n%s", code, log)
	}
	log, code := slurm("merge.sbatch", nil)
	if code != 1 || !strings.Contains(log, "missing 4 games: 1-2, 4-5") || !strings.Contains(log, "INCOMPLETE") {
		t.Errorf("merge after task 2 only: status %d, want 1 and games 1-2, 4-5 missing\n%s", code, log)
	}
	var wg sync.WaitGroup
	logs, codes := make([]string, 2), make([]int, 2)
	for k := range 2 {
		wg.Go(func() { logs[k], codes[k] = task(k) })
	}
	wg.Wait()
	for k := range 2 {
		if codes[k] != 0 {
			t.Fatalf("task %d: status %d\n%s", k, codes[k], logs[k])
		}
	}
	log, code = slurm("merge.sbatch", nil)
	standings, _ := os.ReadFile(filepath.Join(dir, "results", "standings.txt"))
	if code != 0 || string(standings) != want || !strings.Contains(log, want) {
		t.Errorf("merge: status %d, standings\n%s\nwant the single run's\n%s\nlog:\n%s", code, standings, want, log)
	}
	if log, code := slurm("tournament.sbatch", nil, flags...); code == 0 || !strings.Contains(log, "run this as a Slurm array job") {
		t.Errorf("outside an array job: status %d, output\n%s", code, log)
	}
}
