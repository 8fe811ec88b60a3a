#!/usr/bin/env bash
# Stops everything up.sh started, in reverse order. Data stays in .data/ (remove it for a clean slate).
COMPONENT=down
source "$(dirname "$0")/lib.sh"
S="$ROOT/infra/scripts"
"$S/services.sh" stop
"$S/prometheus.sh" stop
"$S/trace-sink.sh" stop
"$S/maildev.sh" stop
"$S/kafka.sh" stop
"$S/redis.sh" stop
"$S/postgres.sh" stop
