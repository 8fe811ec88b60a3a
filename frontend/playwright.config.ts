import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../infra/bench/chromium';

/** End-to-end tests against the running system (its gateway serving frontend/dist: :8080, or the port of the STACK the shell names). */
export default defineConfig({
  testDir: './e2e',
  // A timeout here catches a hang; it is not a speed check (k6 and the benchmarks are). In CI the browser tests share
  // two cores with three more stacks, the fuzzers and the compilers, and a journey of 10-12 s on a quiet machine
  // ran past 45 s in both tries: CI doubles it. Long journeys call `test.slow()`, three times this.
  timeout: process.env.CI ? 90_000 : 45_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One at a time: on two cores the run is bound by CPU, and two workers measured no faster (124.6 s against 127.2 s).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? 8080}`,
    headless: true,
    // Recorded when a failed test runs again (CI retries once; locally `--trace on`): recording every test to keep
    // only failures' traces cost a fifth of the browser run's time (46.1 s against 37.8 s for the same 12 tests).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
