//go:build linux && amd64

package k8s

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// No cluster runs here, so the test below plays the shards' pod's part
// itself: the test binary, started again with podEnv set, becomes the
// pod's user, takes no_new_privs and the namespace rules of the runtime's
// default seccomp profile (RuntimeDefault), and runs the container's
// command in its place.

// podEnv, in its environment, makes the test binary the pod's init.
const podEnv = "K8S_TEST_POD"

// podUID is the manifest's runAsUser, the image's user.
const podUID = 10001

func init() {
	if v := os.Getenv(podEnv); v != "" {
		os.Exit(runAsPod(v == "filtered"))
	}
}

// The system call numbers and constants the filter needs (x86-64).
const (
	sysClone   = 56
	sysMount   = 165
	sysUnshare = 272
	sysSetns   = 308
	sysSeccomp = 317
	sysClone3  = 435

	auditArchX86_64 = 0xC000003E

	// newNamespaceFlags are clone's CLONE_NEW* flags (NEWNS, NEWCGROUP,
	// NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET): the mask by which the
	// default profile refuses clone to a process without CAP_SYS_ADMIN.
	newNamespaceFlags = 0x7E020000

	bpfLdWAbs  = 0x20 // BPF_LD | BPF_W | BPF_ABS
	bpfJeqK    = 0x15 // BPF_JMP | BPF_JEQ | BPF_K
	bpfJsetK   = 0x45 // BPF_JMP | BPF_JSET | BPF_K
	bpfRetK    = 0x06 // BPF_RET | BPF_K
	retAllow   = 0x7fff0000
	retErrno   = 0x00050000
	offsetNr   = 0  // seccomp_data.nr
	offsetArch = 4  // seccomp_data.arch
	offsetArg0 = 16 // seccomp_data.args[0], its low half on little-endian

	prSetNoNewPrivs      = 38
	seccompSetModeFilter = 1
	seccompFilterTsync   = 1
)

type sockFilter struct {
	code   uint16
	jt, jf uint8
	k      uint32
}

type sockFprog struct {
	len    uint16
	filter *sockFilter
}

// runtimeDefaultNamespaces is the part of the runtime's default seccomp
// profile (Docker's and containerd's, which Kubernetes' RuntimeDefault
// is) that decides whether a process without CAP_SYS_ADMIN may make
// namespaces: clone with a CLONE_NEW* flag, unshare, setns and mount fail
// with EPERM, and clone3 with ENOSYS (its flags are in memory, where a
// filter cannot look: callers fall back to clone). Everything else the
// profile allows or refuses is left alone: the judge and its engines use
// none of what it refuses.
var runtimeDefaultNamespaces = []sockFilter{
	/* 0 */ {bpfLdWAbs, 0, 0, offsetArch},
	/* 1 */ {bpfJeqK, 1, 0, auditArchX86_64},
	/* 2 */ {bpfRetK, 0, 0, retErrno | uint32(syscall.ENOSYS)},
	/* 3 */ {bpfLdWAbs, 0, 0, offsetNr},
	/* 4 */ {bpfJeqK, 9, 0, sysClone3}, // to 14
	/* 5 */ {bpfJeqK, 4, 0, sysClone}, // to 10
	/* 6 */ {bpfJeqK, 5, 0, sysUnshare}, // to 12
	/* 7 */ {bpfJeqK, 4, 0, sysSetns}, // to 12
	/* 8 */ {bpfJeqK, 3, 0, sysMount}, // to 12
	/* 9 */ {bpfRetK, 0, 0, retAllow},
	/* 10 */ {bpfLdWAbs, 0, 0, offsetArg0},
	/* 11 */ {bpfJsetK, 0, 1, newNamespaceFlags}, // to 12, else 13
	/* 12 */ {bpfRetK, 0, 0, retErrno | uint32(syscall.EPERM)},
	/* 13 */ {bpfRetK, 0, 0, retAllow},
	/* 14 */ {bpfRetK, 0, 0, retErrno | uint32(syscall.ENOSYS)},
}

// runAsPod becomes the pod's user (when run as root: a root test's
// children would otherwise be root, which the pod's never are), with no
// capabilities left and no_new_privs, under the filter if filtered, and
// executes os.Args[1:]. It returns only on failure.
func runAsPod(filtered bool) int {
	runtime.LockOSThread()
	fail := func(what string, err error) int {
		fmt.Fprintf(os.Stderr, "pod: %s: %v\n", what, err)
		return 127
	}
	if os.Geteuid() == 0 {
		// Setuid from root to another user clears every capability.
		if err := syscall.Setgroups(nil); err != nil {
			return fail("setgroups", err)
		}
		if err := syscall.Setgid(podUID); err != nil {
			return fail("setgid", err)
		}
		if err := syscall.Setuid(podUID); err != nil {
			return fail("setuid", err)
		}
	}
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0, 0, 0, 0); e != 0 {
		return fail("no_new_privs", e)
	}
	if filtered {
		prog := sockFprog{len: uint16(len(runtimeDefaultNamespaces)), filter: &runtimeDefaultNamespaces[0]}
		if _, _, e := syscall.RawSyscall(sysSeccomp, seccompSetModeFilter, seccompFilterTsync, uintptr(unsafe.Pointer(&prog))); e != 0 {
			return fail("seccomp", e)
		}
	}
	prog, err := exec.LookPath(os.Args[1])
	if err != nil {
		return fail("the container's command", err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, podEnv+"=") {
			env = append(env, kv)
		}
	}
	return fail("exec", syscall.Exec(prog, os.Args[1:], env))
}

// TestShardPodSandbox runs one shard's container as its pod would, under
// the namespace rules of the default seccomp profile the manifest keeps
// (RuntimeDefault), as the pod's user with no capabilities: the judge
// (--sandbox auto, the default, which the manifest's args keep) warns that
// the engines are NOT sandboxed, resource sandbox, saying why, and plays
// its games; with --sandbox on it refuses to start. The same pod without
// the filter sandboxes them: the filter, not the user, is what keeps the
// sandbox out, as docs/tournament.md and the manifest's comment say.
func TestShardPodSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the programs and plays a game")
	}
	o := readManifest(t)
	for _, a := range o.shards.Spec.Template.Spec.Containers[0].Args {
		if strings.HasPrefix(a, "--sandbox") {
			t.Fatalf("the manifest's args hold %q: the docs say the pods run the default, auto", a)
		}
	}
	// Directories the pod's user can use: t.TempDir's parents are root's
	// alone when the test runs as root.
	dir, err := os.MkdirTemp("", "k8s-pod-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	bin := filepath.Join(dir, "bin")
	buildPrograms(t, bin)
	if err := os.WriteFile(filepath.Join(bin, "openings.txt"), []byte("f5d6c3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{dir, bin} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	engine := "search --plain --playouts 20 --arena 100000"
	flags := []string{"--seed=3", "--rounds=1", "--openings=" + filepath.Join(bin, "openings.txt"),
		"--engine=name=uct seed cmd=" + engine, "--engine=name=ucb seed cmd=" + engine + " --algo ucb"}
	// shard runs index 0 of the shards' Job (game 1 of the 2) in a results
	// directory of its own, owned by the pod's user as fsGroup makes it.
	shard := func(name string, filtered bool, extra ...string) (string, bool, error) {
		results := filepath.Join(dir, name)
		if err := os.Mkdir(results, 0o775); err != nil {
			t.Fatal(err)
		}
		if os.Geteuid() == 0 {
			if err := os.Chown(results, podUID, podUID); err != nil {
				t.Fatal(err)
			}
		}
		cmd := containerCommand(&o.shards.Spec.Template.Spec.Containers[0], append(flags, extra...), results, bin, "JOB_COMPLETION_INDEX=0")
		mode := "unfiltered"
		if filtered {
			mode = "filtered"
		}
		cmd.Args = append([]string{self}, cmd.Args...)
		cmd.Path = self
		cmd.Env = append(cmd.Env, podEnv+"="+mode, "HOME="+results)
		out, err := cmd.CombinedOutput()
		_, statErr := os.Stat(filepath.Join(results, "shard-0.done"))
		return string(out), statErr == nil, err
	}

	log, done, err := shard("auto", true)
	for _, want := range []string{`engine limit NOT enforced`, `{"resource": "sandbox", "limit": "auto", "why": "engines run unsandboxed, as the judge's own processes: `,
		`operation not permitted`, `--sandbox on makes this an error`} {
		if !strings.Contains(log, want) {
			t.Errorf("under the default seccomp profile, the judge's log lacks %q:\n%s", want, log)
		}
	}
	if err != nil || !done || !strings.Contains(log, "final standings (1 of 1 games)") {
		t.Errorf("under the default seccomp profile, --sandbox auto: %v, marker %v, want the shard played:\n%s", err, done, log)
	}

	log, done, err = shard("on", true, "--sandbox=on")
	if err == nil || done || !strings.Contains(log, "--sandbox on: engines cannot be sandboxed here") {
		t.Errorf("under the default seccomp profile, --sandbox on: %v, marker %v, want a refusal at the start:\n%s", err, done, log)
	}

	log, done, err = shard("unfiltered", false, "--sandbox=on", "--log-level=info")
	if err != nil || !done || !strings.Contains(log, `engine limit enforced	{"resource": "sandbox", "limit": "on"`) {
		t.Errorf("without the filter, as the pod's user, --sandbox on: %v, marker %v, want the engines sandboxed:\n%s", err, done, log)
	}
}
