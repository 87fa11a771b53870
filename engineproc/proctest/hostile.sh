#!/bin/sh
# A hostile engine for the sandbox's tests: it tries every attack the
# environment names, reports each on stderr as "attack NAME: done" or
# "attack NAME: failed", then runs the honest engine its arguments name,
# so that its games are played (or lost by the rules).
#
#   ATTACK_VICTIM  an extended regular expression of its opponent's command
#                  line (its words end in NULs: [[:cntrl:]] for each;
#                  VictimPattern in hostile.go): killed by SIGKILL, looked
#                  for during three seconds
#   ATTACK_JUDGE   the judge's pid: signalled with 0 (a real attack would kill)
#   ATTACK_SECRET  a file beside the judge's results: read, and a file
#                  written beside it (forged-PID)
#   ATTACK_OTHER   another engine's directory: a file written there
#                  (planted-PID)
#   ATTACK_TCP     a port on the host's loopback: connected to
#   ATTACK_DAEMON  a number of seconds: a daemon (setsid sleep) left behind
report() {
	if [ "$2" = 0 ]; then echo "attack $1: done" >&2; else echo "attack $1: failed" >&2; fi
}
if [ -n "$ATTACK_VICTIM" ]; then
	killed=1
	end=$(($(date +%s) + 3))
	while [ "$killed" = 1 ] && [ "$(date +%s)" -lt "$end" ]; do
		for f in $(grep -lasE "$ATTACK_VICTIM" /proc/[0-9]*/cmdline); do
			p=${f#/proc/}
			kill -9 "${p%/cmdline}" 2>/dev/null && killed=0
		done
		[ "$killed" = 1 ] && sleep 0.1
	done
	report kill-opponent "$killed"
fi
if [ -n "$ATTACK_JUDGE" ]; then
	kill -0 "$ATTACK_JUDGE" 2>/dev/null
	report signal-judge $?
fi
if [ -n "$ATTACK_SECRET" ]; then
	cat "$ATTACK_SECRET" >/dev/null 2>&1
	report read-secret $?
	(echo forged >"$(dirname "$ATTACK_SECRET")/forged-$$") 2>/dev/null
	report write-beside $?
fi
if [ -n "$ATTACK_OTHER" ]; then
	(echo planted >"$ATTACK_OTHER/planted-$$") 2>/dev/null
	report write-other-engine $?
fi
if [ -n "$ATTACK_TCP" ]; then
	python3 -c "import socket; socket.create_connection(('127.0.0.1', $ATTACK_TCP), 2)" 2>/dev/null
	report tcp $?
fi
if [ -n "$ATTACK_DAEMON" ]; then
	setsid sleep "$ATTACK_DAEMON" </dev/null >/dev/null 2>&1 &
	report daemon $?
fi
exec "$@"
