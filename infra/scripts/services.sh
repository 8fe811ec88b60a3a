#!/usr/bin/env bash
# Starts or stops every service, the notifier and the gateway as background processes (logs in .data/logs).
# INSTANCES (see infra/env.sh) runs several instances of each: instance N of catalog is "catalog-N" on
# port 4002 + 100*(N-1); they share the service's schema, consumer groups and queues, and the gateway
# balances over them. `stop NAME` stops every instance of NAME; `stop NAME-N` only that one.
COMPONENT=services
source "$(dirname "$0")/lib.sh"

# NODE_FLAGS adds flags Node refuses in NODE_OPTIONS, to profile a process under load:
#   NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' infra/scripts/services.sh restart gateway
# shellcheck disable=SC2206 # split on purpose: several flags
# Node runs the TypeScript as it is (its own type stripping: the code is erasable syntax only, tsconfig's
# erasableSyntaxOnly), which cost a service's start about two thirds of the CPU of the tsx loader
# (docs/decisions.md, "Runtime"). No Web Storage on a server: the front end's server render must find no
# localStorage, as before Node 25.
node_cmd=(node ${NODE_FLAGS:-} --no-experimental-webstorage --import @reproute/platform/telemetry src/main.ts)

# instance name: the first instance keeps the plain name (catalog), the others are catalog-2, catalog-3...
instance_name() { if [ "$2" -eq 1 ]; then echo "$1"; else echo "$1-$2"; fi; }

# service_env NAME: settings of one process beyond its address. The catalog decodes photos on libvips' threads,
# each of which would grow a malloc arena of its own that glibc keeps after the decode: with one arena four
# 100-megapixel uploads grew it by 88 MB, against 133 MB with two and about 220 MB with glibc's default
# (catalog's photos integration test; the chart sets the same).
service_env() {
  if [ "$1" = catalog ]; then echo "MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-1}"; fi
  # A local run delivers webhooks to receivers on this machine (http://127.0.0.1:...): never so in production (docs/configuration.md).
  if [ "$1" = webhooks ]; then echo "WEBHOOK_ALLOW_PRIVATE_ADDRESSES=${WEBHOOK_ALLOW_PRIVATE_ADDRESSES:-true} WEBHOOK_ALLOW_HTTP=${WEBHOOK_ALLOW_HTTP:-true}"; fi
}

start_one() {
  local label=$1 port=$2 dir=$3; shift 3
  local pidfile="$RUN/$label.pid"
  if pid_alive "$pidfile" && port_open 127.0.0.1 "$port"; then log "$label already running on :$port"; return; fi
  if port_open 127.0.0.1 "$port"; then die "port $port is taken by another process; cannot start $label"; fi
  keep_log "$LOGS/$label.log"
  (
    cd "$ROOT/$dir"
    # setsid: the process outlives the shell (and process group) that started it.
    env PORT="$port" INSTANCE_ID="$label" "$@" setsid nohup "${node_cmd[@]}" >>"$LOGS/$label.log" 2>&1 < /dev/null &
    echo $! >"$pidfile"
  )
}

start() {
  local only=${1:-} started=()
  for s in $SERVICES; do
    local name=${s%%:*} port=${s##*:} i
    [ -n "$only" ] && [ "$only" != "$name" ] && continue
    for i in $(seq 1 "$(instances_of "$name")"); do
      # SERVICE_NAME stays the service's: it names the consumer groups the instances share.
      start_one "$(instance_name "$name" "$i")" "$(instance_port "$name" "$port" "$i")" "services/$name" \
        SERVICE_NAME="$name" DATABASE_URL="$(service_db_url "$name")" DB_SCHEMA="$name" PHOTOS_DIR="${PHOTOS_DIR:-$DATA/photos}" \
        $(service_env "$name") \
        IDENTITY_JWKS_URL="${IDENTITY_JWKS_URL:-http://127.0.0.1:$(service_port identity)/.well-known/jwks.json}"
      started+=("$(instance_name "$name" "$i"):$(instance_port "$name" "$port" "$i")")
    done
  done
  for s in "${started[@]}"; do wait_http "http://127.0.0.1:${s##*:}/health/live" 90 "${s%%:*}"; done
  if [ -z "$only" ] || [ "$only" = gateway ]; then
    local i
    for i in $(seq 1 "$(instances_of gateway)"); do
      start_one "$(instance_name gateway "$i")" "$(instance_port gateway "$GATEWAY_PORT" "$i")" gateway SERVICE_NAME=gateway \
        IDENTITY_URL="$(service_urls identity)" CATALOG_URL="$(service_urls catalog)" ENGAGEMENT_URL="$(service_urls engagement)" \
        REFERRAL_URL="$(service_urls referral)" ANALYTICS_URL="$(service_urls analytics)" NOTIFIER_URL="$(service_urls notifier)" WEBHOOKS_URL="$(service_urls webhooks)"
      wait_http "http://127.0.0.1:$(instance_port gateway "$GATEWAY_PORT" "$i")/health/live" 60 "$(instance_name gateway "$i")"
    done
  fi
  log "running: $(cd "$RUN" && for f in *.pid; do printf '%s ' "${f%.pid}"; done)"
}

# The gateway first (no new requests reach the services), then every service at once: each takes a few
# seconds to leave its consumer groups and drain its outbox, so one after another took about 30 s.
stop() {
  local only=${1:-} file label name
  for name in gateway $(for s in $SERVICES; do echo "${s%%:*}"; done); do
    for file in "$RUN/$name.pid" "$RUN/$name"-[0-9]*.pid; do
      [ -e "$file" ] || continue
      label=$(basename "$file" .pid)
      [ -n "$only" ] && [ "$only" != "$name" ] && [ "$only" != "$label" ] && continue
      stop_pidfile "$file" "$label" &
    done
    [ "$name" = gateway ] && wait
  done
  wait
}

# How many instances of NAME are running now (by their pid files).
running_instances() {
  local n=0 file
  for file in "$RUN/$1.pid" "$RUN/$1"-[0-9]*.pid; do pid_alive "$file" && n=$((n + 1)); done
  echo "$n"
}

# A restart without INSTANCES brings back as many instances as were running.
keep_running_counts() {
  [ -n "${INSTANCES:-}" ] && return
  local spec="" name n
  for name in gateway $(for s in $SERVICES; do echo "${s%%:*}"; done); do
    n=$(running_instances "$name")
    [ "$n" -gt 1 ] && spec+="$name=$n "
  done
  INSTANCES=${spec:-1}
  export INSTANCES
}

case "${1:-start}" in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  restart) keep_running_counts; stop "${2:-}"; start "${2:-}" ;;
  *) die "usage: $0 start|stop|restart [service | service-N]" ;;
esac
