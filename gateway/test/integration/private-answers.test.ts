import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@reproute/platform';
import { stack } from '@reproute/platform/testing';
import { signTestToken, testSigningKey } from '@reproute/platform/testing/service-under-test';
import type { Role } from '@reproute/contracts';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';
import { everyServiceAt } from '../every-service-at.ts';
import { routedEndpoints } from '../../src/routes.ts';

// Private answers are never stored by a cache, whatever a service says: every endpoint the gateway routes that
// is not public, walked from the contracts' table, answers no-store through the gateway: its own 401 and 403,
// and the service's answer even when the service (a stand-in here) forgot the header or claimed public caching.

let upstream: http.Server;
let gateway: FastifyInstance;
let redis: Redis;
let base: string;
let reached: string[] = [];
/** What the stand-in says about caching: nothing, or (wrongly) public caching. */
let upstreamCacheControl: string | undefined;
let tokens: Record<'traveller' | 'provider' | 'admin', string>;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/health/')) return res.end('{"status":"ready"}');
      reached.push(`${req.method} ${req.url}`);
      const text = JSON.stringify({ ok: true, items: [] });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...(upstreamCacheControl ? { 'cache-control': upstreamCacheControl } : {}) });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  redis = new Redis(stack.redisUrl);
  const key = await testSigningKey();
  const config = configSchema.parse({
    ...everyServiceAt(target),
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_NAMESPACE: `ratelimit:private-answers-test-${process.pid}-${Date.now()}:`,
    FRONTEND_DIST: '/nonexistent',
  });
  const sign = async (roles: Role[]) => (await signTestToken(key, config.JWT_ISSUER, { roles })).token;
  tokens = { traveller: await sign(['traveller']), provider: await sign(['traveller', 'provider']), admin: await sign(['traveller', 'admin']) };
  gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, key: key.publicKey, revocations: { ready: true, isRevoked: () => false } });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  redis?.disconnect();
});

const privateEndpoints = routedEndpoints.filter((endpoint): endpoint is (typeof routedEndpoints)[number] & { access: 'signedIn' | 'provider' | 'admin' } => endpoint.access !== 'public');

async function send(method: string, path: string, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  });
  await res.arrayBuffer();
  return { status: res.status, cacheControl: res.headers.get('cache-control') };
}

describe('every non-public endpoint, through the gateway', () => {
  it.each([
    ['says nothing about caching', undefined],
    ['wrongly claims public caching', 'public, max-age=300'],
  ])('answers no-store to every caller while the service %s', async (_case, cacheControl) => {
    upstreamCacheControl = cacheControl;
    reached = [];
    expect(privateEndpoints.length).toBeGreaterThan(30);
    const seen: { key: string; caller: string; status: number; cacheControl: string | null }[] = [];
    for (const endpoint of privateEndpoints) {
      const path = endpoint.path.replace(/:[A-Za-z]+/g, '1');
      const right = endpoint.access === 'signedIn' ? tokens.traveller : tokens[endpoint.access];
      seen.push({ key: endpoint.key, caller: 'nobody', ...(await send(endpoint.method, path)) });
      seen.push({ key: endpoint.key, caller: 'the right role', ...(await send(endpoint.method, path, right)) });
      if (endpoint.access !== 'signedIn') seen.push({ key: endpoint.key, caller: 'the wrong role', ...(await send(endpoint.method, path, tokens.traveller)) });
    }
    expect(seen.filter((answer) => answer.cacheControl !== 'no-store')).toEqual([]);
    expect(new Set(seen.map((answer) => `${answer.caller} ${answer.status}`))).toEqual(new Set(['nobody 401', 'the right role 200', 'the wrong role 403']));
    // Only the right callers reached the service, once each: nothing was answered from the gateway's memory.
    expect(reached.length).toBe(privateEndpoints.length);
  }, 60_000);

  it('keeps no answer in the public read cache that the service marked no-store', async () => {
    upstreamCacheControl = 'no-store';
    reached = [];
    for (let i = 0; i < 3; i += 1) expect((await send('GET', '/api/cities')).cacheControl).toBe('no-store');
    expect(reached).toEqual(Array(3).fill('GET /api/cities'));
  });
});
