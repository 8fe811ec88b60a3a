#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit tests, integration tests against the running system
# (started here when it is not running, and stopped again afterwards), API fuzzing, browser tests, k6 smoke.
COMPONENT=test
source "$(dirname "$0")/lib.sh"
S="$ROOT/infra/scripts"
cd "$ROOT"
started_here=0
cleanup() { if [ $started_here = 1 ] && [ "${KEEP_UP:-}" != 1 ]; then "$S/down.sh" || true; fi; }
trap cleanup EXIT

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi

step() { log "── $1"; }
step "typecheck"; npm run --silent typecheck
[ -f frontend/tsconfig.json ] && npx tsc -p frontend/tsconfig.json --noEmit
step "lint"; npm run --silent lint
step "unit tests"; npx vitest run --project unit
if [ -f frontend/vitest.config.ts ]; then step "front-end unit tests"; (cd frontend && npx vitest run); fi

if ! curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$GATEWAY_PORT/health/live" 2>/dev/null; then
  step "starting the system"
  "$S/up.sh"
  started_here=1
else
  "$S/frontend.sh" build
fi
wait_http "http://127.0.0.1:$GATEWAY_PORT/api/health" 120 "the system (api/health)"

step "integration tests"; npx vitest run --project integration
step "API fuzzing (schemathesis)"; FUZZ_EXAMPLES=${FUZZ_EXAMPLES:-5} "$S/fuzz.sh"
if [ -f frontend/playwright.config.ts ]; then
  step "browser tests"
  apt_install chromium
  (cd frontend && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test)
fi
if [ -x "$S/k6.sh" ]; then step "k6 smoke"; "$S/k6.sh" smoke; fi
log "all tests passed"
