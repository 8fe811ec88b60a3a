import { pathToFileURL } from 'node:url';

/**
 * Debian's Chromium as every browser run here starts it (the browser suite, Lighthouse, the page benchmarks):
 * headless, without a sandbox or GPU, and without the background traffic a first run makes.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The phone the page benchmarks load pages on: Lighthouse's mobile screen (412 × 823 CSS pixels at 1.75). */
export const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };

// Run as a program (`node --import tsx infra/bench/chromium.ts`), it prints the flags for the shell scripts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(`${chromiumArgs.join(' ')}\n`);
