#!/usr/bin/env bash
# A named copy of the whole system beside the main one (infra/env.sh: every port + STACK_PORT_OFFSET,
# state in .data/stacks/NAME). The test command runs the fault tests on STACK=faults.
#   stack.sh NAME up          start it (no front-end build: the gateway serves frontend/dist as built)
#   stack.sh NAME down        stop it
#   stack.sh NAME CMD [ARG..] run a command addressed to it, e.g. `stack.sh faults npx vitest run --project faults`
set -euo pipefail
name=${1:?usage: stack.sh NAME up|down|COMMAND...}
shift
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
# Forget the addresses of whichever stack the caller's shell names; env.sh derives this stack's own.
unset STACK_PORT_OFFSET REPROUTE_DATA PGPORT REDIS_PORT REDIS_URL KAFKA_PORT KAFKA_CONTROLLER_PORT KAFKA_BROKERS \
  SMTP_PORT MAILDEV_WEB_PORT GATEWAY_PORT PUBLIC_APP_URL TRACE_SINK_PORT OTEL_EXPORTER_OTLP_ENDPOINT SERVICES \
  GATEWAY_URL MAILDEV_URL IDENTITY_JWKS_URL PHOTOS_DIR
export STACK=$name
# shellcheck source=../env.sh
source "$ROOT/infra/env.sh"
case "${1:-}" in
  up) SKIP_FRONTEND_BUILD=1 exec "$ROOT/infra/scripts/up.sh" ;;
  down) exec "$ROOT/infra/scripts/down.sh" ;;
  "") echo "usage: stack.sh NAME up|down|COMMAND..." >&2; exit 2 ;;
  *) cd "$ROOT" && exec "$@" ;;
esac
