#!/usr/bin/env bash
# Lighthouse (npm, installed on first use into the cache) driving Debian's Chromium against the local
# gateway: home, search and a hotel page, mobile and desktop. Prints the four scores per page and
# form factor, writes the reports to .data/lighthouse, and fails below the targets
# (mobile performance >= 90, accessibility 100, best practices >= 95, SEO >= 95).
#   infra/scripts/lighthouse.sh [base url]
COMPONENT=lighthouse
source "$(dirname "$0")/lib.sh"
BASE="${1:-http://127.0.0.1:$GATEWAY_PORT}"
TOOL_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/reproute/lighthouse"
LH="$TOOL_DIR/node_modules/.bin/lighthouse"
if [ ! -x "$LH" ]; then
  log "installing lighthouse into $TOOL_DIR"
  mkdir -p "$TOOL_DIR"
  (cd "$TOOL_DIR" && [ -f package.json ] || echo '{"private":true}' >"$TOOL_DIR/package.json")
  (cd "$TOOL_DIR" && npm install --no-audit --no-fund --loglevel=error lighthouse@12.8.2) || die "could not install lighthouse"
fi
apt_install chromium
OUT="$DATA/lighthouse"
rm -rf "$OUT"
mkdir -p "$OUT"
export CHROME_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
flags="--headless=new $(cd "$ROOT" && node --import tsx infra/bench/chromium.ts)"
pages=("home:/" "search:/search?query=london" "hotel:/hotels/1")
for entry in "${pages[@]}"; do
  name=${entry%%:*}
  path=${entry#*:}
  for form in mobile desktop; do
    preset=()
    [ "$form" = desktop ] && preset=(--preset=desktop)
    log "$name ($form): $BASE$path"
    # A trace that fails to record (NO_NAVSTART, NO_FCP on a busy machine) is retried once.
    for attempt in 1 2; do
      rm -f "$OUT/$name-$form.json"
      "$LH" "$BASE$path" "${preset[@]}" --quiet --chrome-flags="$flags" --output=json \
        --output-path="$OUT/$name-$form.json" --only-categories=performance,accessibility,best-practices,seo >/dev/null 2>"$OUT/$name-$form.log" && break
      rm -f "$OUT/$name-$form.json"
      log "lighthouse failed on $name ($form), attempt $attempt: $(tail -1 "$OUT/$name-$form.log")"
    done
  done
done
node --import tsx "$ROOT/infra/scripts/lighthouse-summary.ts" "$OUT"
