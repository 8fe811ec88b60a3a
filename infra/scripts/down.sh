#!/usr/bin/env bash
# Stops everything up.sh started: the processes that use the others first. Data stays in .data/ (remove it for a clean slate).
COMPONENT=down
source "$(dirname "$0")/lib.sh"
S="$ROOT/infra/scripts"
"$S/services.sh" stop
# Nothing below depends on another but Postgres, which stops last.
for c in prometheus trace-sink maildev kafka redis; do "$S/$c.sh" stop & done
wait
"$S/postgres.sh" stop
