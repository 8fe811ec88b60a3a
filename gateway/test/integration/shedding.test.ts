import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from 'jose';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { busyMessage, createLogger } from '@reproute/platform';
import { eventually, stack } from '@reproute/platform/testing';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';
import { everyServiceAt } from '../every-service-at.ts';

// An in-process gateway over real Redis that sheds as soon as its event loop does any work at all (a utilization
// bound of a millionth), so every request but the exempt ones is shed: what a traveller's browser gets then.
let gateway: FastifyInstance;
let echo: http.Server;
let redis: Redis;
let distDir: string;
const shedding = { SHED_MAX_EVENT_LOOP_UTILIZATION: '0.000001', SHED_WARMUP_MS: '0', SHED_RETRY_AFTER_SECONDS: '3' };

beforeAll(async () => {
  echo = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-shed-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>RepRoute</title><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  redis = new Redis(stack.redisUrl);
  const config = configSchema.parse({
    ...everyServiceAt(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`),
    FRONTEND_DIST: distDir,
    RATE_LIMIT_NAMESPACE: `ratelimit:gateway-shed-test-${process.pid}-${Date.now()}:`,
    TRUST_PROXY: 'true',
    HSTS_MAX_AGE_SECONDS: '600',
  });
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  // Shedding's limits are read from the environment as the app is made: set for that moment only.
  const saved = Object.fromEntries(Object.keys(shedding).map((k) => [k, process.env[k]]));
  Object.assign(process.env, shedding);
  try {
    gateway = await buildGateway({ config, logger: createLogger('gateway-shed-test', 'silent'), redis, key: pair.publicKey });
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await gateway.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await gateway?.close();
  echo?.close();
  redis?.disconnect();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;

describe('gateway under overload', () => {
  it('answers a page with its busy page, the API with JSON, both 503 with Retry-After and the headers their answers carry, and still serves the static files', async () => {
    const page = await eventually(async () => {
      const res = await fetch(`${base()}/search?city=Lisbon`, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.status).toBe(503);
      return res;
    });
    expect(page.headers.get('retry-after')).toBe('3');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    // Sent before the gateway's own hooks run, yet with the headers every answer of the gateway carries.
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('strict-transport-security')).toBeNull(); // over plain http
    const html = await page.text();
    expect(html).toContain('RepRoute is busy right now');
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
    expect(html).not.toContain('<script');

    const api = await fetch(`${base()}/api/hotels`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('3');
    expect(await api.json()).toMatchObject({ statusCode: 503, message: busyMessage, retryAfterSeconds: 3 });
    // The API's own security headers, not the pages' policy; over HTTPS (as the ingress says) HSTS too.
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('strict-transport-security')).toBeNull();
    const secure = await fetch(`${base()}/api/hotels`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.status).toBe(503);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=600; includeSubDomains');
    expect(secure.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    // The SPA's files are never shed: a page that was served before the overload still loads whole.
    for (const file of ['/assets/index-abc.js', '/favicon.svg']) expect((await fetch(`${base()}${file}`)).status).toBe(200);
  });
});
