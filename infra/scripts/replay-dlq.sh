#!/usr/bin/env bash
# Replays <topic>.dlq into <topic>: each dead letter goes back with its key, value and trace headers
# (without the dlq-* headers); a second run replays only what was dead-lettered since.
# usage: infra/scripts/replay-dlq.sh <topic> [--dry-run]
COMPONENT=replay-dlq
source "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || die "usage: $0 <topic> [--dry-run]   e.g. $0 referral.leads"
cd "$ROOT" && exec node --import tsx infra/scripts/replay-dlq.ts "$@"
