import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@reproute/platform';
import { stack } from '@reproute/platform/testing';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';
import { everyServiceAt } from '../every-service-at.ts';
import { sharedLifetimeMs } from '../../src/public-cache.ts';

// In-process gateways over real Redis, with a server standing in for the catalog and engagement that
// counts what reaches it and answers the way they do: public reads marked `public, max-age=15` for a
// visitor and `private, no-cache` for a signed-in caller, each with its ETag; every write changes the data.
let upstream: http.Server;
let redis: Redis;
let privateKey: CryptoKey;
let publicKey: CryptoKey;
let distDir: string;
let dataVersion = 1;
const reached: { method: string; url: string; ifNoneMatch?: string; authorization?: string }[] = [];
const gateways: FastifyInstance[] = [];

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://upstream');
  const signedIn = req.headers.authorization !== undefined;
  const mode = url.searchParams.get('mode');
  const body = JSON.stringify({ url: req.url, version: dataVersion, caller: req.headers.authorization ?? null, padding: 'squat rack '.repeat(200) });
  res.setHeader('content-type', mode === 'text' ? 'text/plain' : 'application/json; charset=utf-8');
  res.setHeader('vary', mode === 'vary-cookie' ? 'Authorization, Cookie' : 'Authorization');
  res.setHeader('cache-control', signedIn ? 'private, no-cache' : mode === 'no-store' ? 'no-store' : 'public, max-age=15, stale-while-revalidate=60');
  res.setHeader('etag', `W/"${createHash('sha1').update(body).digest('base64url')}"`);
  if (mode === 'missing') res.statusCode = 404;
  res.end(body);
}

async function token(roles: string[], subject: string) {
  return new SignJWT({ email: `${subject.slice(-4)}@example.com`, roles, jti: `jti-${subject}-${Date.now()}-${Math.random()}` })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject(subject)
    .setIssuer('reproute-identity')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

/** A gateway in front of the stand-in; `env` sets its configuration. */
async function gatewayWith(env: Record<string, string> = {}): Promise<string> {
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const config = configSchema.parse({
    ...everyServiceAt(upstreamUrl),
    FRONTEND_DIST: distDir,
    REDIS_URL: stack.redisUrl,
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_NAMESPACE: `ratelimit:public-cache-test-${process.pid}-${Date.now()}-${gateways.length}:`,
    ...env,
  });
  const gateway = await buildGateway({ config, logger: createLogger('public-cache-test', 'silent'), redis, key: publicKey });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  gateways.push(gateway);
  return `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
}

/** A GET with exactly these headers (fetch adds Cache-Control: no-cache to a request with If-None-Match). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
  });
}

const reachedCount = (url: string) => reached.filter((r) => r.method === 'GET' && r.url === url).length;
let unique = 0;
/** A search URL no other test asks for, so each test counts from zero. */
const freshSearch = (extra = '') => `/api/hotels/search?query=t${(unique += 1)}-${Date.now()}${extra}`;

let base: string;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    reached.push({ method: req.method ?? '', url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'], authorization: req.headers.authorization });
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      req.on('end', () => {
        dataVersion += 1;
        res.setHeader('content-type', 'application/json');
        res.statusCode = req.url === '/api/hotels/refused' ? 400 : 201;
        res.end(JSON.stringify({ version: dataVersion }));
      });
      return;
    }
    const delay = Number(new URL(req.url ?? '/', 'http://upstream').searchParams.get('delay') ?? 0);
    if (delay > 0) setTimeout(() => answer(req, res), delay);
    else answer(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-cache-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>RepRoute</title><div id="root"></div>');
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = pair.privateKey as CryptoKey;
  publicKey = pair.publicKey as CryptoKey;
  redis = new Redis(stack.redisUrl);
  // Kept as long as the answers allow (15 s), so no check depends on how fast a busy machine asks twice; the TTL has a test of its own.
  base = await gatewayWith({ PUBLIC_CACHE_TTL_MS: '600000' });
});

afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  upstream?.close();
  redis?.disconnect();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('what an upstream answer lets a shared cache keep', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  it('keeps a public JSON 200 for its max-age (s-maxage first), and nothing else', () => {
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, max-age=15, stale-while-revalidate=60', vary: 'Authorization' })).toBe(15_000);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, max-age=15, s-maxage=3' })).toBe(3_000);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, max-age=15', vary: 'Authorization, Accept-Encoding' })).toBe(15_000);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'private, no-cache' })).toBe(0);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'max-age=15' })).toBe(0);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, no-store, max-age=15' })).toBe(0);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, max-age=0' })).toBe(0);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, max-age=15', vary: 'Cookie' })).toBe(0);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, max-age=15', vary: '*' })).toBe(0);
    expect(sharedLifetimeMs(200, { ...json, 'cache-control': 'public, max-age=15', 'set-cookie': 'a=b' })).toBe(0);
    expect(sharedLifetimeMs(404, { ...json, 'cache-control': 'public, max-age=15' })).toBe(0);
    expect(sharedLifetimeMs(200, { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000' })).toBe(0);
  });
});

describe("visitors' public reads through the gateway", () => {
  it('a second visitor asking the same public read is answered from memory, compressed as it accepts, with its age', async () => {
    const url = freshSearch();
    const first = await fetch(`${base}${url}`);
    const firstBody = await first.json();
    const second = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(firstBody);
    expect(reachedCount(url)).toBe(1);
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(second.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(second.headers.get('cache-control')).toBe('public, max-age=15, stale-while-revalidate=60');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // Security headers and a request id of its own, as on every answer.
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const plain = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(firstBody);
    // The other public reads are kept the same way: a hotel, cities, a hotel's reviews.
    for (const read of [`/api/hotels/${unique + 1000}`, `/api/cities?country=t${unique}`, `/api/hotels/${unique + 1000}/reviews`]) {
      await fetch(`${base}${read}`);
      await fetch(`${base}${read}`);
      expect(reachedCount(read), read).toBe(1);
    }
  });

  it('the visitor whose request reached the service gets the same compressed bytes, in one piece, as those answered from memory', async () => {
    const url = freshSearch();
    const raw = (headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${base}${url}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const first = await raw({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    const second = await raw({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reachedCount(url)).toBe(1);
    for (const answer of [first, second]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      // Sized, not streamed in chunks.
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(first.body.equals(second.body)).toBe(true);
    expect(first.headers.etag).toBe(second.headers.etag);
    expect(JSON.parse(zlib.brotliDecompressSync(first.body).toString('utf8'))).toMatchObject({ url, caller: null });
    // gzip to a caller who accepts no brotli, from the same kept answer.
    const gzip = await raw({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(zlib.brotliDecompressSync(first.body))).toBe(true);
    expect(reachedCount(url)).toBe(1);
  });

  it('a signed-in caller always reaches the service, and no caller ever gets another one’s answer', async () => {
    const url = freshSearch();
    const [ana, ben] = await Promise.all([token(['traveller'], '00000000-0000-4000-8000-00000000a001'), token(['traveller'], '00000000-0000-4000-8000-00000000b002')]);
    // Visitors and both travellers, interleaved and at once, many times over.
    const callers = [undefined, ana, ben];
    const answers = await Promise.all(
      Array.from({ length: 90 }, async (_, i) => {
        const caller = callers[i % 3];
        const res = await fetch(`${base}${url}`, { headers: caller ? { authorization: `Bearer ${caller}` } : {} });
        return { caller, status: res.status, body: (await res.json()) as { caller: string | null }, cacheControl: res.headers.get('cache-control') };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.caller).toBe(a.caller ? `Bearer ${a.caller}` : null);
      // The stand-in marks a signed-in caller's answer `private, no-cache`; the gateway sends it on as no-store.
      expect(a.cacheControl).toBe(a.caller ? 'no-store' : 'public, max-age=15, stale-while-revalidate=60');
    }
    const signedInReached = reached.filter((r) => r.url === url && r.authorization !== undefined).length;
    expect(signedInReached).toBe(60);
    expect(reached.filter((r) => r.url === url && r.authorization === undefined).length).toBe(1);
  });

  it('visitors asking at once for a read on its way wait for that one answer', async () => {
    const url = freshSearch('&delay=300');
    const answers = await Promise.all(Array.from({ length: 12 }, async () => (await fetch(`${base}${url}`)).json()));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(reachedCount(url)).toBe(1);
  });

  it('keeps only what the service lets a shared cache keep', async () => {
    for (const mode of ['no-store', 'vary-cookie', 'missing', 'text']) {
      const url = freshSearch(`&mode=${mode}`);
      await fetch(`${base}${url}`);
      await fetch(`${base}${url}`);
      expect(reachedCount(url), mode).toBe(2);
    }
    // A range request is the service's to answer.
    const url = freshSearch();
    await fetch(`${base}${url}`);
    await fetch(`${base}${url}`, { headers: { range: 'bytes=0-9' } });
    expect(reachedCount(url)).toBe(2);
  });

  it('answers 304 from memory to a visitor who has the answer, and asks the service for the whole answer itself', async () => {
    const url = freshSearch();
    const first = await fetch(`${base}${url}`);
    const etag = first.headers.get('etag')!;
    const again = await get(`${base}${url}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(reachedCount(url)).toBe(1);

    // The first caller of a URL may bring its own ETag: the service is still asked for the whole answer, to keep.
    const next = freshSearch();
    const fresh = await get(`${base}${next}`, { 'if-none-match': etag });
    expect(fresh.status).toBe(200);
    expect(reached.find((r) => r.url === next)).toMatchObject({ ifNoneMatch: undefined });
    const kept = await get(`${base}${next}`, { 'if-none-match': String(fresh.headers.etag) });
    expect(kept.status).toBe(304);
    expect(reachedCount(next)).toBe(1);
  });

  it('a provider’s or admin’s write through the gateway empties what is kept before its answer leaves; a traveller’s or a refused write does not', async () => {
    const admin = await token(['admin'], '00000000-0000-4000-8000-00000000c003');
    const url = freshSearch();
    const before = (await (await fetch(`${base}${url}`)).json()) as { version: number };
    const created = await fetch(`${base}/api/hotels`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{}' });
    expect(created.status).toBe(201);
    const after = (await (await fetch(`${base}${url}`)).json()) as { version: number };
    expect(after.version).toBe(before.version + 1);
    expect(reachedCount(url)).toBe(2);

    // A review approved (engagement) empties the catalog's reads too: a hotel carries its reviews' figures.
    const hotel = `/api/hotels/${unique + 2000}`;
    await fetch(`${base}${hotel}`);
    const approved = await fetch(`${base}/api/reviews/00000000-0000-4000-8000-000000000001/approve`, { method: 'PUT', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{}' });
    expect(approved.status).toBe(201);
    await fetch(`${base}${hotel}`);
    expect(reachedCount(hotel)).toBe(2);

    // A traveller's write (a favourite) changes no public read: nothing emptied.
    await fetch(`${base}${url}`);
    expect(reachedCount(url)).toBe(3);
    const traveller = await token(['traveller'], '00000000-0000-4000-8000-00000000c005');
    const favourite = await fetch(`${base}/api/favorites`, { method: 'POST', headers: { authorization: `Bearer ${traveller}`, 'content-type': 'application/json' }, body: '{"hotelId":1}' });
    expect(favourite.status).toBe(201);
    await fetch(`${base}${url}`);
    expect(reachedCount(url)).toBe(3);

    // Refused (4xx): nothing changed, nothing emptied.
    const refused = await fetch(`${base}/api/hotels`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    await fetch(`${base}${url}`);
    expect(reachedCount(url)).toBe(3);
  });

  it('an answer asked for before a write, arriving after it, is given to its caller but not kept', async () => {
    const admin = await token(['admin'], '00000000-0000-4000-8000-00000000c004');
    const url = freshSearch('&delay=400');
    const slow = fetch(`${base}${url}`);
    await sleep(100);
    await fetch(`${base}/api/hotels`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{}' });
    expect((await slow).status).toBe(200);
    await fetch(`${base}${url}`);
    expect(reachedCount(url)).toBe(2);
  });

  it('a visitor asking with Cache-Control: no-cache reaches the service', async () => {
    const url = freshSearch();
    await fetch(`${base}${url}`);
    await fetch(`${base}${url}`, { headers: { 'cache-control': 'no-cache' } });
    expect(reachedCount(url)).toBe(2);
    await fetch(`${base}${url}`);
    expect(reachedCount(url)).toBe(2);
  });

  it('keeps an answer for PUBLIC_CACHE_TTL_MS at most, and not at all at 0', async () => {
    // Long enough that the second request comes within it on a machine busy with the whole suite (at 300 ms it
    // once came after it), short enough to wait out.
    const short = await gatewayWith({ PUBLIC_CACHE_TTL_MS: '2000' });
    const url = freshSearch();
    await fetch(`${short}${url}`);
    await fetch(`${short}${url}`);
    expect(reachedCount(url)).toBe(1);
    await sleep(2_100);
    await fetch(`${short}${url}`);
    expect(reachedCount(url)).toBe(2);

    const off = await gatewayWith({ PUBLIC_CACHE_TTL_MS: '0' });
    const other = freshSearch();
    await fetch(`${off}${other}`);
    await fetch(`${off}${other}`);
    expect(reachedCount(other)).toBe(2);
  });

  it('keeps at most PUBLIC_CACHE_MAX_ENTRIES answers, the oldest going first', async () => {
    const small = await gatewayWith({ PUBLIC_CACHE_MAX_ENTRIES: '2' });
    const [a, b, c] = [freshSearch(), freshSearch(), freshSearch()];
    for (const url of [a, b, c]) await fetch(`${small}${url}`);
    for (const url of [c, b, a]) await fetch(`${small}${url}`);
    expect([reachedCount(a), reachedCount(b), reachedCount(c)]).toEqual([2, 1, 1]);
  });
});
