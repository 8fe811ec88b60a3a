#!/usr/bin/env bash
# Defaults for local runs. Every value can be overridden from the environment; docker-compose.yml uses the same names.
# No secret lives here: Postgres trusts loopback connections of the local data folder, and the identity
# service generates its signing key on first start (or reads JWT_PRIVATE_KEY).
export PGHOST="${PGHOST:-127.0.0.1}"
export PGPORT="${PGPORT:-5432}"
export PGDATABASE="${PGDATABASE:-reproute}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:9092}"
export SMTP_HOST="${SMTP_HOST:-127.0.0.1}"
export SMTP_PORT="${SMTP_PORT:-1025}"
export MAILDEV_WEB_PORT="${MAILDEV_WEB_PORT:-1080}"
export GATEWAY_PORT="${GATEWAY_PORT:-8080}"
export PUBLIC_APP_URL="${PUBLIC_APP_URL:-http://127.0.0.1:8080}"
export LOG_LEVEL="${LOG_LEVEL:-info}"
# Every process exports traces (OTLP/HTTP) here; run a collector or Jaeger on this port to see them.
export OTEL_EXPORTER_OTLP_ENDPOINT="${OTEL_EXPORTER_OTLP_ENDPOINT:-http://127.0.0.1:4318}"
# Share of new traces kept (parent-based: later hops follow the first). 1 locally; 0.01 for load tests, 0.1 in production.
export TRACE_SAMPLE_RATIO="${TRACE_SAMPLE_RATIO:-1}"
export NODE_ENV="${NODE_ENV:-development}"

# name:port of every service; the gateway routes to these.
SERVICES="identity:4001 catalog:4002 engagement:4003 referral:4004 analytics:4005 notifier:4006"
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
