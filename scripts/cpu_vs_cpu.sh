#!/usr/bin/env bash
# cpu_vs_cpu.sh: build judge and search, play a short match between two
# search engines under the judge, and show the result.
#
# Usage: scripts/cpu_vs_cpu.sh [ROUNDS [TIME]]   (--help: this text)
#   ROUNDS  rounds to play, a whole number from 1 (default 2; env ROUNDS)
#   TIME    each engine's think time per move, a Go duration such as 300ms or
#           1.5s, above 0 and at most 9s, a second under the judge's classic
#           10s limit (default 300ms, about 40 seconds for 2 rounds; env TIME)
# Other settings by environment:
#   ENGINE1_ARGS, ENGINE2_ARGS  extra search flags for player 1 / player 2
#                               (e.g. ENGINE2_ARGS="--algo ucb")
#   BIN                         where to build and keep results (default bin,
#                               ignored by git)
# Needs only Go (1.26); the programs and every result stay under $BIN.
set -euo pipefail
# --help prints the comment above, which is the usage
# (before the cd, while $0 is still a path from here).
case ${1:-} in
-h | --help)
	sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac

cd "$(dirname "$0")/.."

rounds=${1:-${ROUNDS:-2}}
think=${2:-${TIME:-300ms}}
bin=${BIN:-bin}

usage() {
	echo "cpu_vs_cpu.sh: $1" >&2
	echo "usage: scripts/cpu_vs_cpu.sh [ROUNDS [TIME]], e.g. scripts/cpu_vs_cpu.sh 4 1s" >&2
	exit 2
}

# duration_ns prints a Go duration (time.ParseDuration's syntax without a
# sign: one or more of a decimal number and a unit, as in 1m30s or 1.5s) in
# whole nanoseconds, or fails if it is not one.
duration_ns() {
	local d=$1 total=0 num unit
	[[ $d =~ ^(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+$ ]] || return 1
	while [[ $d =~ ^([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h)(.*)$ ]]; do
		num=${BASH_REMATCH[1]} unit=${BASH_REMATCH[3]} d=${BASH_REMATCH[4]}
		case $unit in
		ns) unit=1 ;; us | µs | μs) unit=1000 ;; ms) unit=1000000 ;;
		s) unit=1000000000 ;; m) unit=60000000000 ;; h) unit=3600000000000 ;;
		esac
		total=$(awk -v t="$total" -v n="$num" -v u="$unit" 'BEGIN { printf "%.0f", t + n * u }')
	done
	echo "$total"
}

# The arguments are checked before anything is built: a mistake gets a
# message and status 2, not a match of forfeits.
(($# <= 2)) ||
	usage "$# arguments ($*): want at most ROUNDS and TIME; engine flags go in ENGINE1_ARGS and ENGINE2_ARGS"
[[ $rounds =~ ^[0-9]+$ ]] && ((10#$rounds >= 1)) ||
	usage "ROUNDS \"$rounds\" must be a whole number of rounds, 1 or more"
ns=$(duration_ns "$think") ||
	usage "TIME \"$think\" is not a duration: want a number and a unit, such as 300ms, 2s or 1.5s"
# The judge allows 10s a move, timed from its side; the engine's default of
# 9s keeps a second for the reply to travel on a busy machine, and a longer
# think time risks a late move, which forfeits the match (docs/protocol.md).
awk -v n="$ns" 'BEGIN { exit !(n > 0 && n <= 9e9) }' ||
	usage "TIME $think must be above 0 and at most 9s (the judge allows 10s a move, and the reply needs time to arrive)"

if ! command -v go >/dev/null 2>&1; then
	export PATH="/usr/local/go/bin:$HOME/go/bin:$PATH"
fi
if ! command -v go >/dev/null 2>&1; then
	echo "cpu_vs_cpu.sh: the go command is not installed (want Go 1.26, see https://go.dev/dl)" >&2
	exit 1
fi

mkdir -p "$bin"

# Move generation is about 25% faster with the x86-64-v3 instruction set
# (POPCNT, LZCNT, TZCNT without a feature check; docs/performance.md): use it
# when this CPU runs it, unless GOAMD64 is already set. The test is to run a
# v3 build: Go's runtime checks every feature v3 needs (AVX, AVX2, BMI1,
# BMI2, F16C, FMA, LZCNT, MOVBE, and the OS saving the AVX registers) and
# refuses to start without them, whereas /proc/cpuinfo's flag names vary
# (LZCNT is "abm", which some virtual machines do not list).
if [ -z "${GOAMD64:-}" ] && [ "$(go env GOARCH)" = amd64 ]; then
	GOAMD64=v3 go build -o "$bin/search" ./cmd/search
	if "$bin/search" --help >/dev/null 2>&1; then
		export GOAMD64=v3
	else
		rm -f "$bin/search"
	fi
fi

echo "building $bin/judge and $bin/search (GOAMD64=$(go env GOAMD64)) ..." >&2
go build -o "$bin/judge" ./cmd/judge
go build -o "$bin/search" ./cmd/search

out="$bin/match-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
echo "playing $rounds rounds, $think per move (logs in $out) ..." >&2

# The judge picks a free port (0), starts both engines with IP PORT appended,
# and stops them at the end. Its log goes to judge.log; the progress lines
# and any warning are shown here as well.
#
# Ctrl-C (SIGINT to the terminal's whole process group) and SIGTERM (to this
# script alone) must reach the judge, which then keeps the rounds finished,
# prints their result and writes the files, and must be waited for, with its
# engines. So the judge runs in the background, each signal is passed on to
# it, and the script waits until it has gone. The log's tee and grep ignore
# both signals: they end when the judge closes their pipe, and so never die
# first and kill the judge with SIGPIPE (status 141) on its last words.
# The log is read from a named pipe by a job of its own, whose end the
# script can wait for (a process substitution's it cannot, in every bash).
fifo="$out/.judge-log.fifo"
mkfifo "$fifo"
(
	trap '' INT TERM
	tee "$out/judge.log" <"$fifo" | { grep --line-buffered -E '^round |WARN|ERROR' >&2; true; }
) &
log=$!
set +e
"$bin/judge" --host 127.0.0.1 \
	--engine "$bin/search --name search-1 --time $think ${ENGINE1_ARGS:-}" \
	--engine "$bin/search --name search-2 --time $think ${ENGINE2_ARGS:-}" \
	--engine-log-dir "$out" --record "$out/record.txt" --json "$out/summary.json" \
	0 "$rounds" >"$out/result.txt" 2>"$fifo" &
judge=$!
trap 'kill -INT "$judge" 2>/dev/null' INT
trap 'kill -TERM "$judge" 2>/dev/null' TERM
# wait returns early (status above 128) when a trapped signal arrives, the
# judge still running: wait again until it has really ended; bash remembers
# its status for the last wait. Then the log's last lines, read once the
# judge closed the pipe.
for job in "$judge" "$log"; do
	while kill -0 "$job" 2>/dev/null; do
		wait "$job"
	done
done
wait "$judge"
status=$?
trap - INT TERM
rm -f "$fifo"
set -e

echo
cat "$out/result.txt"
echo
# Only the files there are: a match interrupted before it began has none.
for f in record:record.txt summary:summary.json; do
	if [ -s "$out/${f#*:}" ]; then
		printf '%-8s %s\n' "${f%%:*}:" "$out/${f#*:}"
	fi
done
logs="$out/judge.log"
for f in engine1.log engine2.log; do
	if [ -e "$out/$f" ]; then
		logs="$logs $out/$f"
	fi
done
echo "logs:    $logs"
if [ "$status" -ne 0 ]; then
	echo "cpu_vs_cpu.sh: the judge failed (status $status); see $out/judge.log" >&2
fi
exit "$status"
