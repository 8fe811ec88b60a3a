import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { SignJWT, generateKeyPair } from 'jose';
import { createLogger } from '@reproute/platform';
import { eventually, stack } from '@reproute/platform/testing';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';

// An in-process gateway over two stand-in instances of the catalog (real HTTP servers that answer
// with their own name), to see how it balances, takes a dead instance out and puts it back.

interface Instance {
  name: string;
  port: number;
  server: http.Server;
  sockets: Set<Socket>;
  bodies: string[];
}

async function startInstance(name: string, port = 0): Promise<Instance> {
  const instance = { name, port, sockets: new Set<Socket>(), bodies: [] as string[] } as Instance;
  instance.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (dropNext && !req.url?.startsWith('/health/')) {
        dropNext = false;
        req.socket.destroy(); // dies after reading the request, before answering
        return;
      }
      if (req.url?.startsWith('/health/')) {
        res.end('{"status":"ready"}');
        return;
      }
      if (req.url?.startsWith('/api/hotels/slow')) {
        setTimeout(() => res.end('{"slow":true}'), 300);
        return;
      }
      instance.bodies.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ instance: name, method: req.method, body }));
    });
  });
  instance.server.on('connection', (socket) => {
    instance.sockets.add(socket);
    socket.on('close', () => instance.sockets.delete(socket));
  });
  await new Promise<void>((resolve) => instance.server.listen(port, '127.0.0.1', resolve));
  instance.port = (instance.server.address() as AddressInfo).port;
  return instance;
}

/** Like kill -9: the listening socket and every open connection go away at once. */
async function kill(instance: Instance): Promise<void> {
  for (const socket of instance.sockets) socket.destroy();
  await new Promise<void>((resolve) => instance.server.close(() => resolve()));
}

/** When set, the next request either instance reads has its connection destroyed instead of answered. */
let dropNext = false;
let gateway: FastifyInstance;
let redis: Redis;
let one: Instance;
let two: Instance;
let base: string;
/** Provider calls are screened at the gateway, so the writes carry a provider's token. */
let providerAuth: Record<string, string>;

beforeAll(async () => {
  one = await startInstance('one');
  two = await startInstance('two');
  redis = new Redis(stack.redisUrl);
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const token = await new SignJWT({ email: 'p@example.com', roles: ['traveller', 'provider'], jti: `jti-instances-${Date.now()}` })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject('00000000-0000-4000-8000-000000000005')
    .setIssuer('reproute-identity')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(pair.privateKey);
  providerAuth = { authorization: `Bearer ${token}` };
  const catalog = `http://127.0.0.1:${one.port}, http://127.0.0.1:${two.port}`;
  const config = configSchema.parse({
    CATALOG_URL: catalog,
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_NAMESPACE: `ratelimit:instances-test-${process.pid}-${Date.now()}:`,
    FRONTEND_DIST: '/nonexistent',
  });
  gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, key: pair.publicKey });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await gateway?.close();
  for (const instance of [one, two]) if (instance?.server.listening) await kill(instance);
  redis?.disconnect();
});

const get = async () => {
  const res = await fetch(`${base}/api/hotels`);
  return { status: res.status, body: (await res.json()) as { instance?: string } };
};
const post = async (body: string) => {
  const res = await fetch(`${base}/api/provider/hotels`, { method: 'POST', headers: { 'content-type': 'application/json', ...providerAuth }, body });
  return { status: res.status, body: (await res.json()) as { instance?: string; body?: string } };
};

describe('gateway over several instances of a service', () => {
  it('reads the instance list from the comma-separated address', () => {
    const config = configSchema.parse({ CATALOG_URL: 'http://127.0.0.1:4002,http://127.0.0.1:4102/' });
    expect(config.CATALOG_URL).toEqual(['http://127.0.0.1:4002', 'http://127.0.0.1:4102']);
    expect(() => configSchema.parse({ CATALOG_URL: 'not a url' })).toThrow();
  });

  it('spreads requests over every instance', async () => {
    const seen: Record<string, number> = {};
    for (let i = 0; i < 20; i += 1) {
      const { status, body } = await get();
      expect(status).toBe(200);
      seen[body.instance!] = (seen[body.instance!] ?? 0) + 1;
    }
    expect(seen.one).toBeGreaterThanOrEqual(5);
    expect(seen.two).toBeGreaterThanOrEqual(5);
  });

  it('sends an idempotent request (GET, or PUT with its body) whose connection broke under it to the other instance; a POST is not sent twice', async () => {
    dropNext = true;
    const read = await get();
    expect(read.status).toBe(200);
    expect(dropNext).toBe(false);
    dropNext = true;
    const before = one.bodies.length + two.bodies.length;
    const write = await post('{"name":"once"}');
    // The instance read it and may have acted on it before its connection broke: an error, never a second copy.
    expect(write.status).toBe(503);
    expect(one.bodies.length + two.bodies.length).toBe(before);
    // A PUT can be repeated safely: sent again, body and all.
    dropNext = true;
    const put = await fetch(`${base}/api/provider/hotels/1`, { method: 'PUT', headers: { 'content-type': 'application/json', ...providerAuth }, body: '{"name":"again"}' });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { body: string }).body).toBe('{"name":"again"}');
    // Both are still in rotation (a broken connection alone does not take an instance out).
    await eventually(async () => {
      const names = new Set<string>();
      for (let i = 0; i < 6; i += 1) names.add((await get()).body.instance!);
      return names.size === 2;
    }, 5_000, 'both instances answering');
  });

  it('loses no request when an instance is killed: a refused connection goes to the other one, even a POST, and the dead one is taken out', async () => {
    await kill(two);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? post(`{"n":${i}}`) : get())));
    expect(answers.map((a) => `${a.status} ${a.body.instance}`)).toEqual(Array(30).fill('200 one'));
    // Each POST body arrived exactly once.
    const posted = one.bodies.filter((b) => b.startsWith('{"n":'));
    expect(new Set(posted).size).toBe(posted.length);
    expect(posted).toHaveLength(10);
  });

  it('puts a restarted instance back in rotation once its readiness answers', async () => {
    two = await startInstance('two', two.port);
    await eventually(async () => {
      const names = new Set<string>();
      for (let i = 0; i < 6; i += 1) names.add((await get()).body.instance!);
      return names.size === 2;
    }, 10_000, 'the restarted instance answering');
  });

  it('survives callers that leave before the answer comes', async () => {
    for (let i = 0; i < 5; i += 1) {
      await fetch(`${base}/api/hotels/slow`, { signal: AbortSignal.timeout(50) }).catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 500)); // the answers arrive after their callers left
    expect((await get()).status).toBe(200);
  });

  it('answers 503 with the service named when every instance is down', async () => {
    await kill(one);
    await kill(two);
    const res = await fetch(`${base}/api/hotels`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { service: string }).service).toBe('catalog');
  });
});
