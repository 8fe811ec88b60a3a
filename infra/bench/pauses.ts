// Brief pauses, as a collection, a checkpoint or a neighbour's job makes them: every PERIOD ms both cores are held
// busy for BUSY ms, for SECONDS in all, then it stops by itself. Run beside a k6 rate within capacity to see whether
// the gateway's latency-based shedding answers 503 for a pause that is not overload (the benchmark diary of "27 November 2026" (`git show 9bee98b:docs/benchmarks.md`)).
//   node --import tsx infra/bench/pauses.ts [seconds] [period ms] [busy ms]
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const seconds = Number(process.argv[2] ?? 150);
const periodMs = Number(process.argv[3] ?? 2_500);
const busyMs = Number(process.argv[4] ?? 500);
const end = Date.now() + seconds * 1_000;
let pauses = 0;
const pause = () => {
  if (Date.now() >= end) {
    console.log(`${pauses} pauses of ${busyMs} ms on ${availableParallelism()} cores, one every ${periodMs} ms`);
    return;
  }
  pauses += 1;
  // One plain Node process per core, each holding its core busy until then.
  const hold = `const until = Date.now() + ${busyMs}; while (Date.now() < until);`;
  for (let core = 0; core < availableParallelism(); core += 1) spawn(process.execPath, ['-e', hold], { stdio: 'ignore' });
  setTimeout(pause, periodMs);
};
pause();
