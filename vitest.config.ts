import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure logic, no network) and `integration` (the running system: real
 * Postgres, Redis, Kafka and MailDev, started by `make up`). Integration files run one at a time
 * because some stop and start shared components.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contracts/test/**/*.test.ts', 'services/*/test/unit/**/*.test.ts', 'gateway/test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/*/test/integration/**/*.test.ts', 'gateway/test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
