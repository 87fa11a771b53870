#!/usr/bin/env bash
# tournament_parallel.sh: play a judge tournament split in shards with GNU
# parallel, on this machine or on the machines of an ssh login file, then
# merge the shards into the whole tournament's results and standings.
#
# Usage: scripts/tournament_parallel.sh [OPTIONS] -- TOURNAMENT_FLAGS...
#   -h, --help               print this text
#   -n, --shards N           split the tournament in N shards (default: the
#                            cores of this machine)
#   -j, --jobs J             shards played at once on each machine, GNU
#                            parallel's --jobs (default 100%: one per core)
#   -S, --sshloginfile FILE  play the shards on the machines FILE lists, in
#                            GNU parallel's format (":" is this machine);
#                            default: this machine only
#   -d, --dir DIR            where the shards' results and engine logs, and
#                            the merged results.jsonl, summary.json and
#                            standings.txt go (default: tournament-results)
#       --judge PATH         the judge program (default: bin/judge, built
#                            with go if it is missing)
# TOURNAMENT_FLAGS are judge tournament's flags, --seed included (every shard
# must play the same schedule); --shard, --results and --engine-log-dir are
# the script's. The same command again resumes: every shard goes on from its
# results file, and the merge is made again.
#
# On other machines (--sshloginfile) each shard runs in this directory's
# path (GNU parallel's --workdir .: the same path relative to the home
# directory when this directory is in it, else the same absolute path), so
# the judge, the engines, --openings and DIR, relative or not, must be there
# as here. Nothing is copied: the shards write their files there and the
# merge reads them here, so DIR must be on a file system every machine
# sees, as a lab's shared home directories are.
#
# Exit status: 0 when every game was played and merged, 1 when a shard failed
# or games are missing (the merge still lists them and writes the standings of
# the games played), 2 on a bad command line. Needs GNU parallel (Debian:
# apt-get install parallel).
set -euo pipefail

usage() {
	echo "tournament_parallel.sh: $1" >&2
	echo "usage: scripts/tournament_parallel.sh [-n SHARDS] [-j JOBS] [-S SSHLOGINFILE] [-d DIR] [--judge PATH] -- TOURNAMENT_FLAGS..." >&2
	exit 2
}

shards=$(nproc 2>/dev/null || echo 1)
jobs=100%
sshloginfile=""
dir=tournament-results
judge=""
while [ $# -gt 0 ]; do
	case $1 in
	-n | --shards) [ $# -ge 2 ] || usage "$1 needs a value"; shards=$2; shift 2 ;;
	-j | --jobs) [ $# -ge 2 ] || usage "$1 needs a value"; jobs=$2; shift 2 ;;
	-S | --sshloginfile) [ $# -ge 2 ] || usage "$1 needs a value"; sshloginfile=$2; shift 2 ;;
	-d | --dir) [ $# -ge 2 ] || usage "$1 needs a value"; dir=$2; shift 2 ;;
	--judge) [ $# -ge 2 ] || usage "$1 needs a value"; judge=$2; shift 2 ;;
	-h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; # the comment above
	--) shift; break ;;
	*) usage "unknown option \"$1\" (the tournament's flags come after --)" ;;
	esac
done
flags=("$@")

[[ $shards =~ ^[0-9]+$ ]] && ((10#$shards >= 1)) || usage "--shards \"$shards\": want a whole number, 1 or more"
shards=$((10#$shards))
[ ${#flags[@]} -gt 0 ] || usage "no tournament flags after --"
seed=no
for f in "${flags[@]}"; do
	case $f in
	--shard | --shard=* | --results | --results=* | --engine-log-dir | --engine-log-dir=*)
		usage "${f%%=*} is set by the script for each shard: leave it out" ;;
	--seed | --seed=*) seed=yes ;;
	esac
done
[ "$seed" = yes ] || usage "give --seed: every shard must play the same schedule"
[ -z "$sshloginfile" ] || [ -r "$sshloginfile" ] || usage "--sshloginfile $sshloginfile cannot be read"
command -v parallel >/dev/null 2>&1 || {
	echo "tournament_parallel.sh: GNU parallel is not installed (Debian: apt-get install parallel)" >&2
	exit 1
}

if [ -z "$judge" ]; then
	judge=bin/judge
	if [ ! -x "$judge" ]; then
		echo "building $judge ..." >&2
		(cd "$(dirname "$0")/.." && go build -o bin/judge ./cmd/judge)
		judge="$(cd "$(dirname "$0")/.." && pwd)/bin/judge"
	fi
fi
[ -x "$judge" ] || usage "--judge $judge is not an executable program"
mkdir -p "$dir"

# One job a shard: {} is the shard's K. -q passes every argument as it is,
# quotes and spaces included, also through ssh. Each output line is tagged
# with its shard, and parallel's job log says how each shard ended.
remote=()
if [ -n "$sshloginfile" ]; then
	remote=(--sshloginfile "$sshloginfile" --workdir .)
fi
echo "playing $shards shards (at most $jobs at once on each machine) into $dir ..." >&2
set +e
seq 0 $((shards - 1)) | parallel -q --jobs "$jobs" "${remote[@]}" --line-buffer --tagstring "shard {}/$shards" \
	--joblog "$dir/joblog.txt" \
	"$judge" tournament --shard "{}/$shards" --results "$dir/shard-{}.jsonl" --engine-log-dir "$dir/logs-{}" "${flags[@]}"
failed=$?
set -e

files=()
for ((k = 0; k < shards; k++)); do
	[ -e "$dir/shard-$k.jsonl" ] && files+=("$dir/shard-$k.jsonl")
done
if [ ${#files[@]} -eq 0 ]; then
	echo "tournament_parallel.sh: no shard wrote its results file; see $dir/joblog.txt and the lines above" >&2
	exit 1
fi
set +e
"$judge" tournament merge --results "$dir/results.jsonl" --json "$dir/summary.json" "${files[@]}" | tee "$dir/standings.txt"
merged=${PIPESTATUS[0]}
set -e
# GNU parallel's status: the number of jobs that failed up to 100, 101 for
# more, and 255 for an error of its own (a bad --sshloginfile, say).
if [ "$failed" -ne 0 ]; then
	case $failed in
	101) what="more than 100 shards failed" ;;
	255) what="GNU parallel failed" ;;
	*) what="$failed shards failed" ;;
	esac
	echo "tournament_parallel.sh: $what (see $dir/joblog.txt and the lines above); the same command resumes them" >&2
	exit 1
fi
if [ "$merged" -ne 0 ]; then
	exit 1
fi
echo "results: $dir/results.jsonl, summary: $dir/summary.json, standings: $dir/standings.txt" >&2
