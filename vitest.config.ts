import { defineConfig } from 'vitest/config';

/**
 * The fault tests: each stops, kills or restarts a shared component (Kafka, Postgres, Redis, MailDev,
 * the trace sink, a service) or runs second instances of every process. The test command runs them on a
 * stack of their own (STACK=faults, infra/env.sh), one file at a time, while every other file runs in
 * parallel on the main one. `npx vitest run --project faults` runs them on whatever stack the shell names.
 */
export const faultFiles = [
  'gateway/test/integration/faults.test.ts',
  'gateway/test/integration/outages.test.ts',
  'gateway/test/integration/redis-outage.test.ts',
  'gateway/test/integration/two-instances.test.ts',
  'gateway/test/integration/tracing.test.ts',
  'services/engagement/test/integration/contact-kafka-outage.test.ts',
  'services/notifier/test/integration/notifier-restart.test.ts',
  'gateway/test/integration/account-deletion-restart.test.ts',
];

const integrationFiles = ['services/*/test/integration/**/*.test.ts', 'gateway/test/integration/**/*.test.ts'];
const slow = { testTimeout: 120_000, hookTimeout: 180_000 };
// The tests' HTTP client lets an idle connection go well before the servers do (see the file).
const httpClient = ['services/platform/src/testing/http-client.ts'];
// Tests that build a service or gateway in-process share the runner's cores with the files beside them, so
// its event loop lags; shedding has tests of its own (platform's load-shedding and http tests), and here it
// would only answer 503 to a check of an answer. (The running system is started with its own limits.)
const noShedding = { SHED_MAX_EVENT_LOOP_DELAY_MS: '600000', SHED_LATENCY_TARGET_MS: '0' };

/**
 * `unit`: pure logic, no network. `routes`: each service built in-process (buildApp + inject) against a
 * throwaway database of its own and an in-memory event bus; only Postgres needs to run. `integration`:
 * the running system (real Postgres, Redis, Kafka and MailDev, started by `make up`), files in parallel.
 * `faults`: see above.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contracts/test/**/*.test.ts', 'infra/test/**/*.test.ts', 'services/*/test/unit/**/*.test.ts', 'gateway/test/unit/**/*.test.ts', 'frontend/server/test/**/*.test.ts'],
          environment: 'node',
          // The test command runs this beside the browser stage, on the same two cores: a test of a few
          // milliseconds alone took 5.9 s there (the sitemap's, on deb7933), past vitest's default 5 s.
          testTimeout: 20_000,
          // Pure functions with nothing global to leak, so the files share their workers' module graph
          // instead of importing it again per file: 31 CPU-seconds became 7 for the same 496 tests.
          isolate: false,
        },
      },
      {
        test: {
          name: 'routes',
          include: ['services/*/test/routes/**/*.test.ts', 'gateway/test/routes/**/*.test.ts'],
          environment: 'node',
          env: noShedding,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'integration', include: integrationFiles, exclude: faultFiles, environment: 'node', env: noShedding, setupFiles: httpClient, ...slow },
      },
      {
        test: {
          name: 'faults',
          include: faultFiles,
          environment: 'node',
          env: noShedding,
          setupFiles: httpClient,
          ...slow,
          fileParallelism: false,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
