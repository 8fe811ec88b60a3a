#!/usr/bin/env bash
# Restarts the running system for a load test, or back to its own settings afterwards.
#   infra/scripts/load-test-settings.sh on|off
# on: k6 sends from one address, so the per-client limits are raised; traces are sampled at LOAD_TEST_TRACE_SAMPLE_RATIO
# (default 0.1, production's ratio); the gateway runs with the chart's shedding: SHED_LATENCY_TARGET_MS=15 with
# SHED_MIN_IN_FLIGHT=4 and SHED_EVENT_LOOP_DELAY_TARGET_MS=5 (GATEWAY_SHED_LATENCY_TARGET_MS=0,
# GATEWAY_SHED_EVENT_LOOP_DELAY_TARGET_MS=0 run it without). off: every process restarts with its own settings.
# infra/scripts/k6-capacity.sh and infra/bench/cost.ts, soak.ts use it.
COMPONENT=load-settings
source "$(dirname "$0")/lib.sh"
S="$ROOT/infra/scripts"
case "${1:-}" in
  on)
    log "restarting the services with load-test limits and ${LOAD_TEST_TRACE_SAMPLE_RATIO:-0.1} trace sampling"
    TRACE_SAMPLE_RATIO=${LOAD_TEST_TRACE_SAMPLE_RATIO:-0.1} RATE_LIMIT_MAX=100000000 LEAD_LIMIT_PER_CLIENT=100000000 \
      LEAD_LIMIT_PER_HOTEL_PER_CLIENT=100000000 LEAD_LIMIT_PER_HOTEL=100000000 "$S/services.sh" restart >/dev/null
    TRACE_SAMPLE_RATIO=${LOAD_TEST_TRACE_SAMPLE_RATIO:-0.1} RATE_LIMIT_MAX=100000000 SHED_LATENCY_TARGET_MS="${GATEWAY_SHED_LATENCY_TARGET_MS:-15}" SHED_MIN_IN_FLIGHT="${GATEWAY_SHED_MIN_IN_FLIGHT:-4}" SHED_EVENT_LOOP_DELAY_TARGET_MS="${GATEWAY_SHED_EVENT_LOOP_DELAY_TARGET_MS:-5}" \
      "$S/services.sh" restart gateway >/dev/null
    wait_http "http://127.0.0.1:$GATEWAY_PORT/api/health" 120 "the system (api/health)"
    sleep 5
    ;;
  off)
    log "restarting the services with their own settings"
    "$S/services.sh" restart >/dev/null || die "could not restart the services: run infra/scripts/services.sh restart"
    ;;
  *) die "usage: load-test-settings.sh on|off" ;;
esac
