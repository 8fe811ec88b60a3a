#!/usr/bin/env bash
# The local trace sink on 127.0.0.1:4318 (OTLP/HTTP): see infra/scripts/trace-sink.ts.
COMPONENT=trace-sink
source "$(dirname "$0")/lib.sh"
PIDFILE="$RUN/trace-sink.pid"
start() {
  if port_open 127.0.0.1 "$TRACE_SINK_PORT"; then log "already running on http://127.0.0.1:$TRACE_SINK_PORT"; return; fi
  (cd "$ROOT" || exit 1; setsid nohup node --import tsx infra/scripts/trace-sink.ts >>"$LOGS/trace-sink.log" 2>&1 < /dev/null & echo $! >"$PIDFILE")
  wait_port 127.0.0.1 "$TRACE_SINK_PORT" 60 trace-sink
  log "started: http://127.0.0.1:$TRACE_SINK_PORT/traces"
}
stop() { stop_pidfile "$PIDFILE" trace-sink; }
case "${1:-start}" in start) start ;; stop) stop ;; *) die "usage: $0 start|stop" ;; esac
