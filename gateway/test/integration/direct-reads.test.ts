import http from 'node:http';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createLogger, screenAccessToken, type Admission, type RevocationCheck } from '@reproute/platform';
import { SpanKind } from '@opentelemetry/api';
import { eventually, stack } from '@reproute/platform/testing';
import { installTestTracing } from '@reproute/platform/testing/tracing';
import { tracedRequestListener } from '@reproute/platform/telemetry/server-span';
import { signTestToken, testSigningKey, type TestSigningKey } from '@reproute/platform/testing/service-under-test';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';
import { everyServiceAt } from '../every-service-at.ts';
import { routedEndpoints, serviceNames } from '../../src/routes.ts';
import { directReads } from '../../src/direct-reads.ts';
import { SharedBudgetStore } from '../../src/rate-limit-store.ts';
import { ServiceInstances } from '../../src/instances.ts';
import { answerSecurityHeaders } from '../../src/security-headers.ts';

// A signed-in caller's reads are answered before Fastify (direct-reads.ts). Here the direct path alone, on a
// server of its own (what it leaves to Fastify answers 599, so each test knows which path answered), against a
// stand-in service that echoes what reached it; and then through the whole gateway, where its answers must be
// the Fastify route's own, header for header.

interface Reached {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

let upstream: http.Server;
let target: string;
let reached: Reached[] = [];
/** The stand-in's next answer body and headers. */
let answerBody: Buffer = Buffer.from('{"items":[]}');
let answerHeaders: Record<string, string> = {};
let redis: Redis;
let key: TestSigningKey;
const issuer = 'https://identity.reproute.test';
let revoked = new Set<string>();
let revocationsReady = true;
const revocations: RevocationCheck = {
  get ready() {
    return revocationsReady;
  },
  isRevoked: ({ jti }) => revoked.has(jti),
};
let verdict: string | undefined;
const admission: Admission = () => verdict;
const logLines: string[] = [];

let directBase: string;
let closeDirect: () => Promise<void>;
let store: SharedBudgetStore;
const budgetMax = 1_000;

async function tokenFor(roles: ('traveller' | 'provider' | 'admin')[], known = true): Promise<{ token: string; jti: string }> {
  const signed = await signTestToken(key, issuer, { roles });
  // Verified once, as the gateway's screening does on a caller's first request.
  if (known) await screenAccessToken(signed.token, { key: key.publicKey, issuer });
  const jti = JSON.parse(Buffer.from(signed.token.split('.')[1]!, 'base64url').toString()).jti as string;
  return { token: signed.token, jti };
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/health/')) return res.end('{"status":"ready"}');
      reached.push({ method: req.method!, url: req.url!, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answerBody.length, 'x-served-by': 'stand-in', ...answerHeaders });
      res.end(answerBody);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  redis = new Redis(stack.redisUrl);
  key = await testSigningKey();
  store = new SharedBudgetStore({ redis, nameSpace: `ratelimit:direct-reads-test-${process.pid}-${Date.now()}:` });
  const logs = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  ({ base: directBase, close: closeDirect } = await directServer({ logger: createLogger('gateway-test', 'info', logs) }));
});

/**
 * The direct path on a server of its own; what it leaves to Fastify answers 599. By default against the stand-in,
 * with the shared budget of `budgetMax`, HSTS configured, and the shedder's verdict `verdict`.
 */
async function directServer(
  overrides: Partial<Parameters<typeof directReads>[0]> & { serviceUrl?: string; wrap?: (listener: http.RequestListener) => http.RequestListener } = {},
): Promise<{ base: string; close: () => Promise<void> }> {
  const { serviceUrl = target, wrap = (listener) => listener, ...options } = overrides;
  const instances = Object.fromEntries(serviceNames.map((name) => [name, new ServiceInstances(name, [serviceUrl], { logger: createLogger('test', 'silent'), opsPortOffset: 0, pool: { connections: 4 } })]));
  const handle = directReads({
    endpoints: routedEndpoints,
    instances: instances as never,
    screening: { key: key.publicKey, issuer, revocations },
    securityHeaders: answerSecurityHeaders({ headers: {}, hsts: 'max-age=600; includeSubDomains' }),
    trustProxy: false,
    budget: { store, max: budgetMax, timeWindowMs: 60_000 },
    logger: createLogger('gateway-test', 'silent'),
    admission,
    ...options,
  });
  const server = http.createServer(
    wrap((req, res) => {
      if (handle(req, res)) return;
      res.writeHead(599, { 'x-left-to': 'fastify' });
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(Object.values(instances).map((i) => i.close()));
    },
  };
}

afterAll(async () => {
  store?.close();
  await closeDirect?.();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  redis?.disconnect();
});

beforeEach(() => {
  reached = [];
  answerBody = Buffer.from('{"items":[]}');
  answerHeaders = {};
  revoked = new Set();
  revocationsReady = true;
  verdict = undefined;
});

/** A raw request (fetch would normalise the path and add headers of its own). */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string, base = directBase): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the direct path', () => {
  it('answers a known token\'s read of a signed-in endpoint as the route would: screened hop, no-store, security and budget headers, one access line', async () => {
    const { token } = await tokenFor(['traveller']);
    answerHeaders = { 'cache-control': 'public, max-age=300' };
    const answer = await rawGet('/api/favorites?page=2', {
      authorization: `Bearer ${token}`,
      'x-request-id': 'trace-me-1',
      'x-user-id': 'someone-else',
      'x-user-roles': 'admin',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('{"items":[]}');
    // What the service said about caching is overruled: a private answer is never stored.
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-served-by']).toBe('stand-in');
    // The API's security headers, not the pages' (security-headers.ts).
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    // Over plain http, no HSTS.
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(answer.headers['x-request-id']).toBe('trace-me-1');
    expect(answer.headers['x-ratelimit-limit']).toBe(String(budgetMax));
    expect(Number(answer.headers['x-ratelimit-remaining'])).toBeLessThan(budgetMax);
    expect(answer.headers['content-length']).toBe('12');

    expect(reached).toHaveLength(1);
    const hop = reached[0]!;
    expect(hop.url).toBe('/api/favorites?page=2');
    expect(hop.headers.authorization).toBe(`Bearer ${token}`);
    expect(hop.headers['x-user-id']).toBeUndefined();
    expect(hop.headers['x-user-roles']).toBeUndefined();
    expect(hop.headers['x-request-id']).toBe('trace-me-1');
    // The caller's X-Forwarded-For is not believed (TRUST_PROXY unset): the socket's address goes on.
    expect(hop.headers['x-forwarded-for']).toBe('127.0.0.1');
    // This hop's own trace context, not the caller's span.
    expect(hop.headers.traceparent ?? '').not.toContain('b7ad6b7169203331');

    const line = logLines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.reqId === 'trace-me-1');
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/favorites?page=2', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
  });

  it('believes the proxy in front only when told to (TRUST_PROXY): the client address and HTTPS from its headers', async () => {
    const { token } = await tokenFor(['traveller']);
    const behindProxy = await directServer({ trustProxy: true });
    try {
      const answer = await rawGet('/api/favorites', { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9, 10.0.0.2', 'x-forwarded-proto': 'https' }, 'GET', undefined, behindProxy.base);
      expect(answer.status).toBe(200);
      expect(answer.headers['strict-transport-security']).toBe('max-age=600; includeSubDomains');
      expect(reached[0]!.headers['x-forwarded-for']).toBe('203.0.113.9');
    } finally {
      await behindProxy.close();
    }
  });

  it('admits a provider to a provider endpoint and an admin to an admin endpoint', async () => {
    const provider = await tokenFor(['traveller', 'provider']);
    const admin = await tokenFor(['traveller', 'admin']);
    const providerRead = routedEndpoints.find((endpoint) => endpoint.method === 'GET' && endpoint.access === 'provider')!;
    const adminRead = routedEndpoints.find((endpoint) => endpoint.method === 'GET' && endpoint.access === 'admin')!;
    const path = (template: string) => template.replace(/:[A-Za-z]+/g, '1');
    expect((await rawGet(path(providerRead.path), { authorization: `Bearer ${provider.token}` })).status).toBe(200);
    expect((await rawGet(path(adminRead.path), { authorization: `Bearer ${admin.token}` })).status).toBe(200);
    expect(reached.map((hop) => hop.url)).toEqual([path(providerRead.path), path(adminRead.path)]);
  });

  it('leaves every other request to Fastify, having sent nothing on', async () => {
    const traveller = await tokenFor(['traveller']);
    const unknown = await tokenFor(['traveller'], false);
    const gone = await tokenFor(['traveller']);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const providerRead = routedEndpoints.find((endpoint) => endpoint.method === 'GET' && endpoint.access === 'provider')!.path.replace(/:[A-Za-z]+/g, '1');
    const cases: [string, () => Promise<{ status: number }>][] = [
      ['a visitor', () => rawGet('/api/favorites')],
      ['a token never verified here', () => rawGet('/api/favorites', bearer(unknown.token))],
      ['a forged token', () => rawGet('/api/favorites', bearer(`${traveller.token}x`))],
      ['another scheme', () => rawGet('/api/favorites', { authorization: `Basic ${traveller.token}` })],
      ['a traveller at a provider endpoint', () => rawGet(providerRead, bearer(traveller.token))],
      ['a public read', () => rawGet('/api/cities', bearer(traveller.token))],
      ['a path no endpoint has', () => rawGet('/api/no-such-thing', bearer(traveller.token))],
      ['a page', () => rawGet('/favorites', bearer(traveller.token))],
      ['a write', () => rawGet('/api/favorites', bearer(traveller.token), 'POST', '{}')],
      ['a read with a body', () => rawGet('/api/favorites', bearer(traveller.token), 'GET', '{}')],
      ['a doubled slash', () => rawGet('/api//favorites', bearer(traveller.token))],
      ['a dot segment', () => rawGet('/api/./favorites', bearer(traveller.token))],
      ['an escape', () => rawGet('/api/favorit%65s', bearer(traveller.token))],
      ['an escaped NUL', () => rawGet('/api/favorites?q=%00', bearer(traveller.token))],
    ];
    for (const [name, send] of cases) expect((await send()).status, name).toBe(599);

    revoked = new Set([gone.jti]);
    expect((await rawGet('/api/favorites', bearer(gone.token))).status, 'a revoked token').toBe(599);
    revocationsReady = false;
    expect((await rawGet('/api/favorites', bearer(traveller.token))).status, 'revocations never loaded').toBe(599);
    revocationsReady = true;
    verdict = 'concurrency';
    expect((await rawGet('/api/favorites', bearer(traveller.token))).status, 'the shedder refusing').toBe(599);
    expect(reached).toEqual([]);
  });

  it('answers a caller past its budget 429 with when to try again, without asking the service', async () => {
    const { token } = await tokenFor(['traveller']);
    const own = new SharedBudgetStore({ redis, nameSpace: `ratelimit:direct-reads-budget-${process.pid}-${Date.now()}:` });
    const small = await directServer({ budget: { store: own, max: 3, timeWindowMs: 60_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push(await rawGet('/api/favorites', { authorization: `Bearer ${token}` }, 'GET', undefined, small.base));
      expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
      const refused = statuses[3]!;
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(JSON.parse(refused.body.toString())).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: 'Too many requests. Please slow down and try again shortly.' });
      expect(reached).toHaveLength(3);
    } finally {
      own.close();
      await small.close();
    }
  });
});

describe('the direct path, compression and failures', () => {
  it('compresses answers as the compress plugins do: 1-64 KB whole and sized, larger ones streamed, none on request', async () => {
    const { token } = await tokenFor(['traveller']);
    const auth = { authorization: `Bearer ${token}` };
    const json = (size: number) => Buffer.from(JSON.stringify({ items: 'x'.repeat(size) }));

    answerBody = json(5_000);
    const whole = await rawGet('/api/favorites', { ...auth, 'accept-encoding': 'br, gzip' });
    expect(whole.headers['content-encoding']).toBe('br');
    expect(whole.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(whole.headers['content-length'])).toBe(whole.body.length);
    expect(zlib.brotliDecompressSync(whole.body).equals(answerBody)).toBe(true);

    const gzip = await rawGet('/api/favorites', { ...auth, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(answerBody)).toBe(true);

    answerBody = json(200_000);
    const large = await rawGet('/api/favorites', { ...auth, 'accept-encoding': 'br' });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
    expect(zlib.brotliDecompressSync(large.body).equals(answerBody)).toBe(true);

    const asked = await rawGet('/api/favorites', { ...auth, 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.body.equals(answerBody)).toBe(true);

    answerBody = Buffer.from('{"items":[]}');
    const small = await rawGet('/api/favorites', { ...auth, 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"items":[]}');
  });

  it('traces a read in its server span, named after its route, whose context goes on to the service and into the access line', async () => {
    // A real tracer recording in memory, and the request's server span made where it arrives, as in a process.
    const exporter = installTestTracing();
    const { token } = await tokenFor(['traveller']);
    const lines: string[] = [];
    const logs = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const traced = await directServer({ logger: createLogger('gateway-test', 'info', logs), wrap: tracedRequestListener });
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    try {
      const answer = await rawGet('/api/favorites?page=1', { authorization: `Bearer ${token}`, 'x-request-id': 'traced-1', traceparent: `00-${traceId}-b7ad6b7169203331-01` }, 'GET', undefined, traced.base);
      expect(answer.status).toBe(200);
      const span = await eventually(async () => exporter.getFinishedSpans().find((s) => s.spanContext().traceId === traceId && s.kind === SpanKind.SERVER));
      expect(span.name).toBe('GET /api/favorites');
      expect(span.attributes['http.route']).toBe('/api/favorites');
      expect(span.attributes['http.response.status_code']).toBe(200);
      expect(span.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
      // The service's hop is a child of this span; the access line names the same trace and span.
      expect(reached.at(-1)!.headers.traceparent).toBe(`00-${traceId}-${span.spanContext().spanId}-01`);
      const line = await eventually(async () => lines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.reqId === 'traced-1'));
      expect(line).toMatchObject({ msg: 'request completed', trace_id: traceId, span_id: span.spanContext().spanId, res: { statusCode: 200 } });
    } finally {
      await traced.close();
    }
  });

  it('answers a service that cannot be reached with the route\'s JSON 503 naming it', async () => {
    const { token } = await tokenFor(['traveller']);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await directServer({ serviceUrl: `http://127.0.0.1:${port}` });
    try {
      const res = await fetch(`${down.base}/api/favorites`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'down-1' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The engagement service is temporarily unavailable. Please try again shortly.', service: 'engagement', requestId: 'down-1' });
    } finally {
      await down.close();
    }
  });
});

describe('through the gateway', () => {
  let gateway: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const config = configSchema.parse({
      ...everyServiceAt(target),
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_NAMESPACE: `ratelimit:direct-reads-gateway-test-${process.pid}-${Date.now()}:`,
      FRONTEND_DIST: '/nonexistent',
      JWT_ISSUER: issuer,
    });
    gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, key: key.publicKey, revocations: { ready: true, isRevoked: () => false } });
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('a caller\'s first read (its token verified by Fastify\'s screening) and its next (the direct path) answer alike, header for header', async () => {
    const { token } = await tokenFor(['traveller'], false);
    answerHeaders = { 'cache-control': 'public, max-age=60', etag: 'W/"abc"' };
    for (const size of [12, 5_000]) {
      answerBody = size === 12 ? Buffer.from('{"items":[]}') : Buffer.from(JSON.stringify({ items: 'y'.repeat(size) }));
      const read = async () => {
        const res = await fetch(`${base}/api/favorites?sort=recent`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } });
        const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(name)));
        return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
      };
      const first = await read();
      const next = await read();
      expect(next, `an answer of ${size} bytes`).toEqual(first);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expect(reached.filter((hop) => hop.url === '/api/favorites?sort=recent')).toHaveLength(4);
  });
});
