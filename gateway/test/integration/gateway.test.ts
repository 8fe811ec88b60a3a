import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createLogger, opsAppOf, publishRevocations } from '@reproute/platform';
import { api, eventually, stack } from '@reproute/platform/testing';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';
import { canonicalUrl } from '../../src/identity.ts';
import { setTimeout as sleep } from 'node:timers/promises';

// An in-process gateway over real Redis, with an echo server standing in for the services so the
// test can see exactly what the gateway forwards; a closed port stands in for a service that is down.
let gateway: FastifyInstance;
let echo: http.Server;
/** The services' ops ports (readiness), where the gateway's /api/health asks. */
let echoOps: http.Server;
let redis: Redis;
let privateKey: CryptoKey;
let distDir: string;

async function token(jti: string, subject = '00000000-0000-4000-8000-000000000003') {
  return new SignJWT({ email: 'a@example.com', roles: ['traveller'], jti })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject(subject)
    .setIssuer('reproute-identity')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

beforeAll(async () => {
  echo = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ url: req.url, headers: req.headers }));
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  echoOps = http.createServer((req, res) => {
    res.statusCode = req.url === '/health/ready' ? 200 : 404;
    res.end();
  });
  await new Promise<void>((r) => echoOps.listen(0, '127.0.0.1', r));
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>RepRoute</title><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'app.js'), 'console.log(1)');
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = pair.privateKey as CryptoKey;
  redis = new Redis(stack.redisUrl);
  const config = configSchema.parse({
    IDENTITY_URL: echoUrl,
    CATALOG_URL: echoUrl,
    ENGAGEMENT_URL: echoUrl,
    REFERRAL_URL: 'http://127.0.0.1:1',
    ANALYTICS_URL: echoUrl,
    NOTIFIER_URL: echoUrl,
    FRONTEND_DIST: distDir,
    RATE_LIMIT_MAX: '40',
    RATE_LIMIT_NAMESPACE: `ratelimit:gateway-test-${process.pid}-${Date.now()}:`,
    UPSTREAM_OPS_PORT_OFFSET: String((echoOps.address() as AddressInfo).port - (echo.address() as AddressInfo).port),
  });
  gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, key: pair.publicKey });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  // As runService does: the ops port beside the public one (here any free port).
  await opsAppOf(gateway).listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await gateway?.close();
  echo?.close();
  echoOps?.close();
  redis?.disconnect();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** A request sent with its path exactly as written (fetch would normalize dot segments away). */
function rawRequest(pathAsWritten: string, headers: Record<string, string> = {}, port = (gateway.server.address() as AddressInfo).port) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAsWritten, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const base = () => `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;

describe('gateway', () => {
  it('proxies each path to its owner with the path unchanged and a request id', async () => {
    const res = await api('GET', '/api/hotels/12/reviews?status=pending', { base: base(), headers: { 'x-forwarded-for': '9.9.9.9' } });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe('/api/hotels/12/reviews?status=pending');
    expect(res.body.headers['x-request-id']).toBe(res.headers.get('x-request-id'));
    // a client cannot choose the address the services see
    expect(res.body.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('strips identity headers a client sets itself', async () => {
    const res = await api('GET', '/api/hotels/1', { base: base(), headers: { 'x-user-id': 'someone-else', 'x-user-roles': 'admin' } });
    expect(res.body.headers['x-user-id']).toBeUndefined();
    expect(res.body.headers['x-user-roles']).toBeUndefined();
  });

  it('forwards a valid token, drops a forged or revoked one', async () => {
    const good = await token(`jti-${Date.now()}`);
    expect((await api('GET', '/api/hotels/1', { base: base(), token: good })).body.headers.authorization).toBe(`Bearer ${good}`);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, roles: ['admin'] })).toString('base64url'), signature].join('.');
    expect((await api('GET', '/api/hotels/1', { base: base(), token: forged })).body.headers.authorization).toBeUndefined();
    const revoked = `jti-revoked-${Date.now()}`;
    const revokedToken = await token(revoked);
    expect((await api('GET', '/api/hotels/1', { base: base(), token: revokedToken })).body.headers.authorization).toBe(`Bearer ${revokedToken}`);
    await publishRevocations(redis, [{ kind: 'token', jti: revoked, expiresAt: Math.floor(Date.now() / 1000) + 60 }]);
    await eventually(async () => (await api('GET', '/api/hotels/1', { base: base(), token: revokedToken })).body.headers.authorization === undefined || undefined, 1_000, 'revocation applied');
  });

  it('ends every older token of an account after a password reset (not-before time), not newer ones', async () => {
    const subject = crypto.randomUUID();
    const older = await token(`jti-older-${Date.now()}`, subject);
    await publishRevocations(redis, [{ kind: 'user', userId: subject, notBefore: Math.floor(Date.now() / 1000) + 1 }]);
    await eventually(async () => (await api('GET', '/api/hotels/1', { base: base(), token: older })).body.headers.authorization === undefined || undefined, 1_000, 'not-before applied');
    await sleep(1_100);
    const newer = await token(`jti-newer-${Date.now()}`, subject);
    expect((await api('GET', '/api/hotels/1', { base: base(), token: newer })).body.headers.authorization).toBe(`Bearer ${newer}`);
  });

  it('judges each endpoint\'s access itself, from its definition, before the service is asked', async () => {
    const traveller = await token(`jti-access-${Date.now()}`);
    const anonymous = await api('GET', '/api/auth/me', { base: base() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, message: 'Authentication required' });
    expect(anonymous.body.url).toBeUndefined();
    expect((await api('GET', '/api/auth/me', { base: base(), token: traveller })).body.url).toBe('/api/auth/me');
    const notAdmin = await api('GET', '/api/admin/hotels', { base: base(), token: traveller });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.url).toBeUndefined();
    // A method no endpoint defines on a known path, and a path no endpoint defines, never reach a service.
    expect((await api('PATCH', '/api/hotels/1', { base: base(), body: {} })).status).toBe(404);
    expect((await api('GET', '/api/sitemap-hotels', { base: base() })).status).toBe(404);
  });

  it('screens a token on every path, and routes every spelling of a path as its canonical form', async () => {
    const good = await token(`jti-${Date.now()}`);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, roles: ['admin'] })).toString('base64url'), signature].join('.');
    expect((await api('GET', '/images/photos/x.webp', { base: base(), token: forged })).body.headers.authorization).toBeUndefined();
    for (const spelling of ['/%61pi/hotels/1', '/api/%68otels/1', '/api/hotels/%31', '/api/./hotels/1', '/api/x/../hotels/1', '//api/hotels/1', '/api/%2e/hotels/1', '/api/%2E%2e/api/hotels/1']) {
      const forwardedForged = JSON.parse((await rawRequest(spelling, { authorization: `Bearer ${forged}` })).body);
      expect(forwardedForged.url, spelling).toBe('/api/hotels/1');
      expect(forwardedForged.headers.authorization, spelling).toBeUndefined();
      expect(JSON.parse((await rawRequest(spelling, { authorization: `Bearer ${good}` })).body).headers.authorization, spelling).toBe(`Bearer ${good}`);
    }
    expect(canonicalUrl('/api/hotels?query=%61%2F..')).toBe('/api/hotels?query=%61%2F..');
    // Escapes of other characters keep their meaning.
    expect(JSON.parse((await rawRequest('/api/hotels/caf%C3%A9%2Fx')).body).url).toBe('/api/hotels/caf%C3%A9%2Fx');
  });

  it('answers a service that is down with a fast JSON 503 naming it', async () => {
    const started = Date.now();
    const res = await api('POST', '/api/leads', { base: base(), body: { hotelId: 1 } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, service: 'referral' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports health per service from their ops ports, unhealthy when one is down', async () => {
    const res = await api('GET', '/api/health', { base: base() });
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('unhealthy');
    expect(res.body.services.referral).toBe('down');
    // The others' readiness answers only on their ops ports (their main ports answer it 200 too: the echo).
    expect(res.body.services.identity).toBe('up');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown /api path with JSON 404 and any other path with the SPA', async () => {
    const unknown = await api('GET', '/api/does-not-exist', { base: base() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('/api/does-not-exist');
    for (const route of ['/', '/search?query=paris', '/hotels/the-ritz', '/provider/dashboard']) {
      const page = await fetch(`${base()}${route}`);
      expect(page.status, route).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
    // A path outside the route table loads the SPA (its not-found page) with a 404.
    const elsewhere = await fetch(`${base()}/anything/else`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toContain('<div id="root">');
    expect(await (await fetch(`${base()}/app.js`)).text()).toBe('console.log(1)');
  });

  it('serves readiness and metrics on its ops port only: the public port answers them 404', async () => {
    const ops = `http://127.0.0.1:${(opsAppOf(gateway).server.address() as AddressInfo).port}`;
    for (const route of ['/metrics', '/health/ready']) {
      const open = await fetch(`${base()}${route}`);
      expect(open.status, route).toBe(404);
      expect(await open.text(), route).not.toMatch(/http_server_request_duration_seconds|"checks"/);
      // However the address is written.
      expect((await rawRequest(`/./${route.slice(1)}?x=1`)).status, route).toBe(404);
    }
    expect((await fetch(`${ops}/health/ready`)).status).toBe(200);
    expect((await fetch(`${ops}/metrics`)).headers.get('content-type')).toContain('text/plain');
    expect((await fetch(`${ops}/health/live`)).status).toBe(200);
    // Liveness stays on the public port (start scripts and probes); it tells nothing.
    expect(await (await fetch(`${base()}/health/live`)).json()).toEqual({ status: 'ok' });
    // The ops port serves nothing else: no API, no pages.
    expect((await fetch(`${ops}/api/cities`)).status).toBe(404);
    expect((await fetch(`${ops}/`)).status).toBe(404);
  });

  it('exposes only the metrics it fills: HTTP, not Kafka consumers or an outbox it does not have', async () => {
    await api('GET', '/api/cities', { base: base() });
    const ops = `http://127.0.0.1:${(opsAppOf(gateway).server.address() as AddressInfo).port}`;
    const text = await (await fetch(`${ops}/metrics`)).text();
    expect(text).toContain('http_server_request_duration_seconds_bucket');
    for (const name of ['events_consumed_total', 'events_dead_lettered_total', 'outbox_published_total', 'kafka_consumer_lag']) expect(text).not.toContain(name);
  });

  it('rate limits /api per client with a JSON 429', async () => {
    // The limit is 40 a minute per client across every /api route; earlier tests in this file used some.
    // Counts are kept per fixed minute (rate-limit-store.ts): a run that crossed into the next minute would
    // find its budget renewed halfway, so a run late in a minute waits for the next one to begin.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 200);
    const answers = [];
    for (let i = 0; i < 45; i++) answers.push(await api('GET', i % 2 ? '/api/cities' : '/api/hotels', { base: base() }));
    const first = answers.findIndex((a) => a.status === 429);
    const statuses = answers.map((a) => a.status).join(' ');
    expect(first, statuses).toBeGreaterThan(0);
    expect(answers.slice(0, first).every((a) => a.status === 200), statuses).toBe(true);
    expect(answers.slice(first).every((a) => a.status === 429), statuses).toBe(true);
    expect(answers[first]!.body.message).toBe('Too many requests. Please slow down and try again shortly.');
  });
});
