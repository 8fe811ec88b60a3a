import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@reproute/platform';
import { stack } from '@reproute/platform/testing';
import { testSigningKey } from '@reproute/platform/testing/service-under-test';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';

// The gateway adopts a caller's X-Request-Id only when it is a plain token, and passes on only the id it kept:
// an in-process gateway in front of a stand-in engagement service that records the id it receives.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const hostile = '<script>alert(document.cookie)</script>';
let received: (string | string[] | undefined)[] = [];
let upstream: http.Server;
let gateway: FastifyInstance;
let redis: Redis;
let base: string;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url?.startsWith('/health/')) return res.end('{"status":"ready"}');
    received.push(req.headers['x-request-id']);
    const text = JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Hotel not found', requestId: req.headers['x-request-id'] });
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const port = (upstream.address() as AddressInfo).port;
  redis = new Redis(stack.redisUrl);
  const key = await testSigningKey();
  const config = configSchema.parse({
    ENGAGEMENT_URL: `http://127.0.0.1:${port}`,
    CATALOG_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_NAMESPACE: `ratelimit:request-id-test-${process.pid}-${Date.now()}:`,
    FRONTEND_DIST: '/nonexistent',
  });
  gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, key: key.publicKey, revocations: { ready: true, isRevoked: () => false } });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  redis?.disconnect();
});

const get = (path: string, requestId: string) => fetch(`${base}${path}`, { headers: { 'x-request-id': requestId } });

describe('X-Request-Id at the gateway', () => {
  it.each([hostile, 'a b c', 'x'.repeat(65), 'id;drop'])('replaces %j with a new id: never echoed, never passed on', async (sent) => {
    received = [];
    const forwarded = await get('/api/hotels/5/reviews', sent);
    const id = forwarded.headers.get('x-request-id');
    expect(id).toMatch(uuid);
    expect(received).toEqual([id]);
    expect(await forwarded.text()).not.toContain(sent);

    // The gateway's own error answer (a guarded route without a token) carries the new id too.
    const refused = await get('/api/favorites', sent);
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as { requestId: string };
    expect(body.requestId).toBe(refused.headers.get('x-request-id'));
    expect(body.requestId).toMatch(uuid);
  });

  it('keeps a plain token and passes the same one on', async () => {
    received = [];
    const res = await get('/api/hotels/5/reviews', 'trace-2024.06_abc-1');
    expect(res.headers.get('x-request-id')).toBe('trace-2024.06_abc-1');
    expect(received).toEqual(['trace-2024.06_abc-1']);
  });
});
