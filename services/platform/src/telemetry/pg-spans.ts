import pg from 'pg';
import { SpanKind, SpanStatusCode, context, trace, type Span } from '@opentelemetry/api';

const tracer = trace.getTracer('@reproute/platform/postgres');

/** pg's own `query`, which every form of `TracedClient.query` ends in. */
const clientQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

type QueryCallback = (err: Error | null, result?: pg.QueryResult) => void;
type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** The command a query runs (`SELECT`, `INSERT`…), as OpenTelemetry's Postgres instrumentation names it. */
export function operationOf(text: string): string {
  const sql = text.trimStart();
  const end = sql.search(/[\s;(]/);
  return (end < 0 ? sql : sql.slice(0, end)).toUpperCase();
}

function ended(span: Span, err: unknown, result?: { rowCount?: number | null }): void {
  if (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    const code = (err as { code?: unknown }).code;
    span.setAttribute('error.type', typeof code === 'string' ? code : error.name);
  } else if (typeof result?.rowCount === 'number') {
    span.setAttribute('db.response.returned_rows', result.rowCount);
  }
  span.end();
}

/**
 * A Postgres client whose queries are client spans of the active span, only when that span records (a sampled
 * trace): the span's name and attributes are those of OpenTelemetry's Postgres instrumentation (`pg.query:SELECT
 * reproute`, `db.system.name`, `db.namespace`, `db.query.text`, the server), the values never.
 *
 * It replaces that instrumentation, which did its work on every query, sampled or not: it made a span under the
 * request's unsampled one, wrapped the query's callback and bound the pool's callbacks to the context. Measured
 * with `infra/bench/service-floor.ts`, that was about 9 points of identity's share of its floor. Here a query of
 * an unsampled request costs one look at the active span.
 */
export class TracedClient extends pg.Client {
  // pg's overloads (text or config, values, callback; a Submittable) pass through as they came.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    if (trace.getActiveSpan()?.isRecording() !== true) return clientQuery.apply(this, args);
    const [config, values, callback] = args as [unknown, unknown, unknown];
    const asConfig = typeof config === 'object' && config !== null ? (config as { text?: unknown; name?: unknown; submit?: unknown; callback?: unknown }) : undefined;
    const text = typeof config === 'string' ? config : typeof asConfig?.text === 'string' ? asConfig.text : undefined;
    // A Submittable (a cursor, a stream) reports through its own events, and a callback inside the config is pg's
    // rarest form: both run untraced rather than leave a span open.
    if (text === undefined || typeof asConfig?.submit === 'function' || typeof asConfig?.callback === 'function') return clientQuery.apply(this, args);
    const parameters = (this as unknown as { connectionParameters: { database?: string; host?: string; port?: number } }).connectionParameters;
    const database = parameters.database;
    const name = typeof asConfig?.name === 'string' && asConfig.name ? asConfig.name : undefined;
    const span = tracer.startSpan(`pg.query:${name ?? operationOf(text)}${database ? ` ${database}` : ''}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        ...(database ? { 'db.namespace': database } : {}),
        'db.query.text': text,
        ...(name ? { 'db.postgresql.plan': name } : {}),
        ...(parameters.host ? { 'server.address': parameters.host } : {}),
        ...(parameters.port ? { 'server.port': Number(parameters.port) } : {}),
      },
    });
    const traced = (done: QueryCallback): QueryCallback => (err, result) => {
      ended(span, err, result);
      done(err, result);
    };
    try {
      if (typeof values === 'function') return clientQuery.call(this, config, traced(values as QueryCallback));
      if (typeof callback === 'function') return clientQuery.call(this, config, values, traced(callback as QueryCallback));
      return (clientQuery.call(this, config, values) as Promise<pg.QueryResult>).then(
        (result) => {
          ended(span, undefined, result);
          return result;
        },
        (err: unknown) => {
          ended(span, err);
          throw err;
        },
      );
    } catch (err) {
      ended(span, err);
      throw err;
    }
  }
}

/**
 * A pool of `TracedClient`s. `pool.query` checks out a client with a callback, which runs in whatever context
 * gave a client back when the pool was full (another request's): it is run in the caller's context instead, so
 * the query's span, if any, belongs to the caller's trace.
 */
export class TracedPool extends pg.Pool {
  constructor(options: pg.PoolConfig) {
    super({ ...options, Client: TracedClient });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(callback?: ConnectCallback): any {
    if (!callback) return super.connect();
    const caller = context.active();
    return (super.connect as (cb: ConnectCallback) => void)((err, client, done) => context.with(caller, callback, undefined, err, client, done));
  }
}
