import http from 'node:http';
import { stack } from './stack.ts';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  /** When the span began (Unix epoch, ms with the nanoseconds' fraction) and how long it lasted (ms). */
  startMs: number;
  durationMs: number;
  attributes: Record<string, unknown>;
}

/** OTLP/JSON times are Unix nanoseconds as decimal strings (beyond a double's integers): ms with a fraction. */
function epochMs(nanos: unknown): number {
  const text = String(nanos ?? '0');
  return text.length > 6 ? Number(text.slice(0, -6)) + Number(text.slice(-6)) / 1e6 : Number(text) / 1e6;
}

/** OTLP/JSON ids are hex; tolerate base64 too. */
function hexId(id: string | undefined): string {
  if (!id) return '';
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

function attributeValue(v: Record<string, unknown>): unknown {
  return v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue ?? v.arrayValue ?? null;
}

/**
 * A real OTLP/HTTP trace receiver: accepts `POST /v1/traces` with the JSON encoding that every
 * process exports, decodes the spans and keeps them for assertions.
 */
export async function startOtlpReceiver(
  port = stack.traceSinkPort,
  options: { keep?: number; onGet?: (url: string, spans: ReceivedSpan[]) => unknown } = {},
): Promise<{ spans: ReceivedSpan[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans?: { resource?: { attributes?: { key: string; value: Record<string, unknown> }[] }; scopeSpans?: { spans?: Record<string, unknown>[] }[] }[];
          };
          for (const rs of body.resourceSpans ?? []) {
            const service = String(attributeValue(rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value ?? {}) ?? '');
            for (const ss of rs.scopeSpans ?? []) {
              for (const s of ss.spans ?? []) {
                spans.push({
                  service,
                  traceId: hexId(s.traceId as string),
                  spanId: hexId(s.spanId as string),
                  parentSpanId: hexId(s.parentSpanId as string | undefined),
                  name: String(s.name),
                  kind: Number(s.kind ?? 0),
                  startMs: epochMs(s.startTimeUnixNano),
                  durationMs: epochMs(s.endTimeUnixNano) - epochMs(s.startTimeUnixNano),
                  attributes: Object.fromEntries(((s.attributes as { key: string; value: Record<string, unknown> }[]) ?? []).map((a) => [a.key, attributeValue(a.value)])),
                });
              }
            }
          }
          if (options.keep && spans.length > options.keep) spans.splice(0, spans.length - options.keep);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } catch {
          res.writeHead(400).end();
        }
      } else if (req.method === 'GET' && options.onGet) {
        const answer = options.onGet(req.url ?? '/', spans);
        res.writeHead(answer === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? { message: 'not found' }));
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`cannot listen on 127.0.0.1:${port} for OTLP (${(err as Error).message}); stop any local collector first`)));
    server.listen(port, '127.0.0.1', resolve);
  });
  return { spans, close: () => new Promise((r) => server.close(() => r())) };
}
