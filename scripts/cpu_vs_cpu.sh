#!/usr/bin/env bash
# cpu_vs_cpu.sh: build judge and search, play a short match between two
# search engines under the judge, and show the result.
#
# Usage: scripts/cpu_vs_cpu.sh [ROUNDS [TIME]]
#   ROUNDS  rounds to play (default 2; env ROUNDS)
#   TIME    each engine's think time per move (default 300ms, about a minute
#           for 2 rounds; env TIME). The judge's limit stays the classic 10s.
# Other settings by environment:
#   ENGINE1_ARGS, ENGINE2_ARGS  extra search flags for player 1 / player 2
#                               (e.g. ENGINE2_ARGS="--algo ucb")
#   BIN                         where to build and keep results (default bin,
#                               ignored by git)
# Needs only Go (1.26); the programs and every result stay under $BIN.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-${ROUNDS:-2}}
think=${2:-${TIME:-300ms}}
bin=${BIN:-bin}

if ! command -v go >/dev/null 2>&1; then
	export PATH="/usr/local/go/bin:$HOME/go/bin:$PATH"
fi
if ! command -v go >/dev/null 2>&1; then
	echo "cpu_vs_cpu.sh: the go command is not installed (want Go 1.26, see https://go.dev/dl)" >&2
	exit 1
fi

# Move generation is about 25% faster with the x86-64-v3 instruction set
# (POPCNT, LZCNT, TZCNT without a feature check; docs/performance.md): use it
# when this CPU has it, unless GOAMD64 is already set.
if [ -z "${GOAMD64:-}" ] && [ "$(go env GOARCH)" = amd64 ] && [ -r /proc/cpuinfo ] &&
	grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo && grep -qw movbe /proc/cpuinfo &&
	grep -qw fma /proc/cpuinfo && grep -qw abm /proc/cpuinfo && grep -qw f16c /proc/cpuinfo; then
	export GOAMD64=v3
fi

mkdir -p "$bin"
echo "building $bin/judge and $bin/search ..." >&2
go build -o "$bin/judge" ./cmd/judge
go build -o "$bin/search" ./cmd/search

out="$bin/match-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
echo "playing $rounds rounds, $think per move (logs in $out) ..." >&2

# The judge picks a free port (0), starts both engines with IP PORT appended,
# and stops them at the end. Its log goes to judge.log; the progress lines
# and any warning are shown here as well.
set +e
"$bin/judge" --host 127.0.0.1 \
	--engine "$bin/search --name search-1 --time $think ${ENGINE1_ARGS:-}" \
	--engine "$bin/search --name search-2 --time $think ${ENGINE2_ARGS:-}" \
	--engine-log-dir "$out" --record "$out/record.txt" --json "$out/summary.json" \
	0 "$rounds" 2>&1 >"$out/result.txt" |
	tee "$out/judge.log" |
	{ grep --line-buffered -E '^round |WARN|ERROR' >&2; true; }
status=${PIPESTATUS[0]}
set -e

echo
cat "$out/result.txt"
echo
echo "record:  $out/record.txt"
echo "summary: $out/summary.json"
echo "logs:    $out/judge.log $out/engine1.log $out/engine2.log"
if [ "$status" -ne 0 ]; then
	echo "cpu_vs_cpu.sh: the judge failed (status $status); see $out/judge.log" >&2
fi
exit "$status"
