#!/usr/bin/env bash
# local-cluster.sh: a one-node Slurm cluster on this machine, to try the
# tournament's Slurm scripts (tournament.sbatch, merge.sbatch) before a real
# cluster, and for the project's tests. It runs munged, slurmctld and slurmd
# (as root: slurmd starts each job as the user who submitted it) with a
# slurm.conf written for this host, and keeps everything (configuration,
# munge key and socket, state, logs, pid files) in one directory of its own:
# nothing under /etc, /run or /var is touched, and another cluster on the
# same machine (other ports, other directory) does not see this one.
#
# Usage: deploy/slurm/local-cluster.sh start|stop|status [OPTIONS]
#   -h, --help          print this text
#   -d, --dir DIR       the cluster's directory (default: $LOCAL_SLURM_DIR,
#                       else /tmp/local-slurm)
#       --port P        slurmctld's port on 127.0.0.1; slurmd takes P+1
#                       (default: $LOCAL_SLURM_PORT, else 6817)
#       --wait SECONDS  how long start waits for the node to be idle
#                       (default 60)
#
# start writes DIR/slurm.conf, starts the daemons and returns once the node
# takes jobs; then, in the shell that submits:
#
#   export SLURM_CONF=DIR/slurm.conf
#   sinfo; sbatch ...; squeue; scontrol show job JOBID
#
# stop cancels the cluster's jobs and stops the daemons by the pids they
# wrote in DIR; status says which run and prints sinfo. The node is this
# machine's cores and memory (slurmd -C); processes are tracked by their
# parents (proctrack/linuxproc), with no cgroup and no CPU binding
# (task/none), so that it runs in containers too. There is no accounting
# database (slurmdbd): sacct has nothing to show, and scontrol show job
# tells how each job and array task ended for 5 minutes after (MinJobAge);
# DIR/jobs.log keeps a line for every job that ended (jobcomp/filetxt).
# Needs Debian's slurm-wlm and munge (apt-get install slurm-wlm munge; the
# packages' own services are not used).
#
# Exit status: 0 on success, 1 when a daemon fails to start or stop (its
# log is printed), 2 on a bad command line.
set -euo pipefail

usage() {
	echo "local-cluster.sh: $1" >&2
	echo "usage: deploy/slurm/local-cluster.sh start|stop|status [-d DIR] [--port P] [--wait SECONDS]" >&2
	exit 2
}

die() {
	echo "local-cluster.sh: $1" >&2
	exit 1
}

action=""
dir=${LOCAL_SLURM_DIR:-/tmp/local-slurm}
port=${LOCAL_SLURM_PORT:-6817}
wait=60
while [ $# -gt 0 ]; do
	case $1 in
	start | stop | status) [ -z "$action" ] || usage "one action at a time"; action=$1; shift ;;
	-d | --dir) [ $# -ge 2 ] || usage "$1 needs a value"; dir=$2; shift 2 ;;
	--port) [ $# -ge 2 ] || usage "$1 needs a value"; port=$2; shift 2 ;;
	--wait) [ $# -ge 2 ] || usage "$1 needs a value"; wait=$2; shift 2 ;;
	-h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; # the comment above
	*) usage "unknown argument \"$1\"" ;;
	esac
done
[ -n "$action" ] || usage "say start, stop or status"
[[ $port =~ ^[0-9]+$ ]] && ((10#$port >= 1 && 10#$port < 65535)) || usage "--port \"$port\": want a port, 1 to 65534"
port=$((10#$port))
[[ $wait =~ ^[0-9]+$ ]] || usage "--wait \"$wait\": want a whole number of seconds"
[ -n "$dir" ] || usage "--dir is empty"
mkdir -p "$dir" 2>/dev/null || die "cannot make the directory $dir"
dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf
export SLURM_CONF=$conf

# The daemons, in the order they start (each needs the one before) and
# stop in reverse.
daemons=(munged slurmctld slurmd)

pidfile() { echo "$dir/run/$1.pid"; }

# running NAME: the daemon's pid when its pid file names a live process.
running() {
	local f pid
	f=$(pidfile "$1")
	[ -s "$f" ] || return 1
	pid=$(<"$f")
	[[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
	echo "$pid"
}

# showlog NAME: the end of a daemon's log, for a failure's message.
showlog() {
	echo "--- the end of $dir/log/$1.log:" >&2
	tail -n 20 "$dir/log/$1.log" >&2 2>/dev/null || echo "(no log)" >&2
}

# waitfor SECONDS COMMAND...: true once COMMAND succeeds, polled every
# tenth of a second, false when SECONDS have passed.
waitfor() {
	local i tries=$(($1 * 10))
	shift
	for ((i = 0; i <= tries; i++)); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	return 1
}

nodeidle() {
	local state
	state=$(sinfo -h -N -o %t 2>/dev/null) || return 1
	[ "$state" = idle ]
}

writeconf() {
	local node host
	host=$(hostname -s)
	# slurmd -C prints this machine's line of a slurm.conf: its name,
	# CPUs, sockets, cores, threads and memory.
	node=$(slurmd -C | head -n 1)
	[[ $node == NodeName=* ]] || die "slurmd -C printed \"$node\", not a node's line"
	cat >"$conf" <<EOF
# Written by deploy/slurm/local-cluster.sh: a one-node cluster on $host.
ClusterName=local
SlurmctldHost=$host(127.0.0.1)
# Every daemon listens on 127.0.0.1 only, on ports of its own.
CommunicationParameters=NoInAddrAny
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket.2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$(pidfile slurmctld)
SlurmdPidFile=$(pidfile slurmd)
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups: processes are tracked by their parents, and not bound to
# CPUs, so that the cluster runs where cgroups cannot be had (containers).
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobs.log
# Cores are shared out between jobs; memory is not counted.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# The scheduler's main loop every second, not every minute: a job waits
# for the one before it by a second at most (a test's tiny jobs, a
# dependent merge).
SchedulerParameters=sched_interval=1
MpiDefault=none
MailProg=/bin/true
# A node that was down takes jobs again when its slurmd comes back.
ReturnToService=2
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
	[ "$(id -u)" -eq 0 ] || die "start needs root (slurmd runs each job as the user who submitted it)"
	local d
	for d in munged slurmctld slurmd sinfo; do
		command -v "$d" >/dev/null 2>&1 || die "$d is not installed (Debian: apt-get install slurm-wlm munge)"
	done
	for d in "${daemons[@]}"; do
		if running "$d" >/dev/null; then
			die "$d of $dir runs already (pid $(running "$d")): stop it first"
		fi
	done
	mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log" "$dir/run"
	chmod 0755 "$dir"
	chmod 0700 "$dir/state" "$dir/spool" "$dir/run"
	# Users other than root reach munged's socket to submit, through its
	# directory, which only root may write to (munged checks it).
	chmod 0711 "$dir/munge"
	if [ ! -s "$dir/munge/munge.key" ]; then
		(umask 077 && head -c 1024 /dev/urandom >"$dir/munge/munge.key")
	fi
	# --force: munged also refuses a socket whose parent directories others
	# cannot pass through (a test's temporary directory, 0700); then only
	# root can submit, and munged's log says so.
	munged --force --socket="$dir/munge/munge.socket.2" --key-file="$dir/munge/munge.key" \
		--pid-file="$(pidfile munged)" --log-file="$dir/log/munged.log" \
		--seed-file="$dir/munge/munged.seed" || { showlog munged; die "munged did not start"; }
	waitfor 10 running munged || { showlog munged; die "munged wrote no pid"; }

	writeconf
	slurmctld -f "$conf" || { showlog slurmctld; stop_daemons; die "slurmctld did not start"; }
	waitfor 10 running slurmctld || { showlog slurmctld; stop_daemons; die "slurmctld wrote no pid"; }
	slurmd -f "$conf" || { showlog slurmd; stop_daemons; die "slurmd did not start"; }
	waitfor 10 running slurmd || { showlog slurmd; stop_daemons; die "slurmd wrote no pid"; }
	if ! waitfor "$wait" nodeidle; then
		sinfo -N >&2 || true
		showlog slurmctld
		showlog slurmd
		stop_daemons
		die "the node was not idle after ${wait}s"
	fi
	echo "local Slurm cluster up in $dir; in the shell that submits:" >&2
	echo "export SLURM_CONF=$conf"
}

# stop_daemons: each running daemon gets SIGTERM, then SIGKILL after 10 s.
stop_daemons() {
	local i name pid failed=0
	for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do
		name=${daemons[i]}
		pid=$(running "$name") || continue
		kill -TERM "$pid" 2>/dev/null || true
		if ! waitfor 10 bash -c "! kill -0 $pid"; then
			echo "local-cluster.sh: $name (pid $pid) did not stop in 10 s: killed" >&2
			kill -KILL "$pid" 2>/dev/null || failed=1
		fi
		rm -f "$(pidfile "$name")"
	done
	return $failed
}

stop() {
	local jobs
	# The jobs first, so that no job's process outlives the cluster.
	if running slurmctld >/dev/null && jobs=$(squeue -h -o %A 2>/dev/null) && [ -n "$jobs" ]; then
		# shellcheck disable=SC2086 # one job id a word
		scancel $jobs 2>/dev/null || true
		waitfor 30 bash -c '[ -z "$(squeue -h -o %A)" ]' || echo "local-cluster.sh: jobs still listed after 30 s" >&2
	fi
	stop_daemons || die "a daemon could not be stopped"
	echo "local Slurm cluster in $dir stopped" >&2
}

status() {
	local name pid down=0
	for name in "${daemons[@]}"; do
		if pid=$(running "$name"); then
			echo "$name: running, pid $pid"
		else
			echo "$name: not running"
			down=1
		fi
	done
	if [ $down -eq 0 ]; then
		sinfo -N || down=1
	fi
	return $down
}

case $action in
start) start ;;
stop) stop ;;
status) status ;;
esac
