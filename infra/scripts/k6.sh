#!/usr/bin/env bash
# Runs a k6 scenario against the local gateway: smoke (run by `make test`), average, stress, spike, soak.
# k6 is built from the Go module proxy on first use and cached in ~/.cache/reproute/bin.
COMPONENT=k6
source "$(dirname "$0")/lib.sh"
SCENARIO=${1:-smoke}
BIN_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/reproute/bin"
K6="$BIN_DIR/k6"
if [ ! -x "$K6" ]; then
  command -v go >/dev/null || die "Go is needed to build k6 (go install go.k6.io/k6)"
  log "building k6 with go install (first run only)"
  mkdir -p "$BIN_DIR"
  GOBIN="$BIN_DIR" go install go.k6.io/k6@v1.8.1 || die "could not build k6"
fi
mkdir -p "$DATA/k6"
SUMMARY="${K6_SUMMARY_FILE:-$DATA/k6/summary-$SCENARIO.json}"
log "scenario $SCENARIO against http://127.0.0.1:$GATEWAY_PORT (summary: $SUMMARY)"
K6_NO_USAGE_REPORT=true "$K6" run --quiet --no-color -e SCENARIO="$SCENARIO" -e BASE_URL="http://127.0.0.1:$GATEWAY_PORT" \
  -e SUMMARY_FILE="$SUMMARY" "${@:2}" "$ROOT/infra/k6/journeys.js"
