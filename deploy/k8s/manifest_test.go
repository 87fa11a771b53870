// Package k8s holds the test of the Kubernetes manifest beside it. It is a
// module of its own so that the Kubernetes API types it checks the manifest
// against are no dependency of the project's programs; .ci/run runs it.
package k8s

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

const manifest = "tournament-job.yaml"

// objects are the manifest's documents, decoded.
type objects struct {
	claim          corev1.PersistentVolumeClaim
	shards, merged batchv1.Job
}

// readManifest decodes every document of the manifest strictly into the
// Kubernetes API's own types: a field that the API does not have (a typo,
// a field at the wrong level) or a value of the wrong type is an error, as
// the API server would refuse it.
func readManifest(t *testing.T) objects {
	t.Helper()
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	var o objects
	docs := bytes.Split(data, []byte("\n---\n"))
	if len(docs) != 3 {
		t.Fatalf("%d documents, want 3: the claim, the shards' Job, the merge's Job", len(docs))
	}
	for i, into := range []any{&o.claim, &o.shards, &o.merged} {
		if err := yaml.UnmarshalStrict(docs[i], into); err != nil {
			t.Fatalf("document %d: %v", i+1, err)
		}
	}
	for _, c := range []struct{ api, kind, wantAPI, wantKind string }{
		{o.claim.APIVersion, o.claim.Kind, "v1", "PersistentVolumeClaim"},
		{o.shards.APIVersion, o.shards.Kind, "batch/v1", "Job"},
		{o.merged.APIVersion, o.merged.Kind, "batch/v1", "Job"},
	} {
		if c.api != c.wantAPI || c.kind != c.wantKind {
			t.Errorf("%s %s, want %s %s", c.api, c.kind, c.wantAPI, c.wantKind)
		}
	}
	return o
}

// shardsEnv returns the SHARDS variable of a Job's container.
func shardsEnv(t *testing.T, j *batchv1.Job) int {
	t.Helper()
	for _, e := range j.Spec.Template.Spec.Containers[0].Env {
		if e.Name == "SHARDS" {
			n, err := strconv.Atoi(e.Value)
			if err != nil {
				t.Fatalf("%s: SHARDS %q", j.Name, e.Value)
			}
			return n
		}
	}
	t.Fatalf("%s: no SHARDS", j.Name)
	return 0
}

// TestManifest checks what the API server cannot: that the parts agree.
// The shards' Job is Indexed, its completions the number of shards both
// Jobs are told, each pod resumable (restarted, never the same container
// in place), both Jobs on the claim, mounted where the commands write,
// with the project's image, whose user may write the volume.
func TestManifest(t *testing.T) {
	o := readManifest(t)
	s, m := &o.shards, &o.merged
	if s.Spec.CompletionMode == nil || *s.Spec.CompletionMode != batchv1.IndexedCompletion {
		t.Errorf("shards: completion mode %v, want Indexed", s.Spec.CompletionMode)
	}
	n := shardsEnv(t, s)
	if s.Spec.Completions == nil || int(*s.Spec.Completions) != n || shardsEnv(t, m) != n {
		t.Errorf("shards: completions %v, SHARDS %d and the merge's %d must agree", s.Spec.Completions, n, shardsEnv(t, m))
	}
	// An evicted pod's replacement must not run beside it: both would
	// write the shard's results file.
	if s.Spec.PodReplacementPolicy == nil || *s.Spec.PodReplacementPolicy != batchv1.Failed {
		t.Errorf("shards: pod replacement policy %v, want Failed (one pod an index at a time)", s.Spec.PodReplacementPolicy)
	}
	if s.Spec.Parallelism == nil || *s.Spec.Parallelism < 1 || int(*s.Spec.Parallelism) > n {
		t.Errorf("shards: parallelism %v, want 1 to %d", s.Spec.Parallelism, n)
	}
	if len(o.claim.Spec.AccessModes) != 1 || o.claim.Spec.AccessModes[0] != corev1.ReadWriteMany {
		t.Errorf("claim: access %v, want ReadWriteMany (pods on any node)", o.claim.Spec.AccessModes)
	}
	for _, j := range []*batchv1.Job{s, m} {
		p := &j.Spec.Template.Spec
		c := &p.Containers[0]
		if p.RestartPolicy != corev1.RestartPolicyNever || len(p.Containers) != 1 || len(p.Volumes) != 1 ||
			p.Volumes[0].PersistentVolumeClaim == nil || p.Volumes[0].PersistentVolumeClaim.ClaimName != o.claim.Name ||
			len(c.VolumeMounts) != 1 || c.VolumeMounts[0].Name != p.Volumes[0].Name || c.VolumeMounts[0].MountPath != "/results" {
			t.Errorf("%s: want one container, restart Never, the claim %s mounted at /results", j.Name, o.claim.Name)
		}
		if !strings.HasPrefix(c.Image, "tcgothello:") || p.SecurityContext == nil || p.SecurityContext.FSGroup == nil || *p.SecurityContext.FSGroup != 10001 {
			t.Errorf("%s: image %s, want the project's (tcgothello), and fsGroup 10001 (its user)", j.Name, c.Image)
		}
		// The pod stands for the judge's sandbox (docs/tournament.md): the
		// image's user and never root, no capability, none to be gained, the
		// runtime's default system call filter.
		ps, cs := p.SecurityContext, c.SecurityContext
		if ps == nil || ps.RunAsNonRoot == nil || !*ps.RunAsNonRoot || ps.RunAsUser == nil || *ps.RunAsUser != 10001 ||
			ps.SeccompProfile == nil || ps.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("%s: the pod's security context %+v, want non-root uid 10001 and seccomp RuntimeDefault", j.Name, ps)
		}
		if cs == nil || cs.AllowPrivilegeEscalation == nil || *cs.AllowPrivilegeEscalation || (cs.Privileged != nil && *cs.Privileged) ||
			cs.Capabilities == nil || !slices.Equal(cs.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(cs.Capabilities.Add) != 0 {
			t.Errorf("%s: the container's security context %+v, want no privilege escalation and every capability dropped", j.Name, cs)
		}
	}
	cmd := strings.Join(s.Spec.Template.Spec.Containers[0].Command, " ")
	if !strings.Contains(cmd, `--shard "$JOB_COMPLETION_INDEX/$SHARDS"`) {
		t.Errorf("shards: command %q does not play shard $JOB_COMPLETION_INDEX/$SHARDS", cmd)
	}
	for _, a := range s.Spec.Template.Spec.Containers[0].Args {
		if strings.HasPrefix(a, "--shard") || strings.HasPrefix(a, "--results") {
			t.Errorf("shards: args hold %q, which the command sets", a)
		}
	}
	if !slices.ContainsFunc(s.Spec.Template.Spec.Containers[0].Args, func(a string) bool { return strings.HasPrefix(a, "--seed") }) {
		t.Error("shards: no --seed in args: every shard must play the same schedule")
	}
}

// buildPrograms builds judge and search into dir, as the image holds them.
func buildPrograms(t *testing.T, dir string) {
	t.Helper()
	for _, p := range []string{"judge", "search"} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, p), "./cmd/"+p)
		cmd.Dir = filepath.Join("..", "..")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build ./cmd/%s: %v\n%s", p, err, out)
		}
	}
}

// runContainer runs a container's command as the pod would, with sh, its
// env and extra variables, and /results in the commands replaced by dir.
func runContainer(t *testing.T, c *corev1.Container, args []string, dir, bin string, extra ...string) (string, error) {
	t.Helper()
	out, err := containerCommand(c, args, dir, bin, extra...).CombinedOutput()
	return string(out), err
}

// containerCommand is runContainer's command, not started.
func containerCommand(c *corev1.Container, args []string, dir, bin string, extra ...string) *exec.Cmd {
	argv := slices.Clone(c.Command)
	for i := range argv {
		argv[i] = strings.ReplaceAll(argv[i], "/results/", dir+"/")
	}
	cmd := exec.Command(argv[0], append(argv[1:], args...)...)
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, e := range c.Env {
		cmd.Env = append(cmd.Env, e.Name+"="+e.Value)
	}
	cmd.Env = append(cmd.Env, extra...)
	cmd.Dir = dir
	return cmd
}

// TestManifestRuns runs the pods' commands on this machine: every index of
// the shards' Job at once on a tiny tournament of fixed-playout engines
// (the manifest's engines, smaller), then the merge's, which must find
// every shard done and print the standings of a single run.
func TestManifestRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the programs and plays a tournament")
	}
	o := readManifest(t)
	bin, results := t.TempDir(), t.TempDir()
	buildPrograms(t, bin)
	engine := "search --plain --playouts 100 --arena 100000"
	flags := []string{"--seed=3", "--rounds=1", "--openings=" + filepath.Join(bin, "openings.txt"), "--log-level=warn",
		"--engine=name=uct seed cmd=" + engine, "--engine=name=ucb seed cmd=" + engine + " --algo ucb",
		"--engine=name=uct+pruning seed cmd=" + engine + " --pruning on"}
	if err := os.WriteFile(filepath.Join(bin, "openings.txt"), []byte("f5d6c3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	single := exec.Command(filepath.Join(bin, "judge"), append([]string{"tournament"}, flags...)...)
	single.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := single.Output()
	if err != nil {
		t.Fatalf("single run: %v", err)
	}
	want := string(out[strings.Index(string(out), "final standings"):])

	n := shardsEnv(t, &o.shards)
	var wg sync.WaitGroup
	logs, errs := make([]string, n), make([]error, n)
	for k := range n {
		wg.Go(func() {
			logs[k], errs[k] = runContainer(t, &o.shards.Spec.Template.Spec.Containers[0], flags, results, bin, "JOB_COMPLETION_INDEX="+strconv.Itoa(k))
		})
	}
	wg.Wait()
	for k := range n {
		if errs[k] != nil {
			t.Fatalf("index %d: %v\n%s", k, errs[k], logs[k])
		}
		if _, err := os.Stat(filepath.Join(results, "shard-"+strconv.Itoa(k)+".done")); err != nil {
			t.Errorf("index %d left no marker: %v", k, err)
		}
	}
	done := make(chan struct{})
	var log string
	go func() {
		log, err = runContainer(t, &o.merged.Spec.Template.Spec.Containers[0], nil, results, bin)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the merge still waits with every shard done")
	}
	standings, _ := os.ReadFile(filepath.Join(results, "standings.txt"))
	if err != nil || string(standings) != want || !strings.Contains(log, want) {
		t.Errorf("merge: %v, standings\n%s\nwant the single run's\n%s\nlog:\n%s", err, standings, want, log)
	}
}
