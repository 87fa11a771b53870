#!/bin/sh
# An engine started through a shell script, as people wrap engines to set
# their options: it runs the Python engine beside it.
exec python3 "$(dirname "$0")/first.py" "$@"
