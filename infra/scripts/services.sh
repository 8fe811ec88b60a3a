#!/usr/bin/env bash
# Starts or stops every service, the notifier and the gateway as background processes (logs in .data/logs).
COMPONENT=services
source "$(dirname "$0")/lib.sh"

node_cmd=(node --enable-source-maps --import tsx --import @reproute/platform/telemetry src/main.ts)

start_one() {
  local name=$1 port=$2 dir=$3; shift 3
  local pidfile="$RUN/$name.pid"
  if pid_alive "$pidfile" && port_open 127.0.0.1 "$port"; then log "$name already running on :$port"; return; fi
  if port_open 127.0.0.1 "$port"; then die "port $port is taken by another process; cannot start $name"; fi
  (
    cd "$ROOT/$dir"
    # setsid: the process outlives the shell (and process group) that started it.
    env SERVICE_NAME="$name" PORT="$port" "$@" setsid nohup "${node_cmd[@]}" >>"$LOGS/$name.log" 2>&1 < /dev/null &
    echo $! >"$pidfile"
  )
}

start() {
  local only=${1:-}
  for s in $SERVICES; do
    local name=${s%%:*} port=${s##*:}
    [ -n "$only" ] && [ "$only" != "$name" ] && continue
    start_one "$name" "$port" "services/$name" DATABASE_URL="$(service_db_url "$name")" DB_SCHEMA="$name"
  done
  if [ -z "$only" ] || [ "$only" = gateway ]; then
    for s in $SERVICES; do
      local name=${s%%:*} port=${s##*:}
      [ -n "$only" ] && [ "$only" != "$name" ] && continue
      wait_http "http://127.0.0.1:$port/health/live" 90 "$name"
    done
    start_one gateway "$GATEWAY_PORT" gateway
    wait_http "http://127.0.0.1:$GATEWAY_PORT/health/live" 60 gateway
  else
    wait_http "http://127.0.0.1:$(service_port "$only")/health/live" 90 "$only"
  fi
  log "running: $(for s in $SERVICES; do printf '%s ' "${s%%:*}"; done)gateway"
}

stop() {
  local only=${1:-}
  for name in gateway $(for s in $SERVICES; do echo "${s%%:*}"; done); do
    [ -n "$only" ] && [ "$only" != "$name" ] && continue
    stop_pidfile "$RUN/$name.pid" "$name"
  done
}

case "${1:-start}" in
  start) start "${2:-}" ;;
  stop) stop "${2:-}" ;;
  restart) stop "${2:-}"; start "${2:-}" ;;
  *) die "usage: $0 start|stop|restart [service]" ;;
esac
