#!/usr/bin/env bash
# Local Prometheus (Debian package) scraping the local system with the project's scrape config and alert rules.
COMPONENT=prometheus
source "$(dirname "$0")/lib.sh"
PIDFILE="$RUN/prometheus.pid"
start() {
  command -v prometheus >/dev/null || apt_install prometheus
  if port_open 127.0.0.1 9090; then log "already running on http://127.0.0.1:9090"; return; fi
  mkdir -p "$DATA/prometheus"
  setsid nohup prometheus --config.file="$ROOT/infra/prometheus/prometheus.yml" --storage.tsdb.path="$DATA/prometheus" \
    --web.listen-address=127.0.0.1:9090 --storage.tsdb.retention.time=2d >>"$LOGS/prometheus.log" 2>&1 &
  echo $! >"$PIDFILE"
  wait_port 127.0.0.1 9090 60 prometheus
  log "started: http://127.0.0.1:9090 (alerts: /alerts, targets: /targets)"
}
stop() { stop_pidfile "$PIDFILE" prometheus; }
case "${1:-start}" in start) start ;; stop) stop ;; *) die "usage: $0 start|stop" ;; esac
