// The local trace sink: an OTLP/HTTP receiver on 127.0.0.1:4318 that every process exports to,
// keeping the most recent spans in memory. GET /traces lists recent traces; GET /traces/<id>
// shows one trace's spans with their parent links, each with its start (ms after the trace's first span) and
// duration in ms. (With Docker, the collector and Jaeger do this.)
import { startOtlpReceiver, type ReceivedSpan } from '@reproute/platform/testing';

const port = Number(process.env.TRACE_SINK_PORT ?? 4318);
function summary(spans: ReceivedSpan[]) {
  const byTrace = new Map<string, ReceivedSpan[]>();
  for (const s of spans) byTrace.set(s.traceId, [...(byTrace.get(s.traceId) ?? []), s]);
  return [...byTrace].slice(-100).reverse().map(([traceId, list]) => {
    const root = list.find((s) => !list.some((p) => p.spanId === s.parentSpanId)) ?? list[0]!;
    return { traceId, root: `${root.service} ${root.name}`, spans: list.length, services: [...new Set(list.map((s) => s.service))] };
  });
}
await startOtlpReceiver(port, {
  keep: 50_000,
  onGet: (url, spans) => {
    if (url === '/traces') return summary(spans);
    const match = /^\/traces\/([0-9a-f]{32})$/.exec(url);
    if (match) {
      const trace = spans.filter((s) => s.traceId === match[1]).sort((a, b) => a.startMs - b.startMs);
      const t0 = trace[0]?.startMs ?? 0;
      return trace.map((s) => ({ ...s, atMs: Number((s.startMs - t0).toFixed(3)), durationMs: Number(s.durationMs.toFixed(3)) }));
    }
    return undefined;
  },
});
process.stdout.write(`trace sink listening on http://127.0.0.1:${port} (GET /traces, /traces/<traceId>)\n`);
