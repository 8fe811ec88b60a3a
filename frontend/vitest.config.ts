import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The tests that hydrate with Preact itself (as the production build runs) mock React's modules with
// Preact's: they run isolated, each file with its own module graph, since the others share one.
const preactTests = ['src/app/hydrateLater*.test.tsx'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: './src/test/jsdom-environment.ts',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Testing Library unmounts after each test and restoreMocks undoes spies, so files can share a worker's
    // jsdom and module graph instead of building both again per file: 53 CPU-seconds became 8 for 223 tests.
    isolate: false,
    // findBy* and waitFor wait up to 10 s (src/test/setup.ts) when the test command's other stages hold both
    // cores; a test's own limit must be longer than that (at 5 s one such test ran out, not its wait).
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'app', include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'], exclude: preactTests } },
      { extends: true, test: { name: 'preact', include: preactTests, isolate: true } },
    ],
  },
});
