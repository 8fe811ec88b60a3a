import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SpanKind, SpanStatusCode, context, trace, type Span } from '@opentelemetry/api';
import type { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type pg from 'pg';
import { createPool, withTransaction, type Pool } from '../../src/db.ts';
import { operationOf } from '../../src/telemetry/pg-spans.ts';
import { stack } from '../../src/testing/stack.ts';
import { installTestTracing } from '../../src/testing/tracing.ts';

// The platform's Postgres spans (telemetry/pg-spans.ts) against real Postgres and a real in-memory tracer: a span
// per query of a sampled request, in that request's trace, and nothing at all for an unsampled one.

const url = new URL(stack.databaseUrl('postgres'));
const tracer = trace.getTracer('pg-spans-test');
let exporter: InMemorySpanExporter;
let pool: Pool;

beforeAll(() => {
  exporter = installTestTracing();
  // One connection: a second caller waits for the first one's client.
  pool = createPool({ url: url.toString(), schema: 'public', max: 1 });
});
afterAll(() => pool.end());
beforeEach(() => exporter.reset());

/** Runs `work` as a request of a sampled trace, its server span ended afterwards. */
async function sampled<T>(name: string, work: () => Promise<T>): Promise<{ span: Span; result: T }> {
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER });
  try {
    return { span, result: await context.with(trace.setSpan(context.active(), span), work) };
  } finally {
    span.end();
  }
}

/** Runs `work` as a request of a trace the sampler dropped (its context carries the ids, no recording span). */
function unsampled<T>(work: () => Promise<T>): Promise<T> {
  const span = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 0 });
  return context.with(trace.setSpan(context.active(), span), work);
}

const queriesOf = (spans: ReadableSpan[]) => spans.filter((s) => s.name.startsWith('pg.query'));
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('Postgres spans', () => {
  it('a query of a sampled request is a client span below it, with the SQL, never the values', async () => {
    const { span, result } = await sampled('GET /things', () => pool.query<{ n: number }>('SELECT $1::int + 1 AS n', [41]));
    expect(result.rows).toEqual([{ n: 42 }]);
    const [query, ...others] = queriesOf(exporter.getFinishedSpans());
    expect(others).toEqual([]);
    expect(query!.name).toBe(`pg.query:SELECT ${url.pathname.slice(1)}`);
    expect(query!.kind).toBe(SpanKind.CLIENT);
    expect(query!.spanContext().traceId).toBe(span.spanContext().traceId);
    expect(parentOf(query!)).toBe(span.spanContext().spanId);
    expect(query!.attributes).toEqual({
      'db.system.name': 'postgresql',
      'db.namespace': url.pathname.slice(1),
      'db.query.text': 'SELECT $1::int + 1 AS n',
      'server.address': url.hostname,
      'server.port': Number(url.port || 5432),
      'db.response.returned_rows': 1,
    });
    expect(JSON.stringify(query!.attributes)).not.toContain('41');
    expect(query!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('a transaction is one span per statement, BEGIN to COMMIT, all below the request', async () => {
    const { span } = await sampled('POST /things', () => withTransaction(pool, (tx) => tx.query('SELECT 1')));
    const names = queriesOf(exporter.getFinishedSpans()).map((s) => [s.name.split(' ')[0], parentOf(s)]);
    expect(names).toEqual([
      ['pg.query:BEGIN', span.spanContext().spanId],
      ['pg.query:SELECT', span.spanContext().spanId],
      ['pg.query:COMMIT', span.spanContext().spanId],
    ]);
  });

  it('an unsampled request, and work outside any request, make no span, and their queries answer as before', async () => {
    expect((await unsampled(() => pool.query('SELECT 2 AS n'))).rows).toEqual([{ n: 2 }]);
    expect((await unsampled(() => withTransaction(pool, (tx) => tx.query('SELECT 3 AS n')))).rows).toEqual([{ n: 3 }]);
    expect((await pool.query('SELECT 4 AS n')).rows).toEqual([{ n: 4 }]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('a failing query ends its span as an error with the Postgres code, and the caller still gets the error', async () => {
    const failed = sampled('GET /broken', () => pool.query('SELECT * FROM no_such_table_here'));
    await expect(failed).rejects.toMatchObject({ code: '42P01' });
    const [query] = queriesOf(exporter.getFinishedSpans());
    expect(query!.status.code).toBe(SpanStatusCode.ERROR);
    expect(query!.attributes['error.type']).toBe('42P01');
    expect(query!.events.map((e) => e.name)).toEqual(['exception']);
    // The pool is whole afterwards.
    expect((await pool.query('SELECT 5 AS n')).rows).toEqual([{ n: 5 }]);
  });

  it('the callback form of a client in a transaction is traced as well', async () => {
    const { span } = await sampled('GET /callback', () =>
      withTransaction(pool, (tx) => new Promise<pg.QueryResult>((resolve, reject) => (tx as pg.PoolClient).query('SELECT 6 AS n', (err, res) => (err ? reject(err) : resolve(res))))),
    );
    const select = queriesOf(exporter.getFinishedSpans()).find((s) => s.attributes['db.query.text'] === 'SELECT 6 AS n');
    expect(parentOf(select!)).toBe(span.spanContext().spanId);
  });

  it("a caller waiting for the pool's only client gets its span in its own trace, not in the trace of the request that gave the client back", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A holds the only client inside its transaction; B (unsampled) and C (sampled) queue behind it.
    const a = sampled('A', () => withTransaction(pool, async (tx) => { await tx.query("SELECT 'a' AS who"); await held; }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const b = unsampled(() => pool.query("SELECT 'b' AS who"));
    const c = sampled('C', () => pool.query("SELECT 'c' AS who"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [traceA, , traceC] = await Promise.all([a, b, c]);
    const spans = queriesOf(exporter.getFinishedSpans());
    const byText = (who: string) => spans.filter((s) => s.attributes['db.query.text'] === `SELECT '${who}' AS who`);
    expect(byText('b')).toEqual([]);
    expect(byText('c').map((s) => [s.spanContext().traceId, parentOf(s)])).toEqual([[traceC.span.spanContext().traceId, traceC.span.spanContext().spanId]]);
    const inA = spans.filter((s) => s.spanContext().traceId === traceA.span.spanContext().traceId).map((s) => s.name.split(' ')[0]);
    expect(inA).toEqual(['pg.query:BEGIN', 'pg.query:SELECT', 'pg.query:COMMIT']);
  });

  it("names a statement by its command, as OpenTelemetry's instrumentation does", () => {
    expect(operationOf('  select 1')).toBe('SELECT');
    expect(operationOf('COMMIT;')).toBe('COMMIT');
    expect(operationOf('WITH x AS (SELECT 1) SELECT * FROM x')).toBe('WITH');
    expect(operationOf('INSERT INTO t(a) VALUES (1)')).toBe('INSERT');
  });
});
