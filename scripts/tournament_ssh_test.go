//go:build linux

package scripts

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// needSSHD skips the test where an sshd cannot be run for it, except in
// CI, where .ci/run installs OpenSSH and runs as root, and where it is a
// failure.
func needSSHD(t *testing.T) {
	t.Helper()
	why := ""
	if os.Geteuid() != 0 {
		why = "the test's sshd runs as root, to log in as root"
	}
	for _, p := range []string{"/usr/sbin/sshd", "ssh", "ssh-keygen"} {
		if _, err := exec.LookPath(p); why == "" && err != nil {
			why = p + " is not installed (apt-get install openssh-server)"
		}
	}
	if why == "" {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s; CI is set, and .ci/run installs OpenSSH and runs as root", why)
	}
	t.Skip(why)
}

// lockedBuffer collects sshd's log, written by exec's copying goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// localSSHD starts an sshd of the test's own on a loopback port, with a
// host key and a user key made for it in dir, stopped when the test ends.
// It returns GNU parallel's sshlogin for it (an ssh command whose config
// file names the port, the key and the known host, so that nothing of
// ~/.ssh is read or written) and sshd's log.
func localSSHD(t *testing.T, dir string) (string, *lockedBuffer) {
	t.Helper()
	for _, k := range []string{"host", "user"} {
		if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", k, "-f", filepath.Join(dir, k)).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v\n%s", err, out)
		}
	}
	user, err := os.ReadFile(filepath.Join(dir, "user.pub"))
	if err != nil {
		t.Fatal(err)
	}
	host, err := os.ReadFile(filepath.Join(dir, "host.pub"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	files := map[string]string{
		"authorized_keys": string(user),
		"known_hosts":     fmt.Sprintf("[127.0.0.1]:%d %s", port, host),
		// StrictModes no: the test's temporary directory is not root's home.
		"sshd_config": fmt.Sprintf(`ListenAddress 127.0.0.1:%d
HostKey %s
AuthorizedKeysFile %s
PidFile none
StrictModes no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
LogLevel INFO
`, port, filepath.Join(dir, "host"), filepath.Join(dir, "authorized_keys")),
		"ssh_config": fmt.Sprintf(`Host cluster-test
	HostName 127.0.0.1
	Port %d
	User root
	IdentityFile %s
	IdentitiesOnly yes
	UserKnownHostsFile %s
	GlobalKnownHostsFile /dev/null
	StrictHostKeyChecking yes
	BatchMode yes
	ConnectTimeout 10
`, port, filepath.Join(dir, "user"), filepath.Join(dir, "known_hosts")),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// sshd wants its privilege separation directory, which Debian's service
	// makes when it starts (and this sshd is not that service).
	if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	sshd := exec.CommandContext(ctx, "/usr/sbin/sshd", "-D", "-e", "-f", filepath.Join(dir, "sshd_config"))
	log := &lockedBuffer{}
	sshd.Stdout, sshd.Stderr = log, log
	sshd.WaitDelay = 5 * time.Second
	if err := sshd.Start(); err != nil {
		t.Fatalf("sshd: %v", err)
	}
	done := make(chan struct{})
	go func() { sshd.Wait(); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	// Bounded: sshd listens within milliseconds, or it has failed.
	for i := 0; ; i++ {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(port), time.Second)
		if err == nil {
			c.Close()
			break
		}
		select {
		case <-done:
			t.Fatalf("sshd ended at once:\n%s", log)
		case <-time.After(100 * time.Millisecond):
		}
		if i == 100 {
			t.Fatalf("sshd is not listening on port %d after 10 s:\n%s", port, log)
		}
	}
	login := "ssh -F " + filepath.Join(dir, "ssh_config") + " cluster-test"
	if out, err := exec.Command("sh", "-c", login+" echo logged in").CombinedOutput(); err != nil || string(out) != "logged in\n" {
		t.Fatalf("%s: %v\n%s\nsshd's log:\n%s", login, err, out, log)
	}
	return login, log
}

// TestTournamentParallelSSH plays a tiny tournament through the script's
// remote path: GNU parallel reaches this machine over ssh, through an sshd
// of the test's own, with the paths given relative to the directory the
// script is run from, as a teacher would in a lab whose machines share it,
// and the engines sandboxed (--sandbox on) on the remote side.
// The merged standings are a single run's, byte for byte, every shard ran
// through ssh, and a second run resumes and plays nothing.
func TestTournamentParallelSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an sshd, builds the programs and plays a tournament")
	}
	needParallel(t)
	needSSHD(t)
	// Spaces in the directory's path and in the results directory's name
	// must reach the remote shell as they are.
	dir := filepath.Join(t.TempDir(), "class tournament")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	login, sshdLog := localSSHD(t, t.TempDir())
	judge, _ := buildJudgeAndSearch(t, filepath.Join(dir, "bin"))
	openToSandbox(t, filepath.Join(dir, "bin"))
	if err := os.WriteFile(filepath.Join(dir, "openings.txt"), []byte("f5d6c3d3c4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	engine := "bin/search --plain --playouts 50 --arena 100000"
	flags := []string{"--rounds", "1", "--seed", "7", "--openings", "openings.txt", "--log-level", "warn", "--sandbox", "on",
		"--engine", "name=uct seed cmd=" + engine,
		"--engine", "name=ucb seed cmd=" + engine + " --algo ucb",
		"--engine", "name=pruning seed cmd=" + engine + " --pruning on --name 'pruning'"}
	want := singleStandings(t, judge, dir, flags)

	if err := os.WriteFile(filepath.Join(dir, "lab.txt"), []byte("3/"+login+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--shards", "3", "--sshloginfile", "lab.txt", "--judge", "bin/judge", "--dir", "week 1", "--"}, flags...)
	for run := 1; run <= 2; run++ {
		log, code := runScript(t, "tournament_parallel.sh", os.Environ(), dir, 2*time.Minute, args...)
		standings, _ := os.ReadFile(filepath.Join(dir, "week 1", "standings.txt"))
		if code != 0 || string(standings) != want || gameLines(t, filepath.Join(dir, "week 1", "results.jsonl")) != 6 {
			t.Fatalf("run %d: status %d, standings\n%s\nwant the single run's\n%s\noutput:\n%s\nsshd's log:\n%s", run, code, standings, want, log, sshdLog)
		}
		if played := strings.Count(log, ", round 1/1: "); run == 2 && played != 0 {
			t.Errorf("the second run played %d games, want none (every shard resumes finished)\n%s", played, log)
		}
		// GNU parallel's job log names the sshlogin each shard ran on.
		joblog, _ := os.ReadFile(filepath.Join(dir, "week 1", "joblog.txt"))
		if n := strings.Count(string(joblog), "\t"+login+"\t"); n != 3 {
			t.Errorf("run %d: %d shards ran through %q, want 3; job log:\n%s", run, n, login, joblog)
		}
	}
	if n := strings.Count(sshdLog.String(), "Accepted publickey for root"); n < 6 {
		t.Errorf("sshd accepted %d logins, want one a shard a run at least:\n%s", n, sshdLog)
	}
}
