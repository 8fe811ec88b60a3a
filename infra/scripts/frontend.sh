#!/usr/bin/env bash
# Builds the SPA into frontend/dist when its sources changed since the last build; the gateway serves it.
COMPONENT=frontend
source "$(dirname "$0")/lib.sh"
FE="$ROOT/frontend"
[ -f "$FE/index.html" ] || { log "no front end yet; skipping build"; exit 0; }
stamp="$FE/dist/.built"
if [ -f "$stamp" ] && [ -z "$(find "$FE/src" "$FE/public" "$FE/index.html" "$FE/vite.config.ts" "$FE/build" "$FE/package.json" "$ROOT/contracts/src" -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  log "build is up to date"
  exit 0
fi
log "building"
(cd "$ROOT" && npm run build -w @reproute/frontend --silent) >"$LOGS/frontend-build.log" 2>&1 || { tail -30 "$LOGS/frontend-build.log"; die "front-end build failed"; }
touch "$stamp"
log "built into frontend/dist"
