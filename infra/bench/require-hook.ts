// What a `require` of an already loaded module costs in a service process, with and without the resolve
// cache (services/platform/src/telemetry/resolve-cache.ts), alternating in one run. Run the way the services
// run, so tsx and the tracing instrumentation's require hook are both in place:
//   node --enable-source-maps --import tsx --import @reproute/platform/telemetry infra/bench/require-hook.ts [rounds]
// Each round times 2,000 requires of kafkajs' fetch request encoder (what kafkajs does on every fetch, and
// likewise for each offset commit and produce) with the resolver as installed, then with the cache
// bypassed, and prints microseconds per require.
import Module, { createRequire } from 'node:module';
import { installResolveCache } from '@reproute/platform/telemetry/resolve-cache';

const rounds = Number(process.argv[2] ?? 5);
const perRound = 2_000;
const loader = Module as unknown as { _resolveFilename: unknown };
const { cached, uncached } = installResolveCache();
// The require kafkajs' fetch request makes, from its own file.
const kafkaRequire = createRequire(createRequire(import.meta.url).resolve('kafkajs/src/protocol/requests/fetch/index.js'));
const timed = (resolver: unknown): number => {
  loader._resolveFilename = resolver;
  kafkaRequire('./v11/request');
  const start = process.hrtime.bigint();
  for (let i = 0; i < perRound; i += 1) kafkaRequire('./v11/request');
  return Number(process.hrtime.bigint() - start) / 1_000 / perRound;
};
const rows: string[] = [];
for (let round = 1; round <= rounds; round += 1) {
  const without = timed(uncached);
  const withCache = timed(cached);
  rows.push(`| ${round} | ${without.toFixed(1)} | ${withCache.toFixed(2)} | ${(without / withCache).toFixed(0)}× |`);
}
loader._resolveFilename = cached;
process.stdout.write(['| round | without the cache, µs per require | with it | ratio |', '|---|---|---|---|', ...rows].join('\n') + '\n');
