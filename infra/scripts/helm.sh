#!/usr/bin/env bash
# Checks the Helm chart (infra/helm/reproute) without a cluster: helm lint and helm template with the default
# values, with values-production.yaml and with a chart-made Secret, then checks of the rendered manifests
# (infra/scripts/helm-check.ts; its last line is `N passed, N failed`). Extra arguments go to the checker
# (e.g. --junit <file>). `helm.sh helm <args>` runs the cached helm itself (e.g. helm.sh helm template r infra/helm/reproute).
# helm is built from the Go module proxy on first use and cached in ~/.cache/reproute/bin.
COMPONENT=helm
source "$(dirname "$0")/lib.sh"
BIN_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/reproute/bin"
HELM="$BIN_DIR/helm"
HELM_VERSION=v3.22.0
if [ ! -x "$HELM" ]; then
  command -v go >/dev/null || die "Go is needed to build helm (go install helm.sh/helm/v3/cmd/helm)"
  log "building helm $HELM_VERSION with go install (first run only, a few minutes)"
  mkdir -p "$BIN_DIR"
  GOBIN="$BIN_DIR" go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" || die "could not build helm"
fi
if [ "${1:-}" = helm ]; then shift; exec "$HELM" "$@"; fi
cd "$ROOT"
exec node --import tsx "$ROOT/infra/scripts/helm-check.ts" --helm "$HELM" "$@"
