#!/usr/bin/env bash
# Defaults for local runs. Every value can be overridden from the environment; docker-compose.yml uses the same names.
# No secret lives here: Postgres trusts loopback connections of the local data folder, and the identity
# service generates its signing key on first start (or reads JWT_PRIVATE_KEY).
# STACK=NAME runs another, independent copy of the whole system beside the main one: every port moves by
# STACK_PORT_OFFSET and its state lives in .data/stacks/NAME. The test command runs the fault tests, which
# stop and restart Postgres, Redis, Kafka, MailDev and services, on STACK=faults and STACK=faults-2, and the
# browser tests on a quiet STACK=browser, so the rest of the suite runs at the same time on the main one.
# Offsets keep every port below Linux's ephemeral range (32768 and up), where an outgoing connection could
# take it first, clear of each other's, and off the ports Chromium refuses to open (10080 among them).
if [ -n "${STACK:-}" ] && [ "${STACK}" != main ]; then
  export STACK
  case "$STACK" in faults) _default_offset=20000 ;; faults-2) _default_offset=10000 ;; browser) _default_offset=1000 ;; *) _default_offset=${STACK_PORT_OFFSET:?STACK=$STACK needs STACK_PORT_OFFSET} ;; esac
  export STACK_PORT_OFFSET="${STACK_PORT_OFFSET:-$_default_offset}"
  export REPROUTE_DATA="${REPROUTE_DATA:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.data/stacks/$STACK}"
fi
_o=${STACK_PORT_OFFSET:-0}
export PGHOST="${PGHOST:-127.0.0.1}"
export PGPORT="${PGPORT:-$((5432 + _o))}"
export PGDATABASE="${PGDATABASE:-reproute}"
export REDIS_PORT="${REDIS_PORT:-$((6379 + _o))}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:$REDIS_PORT}"
export KAFKA_PORT="${KAFKA_PORT:-$((9092 + _o))}"
export KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-$((9093 + _o))}"
export KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:$KAFKA_PORT}"
export SMTP_HOST="${SMTP_HOST:-127.0.0.1}"
export SMTP_PORT="${SMTP_PORT:-$((1025 + _o))}"
export MAILDEV_WEB_PORT="${MAILDEV_WEB_PORT:-$((1080 + _o))}"
export GATEWAY_PORT="${GATEWAY_PORT:-$((8080 + _o))}"
export PUBLIC_APP_URL="${PUBLIC_APP_URL:-http://127.0.0.1:$GATEWAY_PORT}"
export LOG_LEVEL="${LOG_LEVEL:-info}"
# Every process exports traces (OTLP/HTTP) here; run a collector or Jaeger on this port to see them.
export TRACE_SINK_PORT="${TRACE_SINK_PORT:-$((4318 + _o))}"
export OTEL_EXPORTER_OTLP_ENDPOINT="${OTEL_EXPORTER_OTLP_ENDPOINT:-http://127.0.0.1:$TRACE_SINK_PORT}"
# Share of new traces kept (parent-based: later hops follow the first). 1 locally; 0.01 for load tests, 0.1 in production.
export TRACE_SAMPLE_RATIO="${TRACE_SAMPLE_RATIO:-1}"
export NODE_ENV="${NODE_ENV:-development}"

# name:port of every service; the gateway routes to these.
SERVICES="${SERVICES:-identity:$((4001 + _o)) catalog:$((4002 + _o)) engagement:$((4003 + _o)) referral:$((4004 + _o)) analytics:$((4005 + _o)) notifier:$((4006 + _o)) webhooks:$((4007 + _o))}"
export SERVICES
service_port() { for s in $SERVICES; do [ "${s%%:*}" = "$1" ] && echo "${s##*:}"; done; }
# Instances per process: INSTANCES=2 (every service, the notifier and the gateway), or per name,
# e.g. INSTANCES="catalog=3 notifier=2" (others 1). Instance N listens on the first one's port + 100*(N-1).
instances_of() {
  local spec=${INSTANCES:-1} part count=1
  if [[ $spec =~ ^[0-9]+$ ]]; then count=$spec; else
    for part in ${spec//,/ }; do [ "${part%%=*}" = "$1" ] && count=${part##*=}; done
  fi
  echo "$count"
}
instance_port() { echo $(($2 + 100 * ($3 - 1))); }  # NAME BASE_PORT N
# comma-separated addresses of every instance of a service (what the gateway balances over).
service_urls() {
  local base; base=$(service_port "$1")
  local urls="" i
  for i in $(seq 1 "$(instances_of "$1")"); do urls+="${urls:+,}http://127.0.0.1:$(instance_port "$1" "$base" "$i")"; done
  echo "$urls"
}
# database url for a service: its own role, which owns its own schema only.
service_db_url() { echo "postgres://$1@${PGHOST}:${PGPORT}/${PGDATABASE}"; }
