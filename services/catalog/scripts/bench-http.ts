/** What the catalog's HTTP benchmarks share: one URL asked `count` times by `concurrency` callers, with percentiles. */
import http from 'node:http';

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface Measured {
  /** The answer's `total` (matches), or -1 when it has none. */
  total: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

export async function measureUrl(url: string, options: { count: number; concurrency: number; headers?: Record<string, string> }): Promise<Measured> {
  const first = await fetch(url, { headers: options.headers });
  const body = (await first.json().catch(() => ({}))) as { total?: number };
  const times: number[] = [];
  let failures = first.status === 200 ? 0 : 1;
  let next = 0;
  // The timed requests go through node:http on kept-alive connections, as wrk and k6 ask: `fetch` costs
  // the client about three times the CPU for the same answer (0.75 against 0.25 ms for 34 KB), and the client
  // shares the machine's two cores with the server it measures. It accepts compressed answers as a browser
  // does (the gateway compresses; the catalog does not), and reads them without decoding them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  // BENCH_CLIENT=fetch asks as before, to compare the two clients in one run.
  const viaFetch = async () => {
    const res = await fetch(url, { headers: options.headers });
    await res.arrayBuffer();
    return res.status;
  };
  const viaHttp = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'accept-encoding': 'br, gzip', ...options.headers } }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  const ask = process.env.BENCH_CLIENT === 'fetch' ? viaFetch : viaHttp;
  const worker = async () => {
    while (next < options.count) {
      next += 1;
      const started = performance.now();
      const status = await ask();
      times.push(performance.now() - started);
      if (status !== 200) failures += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return { total: body.total ?? -1, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), failures };
}

export const tableHeader = '| kind | query | matches | p50 ms | p95 ms | p99 ms | non-200 |\n|---|---|---:|---:|---:|---:|---:|';

export const tableRow = (kind: string, query: string, r: Measured) =>
  `| ${kind} | ${query} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.failures} |`;

/** Command-line `--name value`, else the fallback. */
export function numberOption(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}
