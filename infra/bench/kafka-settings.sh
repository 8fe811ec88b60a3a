#!/usr/bin/env bash
# Kafka's cost under two settings, side by side on the running system: the broker is restarted with each in turn
# (alternating, ROUNDS times), left SETTLE seconds, then every process's CPU is read over a minute
# (infra/bench/idle.ts 60) together with the broker's threads by name.
#   infra/bench/kafka-settings.sh "KAFKA_NUM_IO_THREADS=8" "KAFKA_NUM_IO_THREADS=2"     (ROUNDS=2 SETTLE=300)
# MIX_RATE=N reads the same under the k6 mix instead (N journeys/s for MIX_SECONDS, 60, after 30 s at half the
# rate), with the requests served and each group's p95: the services run with the load-test settings of
# infra/scripts/k6-capacity.sh meanwhile, and restart with their own at the end.
# Each setting is a list of environment assignments read by infra/scripts/kafka.sh, quoted as in a shell
# ("KAFKA_JVM_OPTS='-Xms256m -Xmx768m -XX:+UseSerialGC'"). The broker is left running
# with the last setting; `infra/scripts/kafka.sh stop; infra/scripts/kafka.sh start` restores the defaults.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
# shellcheck source=../env.sh
source infra/env.sh
[ $# -ge 2 ] || { echo "usage: $0 SETTING_A SETTING_B [...]" >&2; exit 2; }
rounds=${ROUNDS:-2} settle=${SETTLE:-300} seconds=${SECONDS_MEASURED:-60}
out=.data/bench/kafka-settings.md
mkdir -p .data/bench
echo "| round | setting | Kafka, % of a core | whole system, % of a core | Kafka's busiest threads (% of a core) |" >"$out"
echo "|---|---|---|---|---|" >>"$out"

# ticks PID: `name cpu-ticks` (user + system) of each of the process's threads.
ticks() {
  for t in /proc/"$1"/task/*; do
    awk -v n="$(tr ' ' '_' <"$t/comm")" '{ sub(/^.*\) /, ""); split($0, f, " "); print n, f[12] + f[13] }' "$t/stat" 2>/dev/null
  done | sort
}

# threads PID SECONDS: each thread's CPU over the window, by name (the JVM names them), grouped by name without digits.
threads() {
  local pid=$1 window=$2 tmp
  tmp=$(mktemp -d)
  ticks "$pid" >"$tmp/before"
  sleep "$window"
  ticks "$pid" >"$tmp/after"
  # Ticks are 1/100 s: ticks / window = % of a core.
  join -a2 -e0 -o 0,1.2,2.2 <(awk '{ a[$1] += $2 } END { for (k in a) print k, a[k] }' "$tmp/before" | sort) \
    <(awk '{ a[$1] += $2 } END { for (k in a) print k, a[k] }' "$tmp/after" | sort) |
    awk -v w="$window" '{ name = $1; gsub(/[0-9]+/, "N", name); used[name] += ($3 - $2) / w } END { for (k in used) if (used[k] > 0) printf "%s %.2f\n", k, used[k] }' |
    sort -k2 -rn | head -5 | paste -sd ';' | sed 's/;/; /g'
  rm -rf "$tmp"
}

mix_rate=${MIX_RATE:-} mix_seconds=${MIX_SECONDS:-60}
if [ -n "$mix_rate" ]; then
  trap 'infra/scripts/services.sh restart >/dev/null' EXIT
  TRACE_SAMPLE_RATIO=0.01 RATE_LIMIT_MAX=100000000 LEAD_LIMIT_PER_CLIENT=100000000 LEAD_LIMIT_PER_HOTEL_PER_CLIENT=100000000 LEAD_LIMIT_PER_HOTEL=100000000 \
    infra/scripts/services.sh restart >/dev/null
  echo "| round | setting | Kafka, % of a core | whole system, % of a core | requests/s | p95 ms per group |" >"$out"
  echo "|---|---|---|---|---|---|" >>"$out"
fi

# cpu ROW <<<IDLE_TABLE: one row's figure from idle.ts's table (a process name, or `total`).
cpu() { awk -F'|' -v row="$1" '$2 ~ row { gsub(/[ *]/, "", $3); print $3 }'; }

# mix: the k6 mix at MIX_RATE with every process's CPU read beside it; prints `kafka total requests/s groups`.
mix() {
  infra/scripts/k6.sh average -e RATE=$((mix_rate / 2)) -e DURATION=30s -e MAX_VUS=600 >/dev/null 2>&1 || true
  local summary=.data/bench/kafka-settings-k6.json idle
  K6_SUMMARY_FILE=$summary infra/scripts/k6.sh average -e RATE="$mix_rate" -e DURATION="${mix_seconds}s" -e MAX_VUS=600 >/dev/null 2>&1 &
  sleep 5
  idle=$(node --import tsx infra/bench/idle.ts $((mix_seconds - 10)))
  wait || true
  node -e '
    const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).metrics;
    const groups = Object.keys(m).filter((k) => k.startsWith("http_req_duration{group:::"))
      .map((k) => `${k.slice(26, -1)} ${m[k].values["p(95)"].toFixed(0)}`).sort().join(", ");
    console.log(`${m.http_reqs.values.rate.toFixed(0)} | ${groups}`);
  ' "$summary" | sed "s/^/$(cpu kafka <<<"$idle") | $(cpu total <<<"$idle") | /"
}

for round in $(seq 1 "$rounds"); do
  for setting in "$@"; do
    infra/scripts/kafka.sh stop >/dev/null
    # A setting is shell words: a value with spaces is quoted in it (KAFKA_JVM_OPTS='-Xmx768m -XX:+UseSerialGC').
    eval "env $setting infra/scripts/kafka.sh start" >/dev/null
    echo "round $round, $setting: settling ${settle} s" >&2
    sleep "$settle"
    if [ -n "$mix_rate" ]; then
      echo "| $round | \`$setting\` | $(mix) |" | tee -a "$out"
      continue
    fi
    pid=$(cat "${REPROUTE_DATA:-.data}/run/kafka.pid")
    threads "$pid" "$seconds" >"$out.threads" &
    idle=$(node --import tsx infra/bench/idle.ts "$seconds")
    wait
    echo "| $round | \`$setting\` | $(cpu kafka <<<"$idle") | $(cpu total <<<"$idle") | $(cat "$out.threads") |" | tee -a "$out"
  done
done
rm -f "$out.threads"
cat "$out"
