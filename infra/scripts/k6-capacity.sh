#!/usr/bin/env bash
# Finds the highest rate the local system holds under the realistic mix (infra/k6/journeys.js): steps the
# journeys' arrival rate up, each step for STEP_SECONDS, until a step misses a target (p95 per group under
# P95_MS, sign-in under 500 ms, errors under 0.1%, no journey dropped for want of a virtual user); the last
# step that held is the capacity. Then, with CONFIRM_SECONDS (the targets ask for 5 minutes: 300), it runs
# that rate once more for that long, and overload runs at 1.5x and 2x it (OVERLOAD_SECONDS each, 0 skips). A warm-up at
# half the first rate (WARMUP_SECONDS, 60) comes first: right after a restart the first minute measures cold code.
#   infra/scripts/k6-capacity.sh [first journeys/s] [increment journeys/s]
# The system restarts with load-test settings (infra/scripts/load-test-settings.sh: per-client limits raised,
# production's trace sampling, the chart's latency target for shedding); when the run ends, or is interrupted,
# with its own settings again (KEEP_LOAD_TEST_SETTINGS=1 leaves them as the run had them, for further load tests).
# k6 gets the cores before the system (nice -10 where allowed): it stands for clients on machines of their own.
COMPONENT=capacity
source "$(dirname "$0")/lib.sh"
S="$ROOT/infra/scripts"
rate=${1:-40}
increment=${2:-20}
STEP_SECONDS=${STEP_SECONDS:-60}
CONFIRM_SECONDS=${CONFIRM_SECONDS:-0}
OVERLOAD_SECONDS=${OVERLOAD_SECONDS:-60}
OUT="$DATA/k6/capacity"
mkdir -p "$OUT"
curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$GATEWAY_PORT/api/health" || die "the system is not running (make up)"

# Whatever ends the run, the system is not left with per-client limits raised and sampling changed.
restore() {
  [ "${KEEP_LOAD_TEST_SETTINGS:-0}" = 1 ] && return
  "$S/load-test-settings.sh" off || true
}
trap restore EXIT
"$S/load-test-settings.sh" on

# k6 stands for travellers on machines of their own, but here it shares the cores with the system: it gets them
# first (nice -10, where the user may raise a priority), so an answer is timed when it arrives, not when k6 is next
# scheduled, and the system, not the client, is what runs short past capacity.
K6_RUN=("$S/k6.sh")
nice -n -10 true 2>/dev/null && K6_RUN=(nice -n -10 "$S/k6.sh")

# row SUMMARY LABEL VERDICT [step]: one line of the table from a k6 summary: journeys/s offered, requests/s
# served, errors, p95 per group, and whether it held (k6's verdict; for a step, also no journey dropped for want
# of a virtual user); non-zero if not.
row() {
  node -e '
    const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).metrics;
    const v = (name, stat) => (m[name] ? m[name].values[stat] : 0);
    // Under overload the times are those of the answers served (shed 503s left out: served_duration).
    const timed = Object.keys(m).some((k) => k.startsWith("served_duration{group:::")) ? "served_duration" : "http_req_duration";
    const groups = Object.keys(m).filter((k) => k.startsWith(`${timed}{group:::`))
      .map((k) => `${k.slice(timed.length + 9, -1)} ${v(k, "p(95)").toFixed(0)}`).sort().join(", ");
    const held = process.argv[3] === "yes" && (process.argv[4] !== "step" || v("dropped_iterations", "count") === 0);
    console.log(`| ${process.argv[2]} | ${v("http_reqs", "rate").toFixed(0)} | ${(v("http_req_failed", "rate") * 100).toFixed(3)}% | ${v("dropped_iterations", "count")} | ${v("shed_503", "count")} | ${groups} | ${held ? "yes" : "no"} |`);
    process.exit(held ? 0 : 1);
  ' "$1" "$2" "$3" "${4:-}"
}

# Right after the restart, code is not yet optimized and caches are cold: a first step would measure that.
WARMUP_SECONDS=${WARMUP_SECONDS:-60}
if [ "$WARMUP_SECONDS" != 0 ]; then
  log "warming up at $((rate / 2)) journeys/s for $WARMUP_SECONDS s (not counted)"
  K6_SUMMARY_FILE="$OUT/warmup.json" "${K6_RUN[@]}" average -e RATE=$((rate / 2 > 0 ? rate / 2 : 1)) -e DURATION="${WARMUP_SECONDS}s" -e MAX_VUS=600 >/dev/null 2>&1 || true
fi
echo
echo "| journeys/s | requests/s served | failed | dropped | shed 503 | p95 ms per group | held |"
echo "|---|---|---|---|---|---|---|"
best=0
while :; do
  summary="$OUT/step-$rate.json"
  held=yes
  rm -f "$summary"
  K6_SUMMARY_FILE="$summary" "${K6_RUN[@]}" average -e RATE="$rate" -e DURATION="${STEP_SECONDS}s" -e MAX_VUS=600 -e P95_MS="${P95_MS:-100}" >/dev/null 2>&1 || held=no
  [ -f "$summary" ] || { log "k6 wrote no summary at $rate journeys/s"; break; }
  row "$summary" "$rate" "$held" step || break
  best=$rate
  rate=$((rate + increment))
done
echo
if [ "$best" = 0 ]; then log "no step held"; exit 1; fi
best_rps=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).metrics.http_reqs.values.rate.toFixed(0))' "$OUT/step-$best.json")
log "highest rate that held for ${STEP_SECONDS} s: $best journeys/s, $best_rps requests/s"
if [ "$CONFIRM_SECONDS" != 0 ]; then
  log "confirming $best journeys/s for $CONFIRM_SECONDS s"
  held=yes
  K6_SUMMARY_FILE="$OUT/confirm-$best.json" "${K6_RUN[@]}" average -e RATE="$best" -e DURATION="${CONFIRM_SECONDS}s" -e MAX_VUS=600 -e P95_MS="${P95_MS:-100}" >/dev/null 2>&1 || held=no
  row "$OUT/confirm-$best.json" "$best for ${CONFIRM_SECONDS} s" "$held" || true
fi
if [ "$OVERLOAD_SECONDS" != 0 ]; then
  # Past capacity, at 1.5x and 2x it: what is served keeps its p95 within twice its p95 at capacity (each group's
  # own, from the step that held), no request waits into the client's timeout, and the rest is a fast 503.
  at_capacity="$OUT/confirm-$best.json"
  [ -f "$at_capacity" ] || at_capacity="$OUT/step-$best.json"
  capacity_p95=$(node -e '
    const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).metrics;
    const out = {};
    for (const [k, metric] of Object.entries(m)) if (k.startsWith("http_req_duration{group:::")) out[k.slice("http_req_duration{group:::".length, -1)] = Math.round(metric.values["p(95)"] * 10) / 10;
    console.log(JSON.stringify(out));
  ' "$at_capacity")
  log "p95 per group at capacity: $capacity_p95"
  for factor in 15 20; do
    over=$((best * factor / 10))
    log "overload: $over journeys/s ($((factor / 10)).$((factor % 10))x the capacity) for $OVERLOAD_SECONDS s; served answers p95 within 2x capacity's, no timeout"
    held=yes
    K6_SUMMARY_FILE="$OUT/overload-$over.json" "${K6_RUN[@]}" overload -e RATE="$over" -e DURATION="${OVERLOAD_SECONDS}s" -e MAX_VUS=1000 \
      -e CAPACITY_P95="$capacity_p95" >/dev/null 2>&1 || held=no
    row "$OUT/overload-$over.json" "$over (overload $((factor / 10)).$((factor % 10))x)" "$held" || true
  done
fi
