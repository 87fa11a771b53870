package engineproc

import (
	"fmt"
	"syscall"
	"unsafe"
)

// The system calls a sandboxed engine is refused (EPERM), on amd64: the
// kernel's keyrings (they outlive a game and are shared by a user id, a
// channel between engines and a way to the judge's session keys), new
// namespaces (a user namespace would give the engine every capability
// inside it: the usual door to kernel exploits), mounts, and the
// interfaces no engine needs that widen the kernel's attack surface most.
var seccompDenied = []uint32{
	248, // add_key
	249, // request_key
	250, // keyctl
	272, // unshare
	308, // setns
	165, // mount
	166, // umount2
	155, // pivot_root
	321, // bpf
	323, // userfaultfd
	425, // io_uring_setup
	426, // io_uring_enter
	427, // io_uring_register
	298, // perf_event_open
	246, // kexec_load
	320, // kexec_file_load
	175, // init_module
	313, // finit_module
	176, // delete_module
	303, // name_to_handle_at
	304, // open_by_handle_at
	428, // open_tree
	429, // move_mount
	430, // fsopen
	431, // fsconfig
	432, // fsmount
	433, // fspick
	442, // mount_setattr
}

// Numbers of the system calls the filter looks into.
const (
	sysClone  = 56
	sysClone3 = 435
)

// cloneNewMask is every CLONE_NEW* flag: a clone with one of them makes a
// namespace, as unshare would.
const cloneNewMask = syscall.CLONE_NEWNS | syscall.CLONE_NEWUTS | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUSER |
	syscall.CLONE_NEWPID | syscall.CLONE_NEWNET | 0x02000000 /* CLONE_NEWCGROUP */ | 0x00000080 /* CLONE_NEWTIME */

// The classic BPF of seccomp (linux/filter.h, linux/seccomp.h).
const (
	bpfLdWAbs         = 0x20 // BPF_LD | BPF_W | BPF_ABS
	bpfJeqK           = 0x15 // BPF_JMP | BPF_JEQ | BPF_K
	bpfJgeK           = 0x35 // BPF_JMP | BPF_JGE | BPF_K
	bpfJsetK          = 0x45 // BPF_JMP | BPF_JSET | BPF_K
	bpfRetK           = 0x06 // BPF_RET | BPF_K
	auditArch         = 0xC000003E
	x32Bit            = 0x40000000
	retAllow          = 0x7fff0000
	retErrno          = 0x00050000
	retKill           = 0x80000000 // SECCOMP_RET_KILL_PROCESS
	offsetNr          = 0          // seccomp_data.nr
	offsetArch        = 4          // seccomp_data.arch
	offsetArg0        = 16         // seccomp_data.args[0], its low half on little-endian
	prSetSeccomp      = 22
	seccompModeFilter = 2
)

type sockFilter struct {
	code uint16
	jt   uint8
	jf   uint8
	k    uint32
}

type sockFprog struct {
	len    uint16
	filter *sockFilter
}

// seccompProgram builds the filter: the architecture checked (another
// one, or the x32 calls, would name other calls by the same numbers),
// the denied calls refused, clone refused with a namespace flag, clone3
// answered ENOSYS (its flags are behind a pointer the filter cannot
// read; C libraries then fall back to clone), everything else allowed.
func seccompProgram() []sockFilter {
	ret := func(k uint32) sockFilter { return sockFilter{code: bpfRetK, k: k} }
	p := []sockFilter{
		{code: bpfLdWAbs, k: offsetArch},
		{code: bpfJeqK, jt: 1, k: auditArch},
		ret(retKill),
		{code: bpfLdWAbs, k: offsetNr},
		{code: bpfJgeK, jf: 1, k: x32Bit},
		ret(retErrno | uint32(syscall.EPERM)),
	}
	for _, nr := range seccompDenied {
		p = append(p, sockFilter{code: bpfJeqK, jf: 1, k: nr}, ret(retErrno|uint32(syscall.EPERM)))
	}
	p = append(p,
		sockFilter{code: bpfJeqK, jf: 1, k: sysClone3},
		ret(retErrno|uint32(syscall.ENOSYS)),
		sockFilter{code: bpfJeqK, jf: 3, k: sysClone},
		sockFilter{code: bpfLdWAbs, k: offsetArg0},
		sockFilter{code: bpfJsetK, jf: 1, k: cloneNewMask},
		ret(retErrno|uint32(syscall.EPERM)),
		ret(retAllow),
	)
	return p
}

// installSeccomp installs the filter on the calling thread, which the
// processes it starts inherit; no_new_privs must be set.
func installSeccomp() error {
	p := seccompProgram()
	prog := sockFprog{len: uint16(len(p)), filter: &p[0]}
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetSeccomp, seccompModeFilter, uintptr(unsafe.Pointer(&prog))); e != 0 {
		return fmt.Errorf("seccomp: %w", e)
	}
	return nil
}

// seccompText says what the filter refuses, for the log.
const seccompText = "a seccomp filter refusing keyrings, new namespaces, mounts, bpf, io_uring, userfaultfd and perf events"
