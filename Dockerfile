# One image for every back-end process and the gateway (which also serves the built SPA).
# Build: docker build -t reproute . ; the service to run is chosen by SERVICE_DIR (e.g. services/catalog, gateway).
# The Node.js line the project is pinned to: equal to .nvmrc (a unit test checks).
ARG NODE_VERSION=26.12.1
# The workspaces' manifests, which both installs below start from.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY services/platform/package.json services/platform/
COPY services/identity/package.json services/identity/
COPY services/catalog/package.json services/catalog/
COPY services/engagement/package.json services/engagement/
COPY services/referral/package.json services/referral/
COPY services/analytics/package.json services/analytics/
COPY services/notifier/package.json services/notifier/
COPY services/webhooks/package.json services/webhooks/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
COPY frontend/server/package.json frontend/server/
COPY infra/package.json infra/

# Every package, dev tools included: only to build the front end.
FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# Production dependencies only (the root's node_modules and each workspace's own): no MailDev (nor the old
# nodemailer and mailparser it brings), test runners, bundlers, type checkers or a TypeScript loader: every process
# runs its TypeScript on Node's own type stripping (CMD below). infra/test/dockerfile.test.ts checks this.
FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM deps AS frontend
COPY contracts contracts
COPY frontend frontend
RUN npm run build -w @reproute/frontend

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0
# The production install as it is: the manifests and node_modules of the root and of every workspace (some keep
# their own versions, e.g. services/platform/node_modules/@opentelemetry). Root owns it all: the process cannot change its code.
COPY --from=prod-deps /app ./
COPY . .
COPY --from=frontend /app/frontend/dist frontend/dist
COPY --from=frontend /app/frontend/dist-server frontend/dist-server
# Keys generated at first start (identity's signing key, the reset-link key shared with the notifier) live here,
# and the catalog's uploaded photos and engagement's review photos when stored on local disk (a named volume takes
# this folder's owner).
RUN mkdir -p .data/keys .data/photos .data/review-photos && chown -R node:node .data && chmod 700 .data/keys
# Never root: the official image's node user (uid 1000; the chart's runAsUser).
USER node
ARG SERVICE_DIR=gateway
ENV SERVICE_DIR=${SERVICE_DIR}
CMD ["sh", "-c", "cd \"$SERVICE_DIR\" && exec node --no-experimental-webstorage --import @reproute/platform/telemetry src/main.ts"]
