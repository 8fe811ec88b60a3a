import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { busyMessage, createHttpApp } from '../../src/http.ts';
import { opsAppOf } from '../../src/ops.ts';
import { authPlugin, requireRole, requireUser } from '../../src/auth.ts';
import { createLogger } from '../../src/logger.ts';
import { badRequest } from '../../src/errors.ts';
import { setTimeout as sleep } from 'node:timers/promises';

/** Holds the event loop for `ms`, as a CPU-bound request would. */
const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* busy */
  }
};

const issuer = 'reproute-identity';
let app: FastifyInstance;
let privateKey: CryptoKey;
let otherKey: CryptoKey;

async function token(claims: Record<string, unknown>, key = privateKey, expiresIn = '1h') {
  return new SignJWT({ email: 'a@example.com', roles: ['traveller'], jti: 'jti-1', ...claims })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject('00000000-0000-4000-8000-000000000003')
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = pair.privateKey as CryptoKey;
  otherKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey as CryptoKey;
  let healthy = true;
  app = createHttpApp({ logger: createLogger('test', 'silent'), readiness: { db: async () => { if (!healthy) throw new Error('down'); } } });
  await app.register(authPlugin, { key: pair.publicKey, issuer });
  const body = z.object({ name: z.string().trim().min(1, 'Name is required'), age: z.number().int().max(150, 'Too old') });
  app.post('/things', { schema: { body } }, async (request) => ({ ok: true, name: (request.body as { name: string }).name }));
  app.get('/me', async (request) => requireUser(request));
  app.delete('/echo-body', async (request) => ({ body: request.body ?? null }));
  app.get('/admin', async (request) => requireRole(request, 'admin'));
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/public-hotels', { config: { publicCache: { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 300 } } }, async () => ({ hotels: [1, 2, 3] }));
  app.get('/database-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/out-of-range', async () => {
    throw Object.assign(new Error('date/time field value out of range: "275760-09-13"'), { code: '22008' });
  });
  app.get('/bad', async () => {
    throw badRequest('Nope');
  });
  app.get('/hotels/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  app.get('/toggle', async () => {
    healthy = !healthy;
    return { healthy };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('createHttpApp', () => {
  it('answers 400 with the first zod message and every field error', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: '  ', age: 200 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'Name is required', errors: [{ path: 'name' }, { path: 'age', message: 'Too old' }] });
  });

  it('passes parsed (trimmed) values to the handler', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: '  Ann ', age: 30 } });
    expect(res.json()).toEqual({ ok: true, name: 'Ann' });
  });

  it('answers what the router refuses (a parameter over 100 characters, a broken escape) in the API error shape, without the address', async () => {
    const long = await app.inject({ method: 'GET', url: `/hotels/${'%E1%B9%B0o'.repeat(60)}` });
    expect(long.statusCode).toBe(414);
    expect(Object.keys(long.json()).sort()).toEqual(['error', 'message', 'requestId', 'statusCode']);
    expect(long.json()).toMatchObject({ statusCode: 414, error: 'URI Too Long', message: 'The request address is too long.' });
    const broken = await app.inject({ method: 'GET', url: '/hotels/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'The request address is not valid.' });
    expect(broken.json().code).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/hotels/12' })).json()).toEqual({ id: '12' });
  });

  it('answers invalid JSON with 400, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  it('treats an empty JSON body as no body and strips prototype keys', async () => {
    const empty = await app.inject({ method: 'DELETE', url: '/echo-body', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ body: null });
    const poisoned = await app.inject({ method: 'DELETE', url: '/echo-body', headers: { 'content-type': 'application/json' }, payload: '{"a":1,"__proto__":{"admin":true}}' });
    expect(poisoned.json()).toEqual({ body: { a: 1 } });
  });

  it('refuses NUL characters in bodies and URLs with 400, before they reach the database', async () => {
    const body = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name":"a\\u0000b","age":3}' });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('Text must not contain NUL characters');
    expect((await app.inject({ method: 'GET', url: '/me?q=%00' })).statusCode).toBe(400);
  });

  it('refuses lone surrogates, in values and keys, with 400', async () => {
    for (const payload of ['{"name":"a\\ud800b","age":3}', '{"name":"ok","age":3,"\\udc00":1}']) {
      const res = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/valid Unicode/);
    }
    // A well-formed pair (an emoji) is fine.
    const emoji = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name":"\\ud83d\\ude00","age":3}' });
    expect(emoji.json()).toEqual({ ok: true, name: '\u{1F600}' });
  });

  it('refuses JSON nested 5,000 deep with a clear 400 (no stack overflow, no 500)', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    const res = await app.inject({ method: 'DELETE', url: '/echo-body', headers: { 'content-type': 'application/json' }, payload: `{"a":${deep}}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
  });

  it('answers a dependency outage (connection refused) with a fast 503 and Retry-After, not 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/database-down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json().message).toBe('The service is temporarily unavailable. Please try again shortly.');
    expect(res.body).not.toContain('5432');
  });

  it('answers a database data exception (a value out of its stored range) with 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/out-of-range' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A value in the request is out of range or malformed');
  });

  it('gives public reads an ETag and caching headers, 304 when the browser has the answer', async () => {
    const first = await app.inject({ url: '/public-hotels' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(first.headers.vary).toMatch(/Authorization/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.inject({ url: '/public-hotels', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/public-hotels', headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.statusCode).toBe(200);
    // A signed-in caller's answer is never stored by any cache.
    const signedIn = await app.inject({ url: '/public-hotels', headers: { authorization: `Bearer ${await token({})}` } });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    // Routes without the policy carry no caching headers.
    expect((await app.inject({ url: '/me' })).headers.etag).toBeUndefined();
  });

  it('hides internal errors behind a generic 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
  });

  it('answers unknown paths with a JSON 404 and echoes request ids', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'req-123' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(res.json().requestId).toBe('req-123');
  });

  it('keeps HttpError status and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nope');
  });

  it('separates liveness from readiness (on the ops app)', async () => {
    const ops = opsAppOf(app);
    expect((await ops.inject({ url: '/health/ready' })).statusCode).toBe(200);
    await app.inject({ url: '/toggle' });
    const ready = await ops.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', checks: { db: 'down' } });
    expect((await ops.inject({ url: '/health/live' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
    await app.inject({ url: '/toggle' });
  });

  it('exposes Prometheus metrics with per-route request durations on the ops app, not the main one', async () => {
    await app.inject({ url: '/things' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(404);
    const res = await opsAppOf(app).inject({ url: '/metrics' });
    expect(res.body).toContain('http_server_request_duration_seconds_bucket');
    expect(res.body).toMatch(/route="\/things"/);
  });
});

describe('authPlugin and guards', () => {
  it('treats a request without a token as anonymous (401 on guarded routes)', async () => {
    const res = await app.inject({ url: '/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication required');
  });

  it('sets request.user from a valid token', async () => {
    const res = await app.inject({ url: '/me', headers: { authorization: `Bearer ${await token({ firstName: 'Ann' })}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: '00000000-0000-4000-8000-000000000003', roles: ['traveller'], firstName: 'Ann' });
  });

  it('refuses tokens signed by another key or expired', async () => {
    expect((await app.inject({ url: '/me', headers: { authorization: `Bearer ${await token({}, otherKey)}` } })).statusCode).toBe(401);
    const expired = await new SignJWT({ email: 'a@example.com', roles: ['traveller'], jti: 'x' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('00000000-0000-4000-8000-000000000003')
      .setIssuer(issuer)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(privateKey);
    expect((await app.inject({ url: '/me', headers: { authorization: `Bearer ${expired}` } })).statusCode).toBe(401);
  });

  it('answers 403 when the role is missing and 200 when present', async () => {
    expect((await app.inject({ url: '/admin', headers: { authorization: `Bearer ${await token({})}` } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin', headers: { authorization: `Bearer ${await token({ roles: ['traveller', 'admin'] })}` } })).statusCode).toBe(200);
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After at once while the event loop is overloaded, keeps probes and exempt paths up, and recovers', async () => {
    const shedApp = createHttpApp({
      logger: createLogger('test', 'silent'),
      shedding: { SHED_MAX_EVENT_LOOP_DELAY_MS: 30, SHED_MAX_EVENT_LOOP_UTILIZATION: 0, SHED_RETRY_AFTER_SECONDS: 3, SHED_WARMUP_MS: 0, SHED_MAX_IN_FLIGHT: 0, SHED_LATENCY_TARGET_MS: 0, SHED_LATENCY_SUSTAIN_MS: 1_000, SHED_EVENT_LOOP_DELAY_TARGET_MS: 0, SHED_MIN_IN_FLIGHT: 8 },
      shedExempt: (url) => url.startsWith('/page/'),
    });
    shedApp.get('/work', async () => ({ done: true }));
    shedApp.get('/page/*', async () => 'the page');
    await shedApp.ready();
    try {
      expect((await shedApp.inject({ url: '/work' })).statusCode).toBe(200);
      // Congest the loop as a flood of CPU-bound requests would: every tick waits ~60 ms, for over a second.
      const congest = async (ms: number) => {
        const end = Date.now() + ms;
        while (Date.now() < end) {
          const until = Date.now() + 60;
          while (Date.now() < until) {
            /* busy */
          }
          await new Promise((r) => setImmediate(r));
        }
      };
      // Shedding goes by two whole windows of delay (250 ms each, the sampler's first one after start up to 500 ms
      // late): over a second of congestion is enough on a quiet machine, and on a busy one the windows may fall later.
      // So the loop stays congested until a request is shed, for at most five seconds.
      const started = Date.now();
      await congest(1_200);
      let shed = await shedApp.inject({ url: '/work' });
      while (shed.statusCode !== 503 && Date.now() - started < 5_000) {
        await congest(250);
        shed = await shedApp.inject({ url: '/work' });
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('3');
      expect(shed.json()).toMatchObject({ statusCode: 503, message: 'The service is busy. Please try again shortly.', retryAfterSeconds: 3 });
      expect((await shedApp.inject({ url: '/health/live' })).statusCode).toBe(200);
      // What the app exempts is served all the same.
      const exempt = await shedApp.inject({ url: '/page/search' });
      expect([exempt.statusCode, exempt.body]).toEqual([200, 'the page']);
      // Once the loop is calm again, requests are served.
      let recovered = false;
      for (let round = 0; round < 20 && !recovered; round += 1) {
        await sleep(250);
        recovered = (await shedApp.inject({ url: '/work' })).statusCode === 200;
      }
      expect(recovered).toBe(true);
    } finally {
      await shedApp.close();
    }
  }, 20_000);

  it('with an event-loop delay target, turns a growing share away while the loop stays late (a page of its own to a page request) and serves everything again once it is not', async () => {
    const shedApp = createHttpApp({
      logger: createLogger('test', 'silent'),
      shedding: { SHED_MAX_EVENT_LOOP_DELAY_MS: 600_000, SHED_MAX_EVENT_LOOP_UTILIZATION: 0, SHED_RETRY_AFTER_SECONDS: 2, SHED_WARMUP_MS: 0, SHED_MAX_IN_FLIGHT: 0, SHED_LATENCY_TARGET_MS: 0, SHED_LATENCY_SUSTAIN_MS: 1_000, SHED_EVENT_LOOP_DELAY_TARGET_MS: 5, SHED_MIN_IN_FLIGHT: 8 },
      shedExempt: (url) => url.startsWith('/assets/'),
      shedPage: '<!doctype html><title>Busy</title><h1>Busy</h1>',
      shedHeaders: (request): Record<string, string> => (request.url.startsWith('/api/') ? { 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'none'" } : { 'x-frame-options': 'DENY' }),
    });
    shedApp.get('/work', async () => ({ done: true }));
    shedApp.get('/api/work', async () => ({ done: true }));
    shedApp.get('/assets/*', async () => 'a file');
    await shedApp.ready();
    // The loop held ~60 ms a tick, as a flood of requests would hold it; each round asks twenty times, and any 503
    // in it is the share at work (a share, not everything: some of the twenty may be served).
    const congest = async (ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        block(60);
        await new Promise((r) => setImmediate(r));
      }
    };
    const round = async (headers: Record<string, string> = {}, url = '/work') => Promise.all(Array.from({ length: 20 }, () => shedApp.inject({ url, headers })));
    try {
      expect((await round()).every((r) => r.statusCode === 200)).toBe(true);
      const started = Date.now();
      let shed: Awaited<ReturnType<typeof round>> = [];
      while (shed.length === 0 && Date.now() - started < 10_000) {
        await congest(250);
        shed = (await round({ accept: 'text/html,application/xhtml+xml' })).filter((r) => r.statusCode === 503);
      }
      expect(shed.length).toBeGreaterThan(0);
      expect(shed[0]!.headers['retry-after']).toBe('2');
      expect(shed[0]!.headers['content-type']).toMatch(/^text\/html/);
      expect(shed[0]!.body).toContain('<h1>Busy</h1>');
      expect(shed[0]!.headers['x-frame-options']).toBe('DENY'); // sent before the app's own hooks would set it
      expect(shed[0]!.headers['content-security-policy']).toBeUndefined(); // the page's set, not the API's
      // An API client is told in JSON, with the headers its own answer would have carried; the exempt files and the
      // probes are served all along.
      let json: Awaited<ReturnType<typeof round>> = [];
      while (json.length === 0 && Date.now() - started < 15_000) {
        await congest(250);
        json = (await round({}, '/api/work')).filter((r) => r.statusCode === 503);
      }
      expect(json[0]!.json()).toMatchObject({ statusCode: 503, message: busyMessage, retryAfterSeconds: 2 });
      expect(json[0]!.headers['x-frame-options']).toBe('DENY');
      expect(json[0]!.headers['content-security-policy']).toBe("default-src 'none'");
      expect((await shedApp.inject({ url: '/assets/app.css' })).statusCode).toBe(200);
      expect((await shedApp.inject({ url: '/health/live' })).statusCode).toBe(200);
      // Calm again: the share falls back to nothing.
      let recovered = false;
      for (let r = 0; r < 40 && !recovered; r += 1) {
        await sleep(250);
        recovered = (await round()).every((a) => a.statusCode === 200);
      }
      expect(recovered).toBe(true);
    } finally {
      await shedApp.close();
    }
  }, 30_000);

  it('answers 503 at once past the requests in flight it allows, counting each until its answer or its client is gone', async () => {
    const app = createHttpApp({
      logger: createLogger('test', 'silent'),
      shedding: { SHED_MAX_EVENT_LOOP_DELAY_MS: 600_000, SHED_MAX_EVENT_LOOP_UTILIZATION: 0, SHED_RETRY_AFTER_SECONDS: 2, SHED_WARMUP_MS: 0, SHED_MAX_IN_FLIGHT: 2, SHED_LATENCY_TARGET_MS: 0, SHED_LATENCY_SUSTAIN_MS: 1_000, SHED_EVENT_LOOP_DELAY_TARGET_MS: 0, SHED_MIN_IN_FLIGHT: 8 },
    });
    // Each /slow request waits until the test lets it finish, as a request waiting on a busy database would.
    const waiting: (() => void)[] = [];
    app.get('/slow', () => new Promise((resolve) => waiting.push(() => resolve({ done: true }))));
    app.get('/fast', async () => ({ done: true }));
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const first = fetch(`${base}/slow`);
      const second = fetch(`${base}/slow`);
      await vi.waitFor(() => expect(waiting).toHaveLength(2));
      const shed = await fetch(`${base}/fast`);
      expect([shed.status, shed.headers.get('retry-after')]).toEqual([503, '2']);
      expect(await shed.json()).toMatchObject({ message: 'The service is busy. Please try again shortly.' });
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      // One answered: room for one more.
      waiting.shift()!();
      expect((await first).status).toBe(200);
      expect((await fetch(`${base}/fast`)).status).toBe(200);
      // A client that goes away frees its place too.
      const aborted = new AbortController();
      const third = fetch(`${base}/slow`, { signal: aborted.signal }).catch(() => 'aborted');
      await vi.waitFor(() => expect(waiting).toHaveLength(2));
      expect((await fetch(`${base}/fast`)).status).toBe(503);
      aborted.abort();
      expect(await third).toBe('aborted');
      await vi.waitFor(async () => expect((await fetch(`${base}/fast`)).status).toBe(200));
      for (const finish of waiting) finish();
      expect((await second).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('with a latency target, lets fewer requests in at once once answers are slow, sheds the rest at once, and lets them in again when answers are fast', async () => {
    // Slow answers take 600 ms against a 200 ms target, fast ones none: far apart, so a busy machine's own delay
    // (the test command runs four stacks beside this) moves neither across the target. The arithmetic of the
    // limit is AdaptiveConcurrencyLimit's own tests (load-shedding.test.ts); this is its place in a request.
    const app = createHttpApp({
      logger: createLogger('test', 'silent'),
      shedding: { SHED_MAX_EVENT_LOOP_DELAY_MS: 600_000, SHED_MAX_EVENT_LOOP_UTILIZATION: 0, SHED_RETRY_AFTER_SECONDS: 2, SHED_WARMUP_MS: 0, SHED_MAX_IN_FLIGHT: 40, SHED_LATENCY_TARGET_MS: 200, SHED_LATENCY_SUSTAIN_MS: 1_000, SHED_EVENT_LOOP_DELAY_TARGET_MS: 0, SHED_MIN_IN_FLIGHT: 4 },
    });
    let delayMs = 600;
    // Every request that reaches the server, admitted or shed. A slow answer ends only once its whole round has
    // arrived: on a busy machine a round of 30 can take longer than 600 ms to arrive, and a place freed by an early
    // answer would let a late request in, so the count admitted would no longer be the limit.
    let arrived = 0;
    let roundArrives = 0;
    app.server.on('request', () => {
      arrived += 1;
    });
    app.get('/work', async () => {
      if (delayMs > 0) {
        await sleep(delayMs);
        while (arrived < roundArrives) await sleep(10);
      }
      return { done: true };
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const round = async (n: number) => {
      roundArrives = arrived + n;
      return Promise.all(Array.from({ length: n }, () => fetch(`${base}/work`).then((r) => r.status)));
    };
    const admittedOf = (statuses: number[]) => statuses.filter((s) => s === 200).length;
    try {
      // 30 at once all go in at first, then the limit falls to its floor of 4 while answers stay slow.
      expect(await round(30)).toEqual(Array(30).fill(200));
      let statuses: number[] = [];
      for (const until = Date.now() + 40_000; Date.now() < until && admittedOf(statuses) !== 4; ) statuses = await round(30);
      expect(admittedOf(statuses)).toBe(4);
      expect(statuses.filter((s) => s === 503).length).toBe(26);
      expect(admittedOf(await round(30))).toBe(4);
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      // Fast answers again: the limit grows back until all 30 go in.
      delayMs = 0;
      let admitted = 0;
      for (const until = Date.now() + 40_000; Date.now() < until && admitted < 30; await sleep(20)) admitted = admittedOf(await round(30));
      expect(admitted).toBe(30);
    } finally {
      await app.close();
    }
  }, 100_000);
});
