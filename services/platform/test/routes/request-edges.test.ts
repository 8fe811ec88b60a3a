import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '../../src/http.ts';
import { createLogger } from '../../src/logger.ts';
import { clientAddressHeader, signClientAddress } from '../../src/client-address.ts';

/**
 * What reaches a service's own port from anyone: the client address it believes, and how long a request
 * may take to arrive. A real listening server (the timeouts live in Node's HTTP server, not in inject).
 */
const key = randomBytes(32);
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = createHttpApp({
    logger: createLogger('test', 'silent'),
    shedding: false,
    clientAddressKey: key,
    requestTimeouts: { HEADERS_TIMEOUT_MS: 1_000, REQUEST_TIMEOUT_MS: 1_500 },
  });
  app.get('/ip', async (request) => ({ ip: request.ip, forwarded: request.headers['x-forwarded-for'] ?? null }));
  app.post('/echo', async (request) => ({ body: request.body ?? null }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => app.close());

const ipFor = async (headers: Record<string, string>) =>
  ((await (await fetch(`http://127.0.0.1:${port}/ip`, { headers })).json()) as { ip: string; forwarded: string | null });

/** Sends raw bytes over one connection and resolves with everything the server wrote until it closed, and when. */
function rawExchange(steps: { write: string; afterMs: number }[], giveUpMs = 10_000): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timers: NodeJS.Timeout[] = [];
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      timers.forEach(clearTimeout);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    for (const step of steps) timers.push(setTimeout(() => socket.writable && socket.write(step.write), step.afterMs));
    timers.push(setTimeout(() => { socket.destroy(); reject(new Error(`still open after ${giveUpMs} ms: ${text}`)); }, giveUpMs));
  });
}

describe("a service's client address", () => {
  it('is the socket address whatever X-Forwarded-For says, unless the gateway signed it', async () => {
    for (const spoofed of ['198.51.100.1', '198.51.100.2, 10.0.0.1', '203.0.113.9']) {
      expect(await ipFor({ 'x-forwarded-for': spoofed })).toEqual({ ip: '127.0.0.1', forwarded: null });
    }
    expect((await ipFor({ 'x-forwarded-for': '198.51.100.1', [clientAddressHeader]: signClientAddress(randomBytes(32), '198.51.100.1') })).ip).toBe('127.0.0.1');
    expect(await ipFor({ 'x-forwarded-for': '198.51.100.1', [clientAddressHeader]: signClientAddress(key, '203.0.113.5') })).toEqual({ ip: '203.0.113.5', forwarded: '203.0.113.5' });
  });
});

describe('a request that takes too long to arrive', () => {
  it('with its body sent a byte at a time: 408, and the connection closed', async () => {
    const head = `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const steps = [{ write: head, afterMs: 0 }, ...Array.from({ length: 30 }, (_, i) => ({ write: ' ', afterMs: 200 + i * 300 }))];
    const { text, closedAfterMs } = await rawExchange(steps);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    // Request timeout 1.5 s, checked every second: cut off well before the 9 s the trickle would take.
    expect(closedAfterMs).toBeLessThan(6_000);
  });

  it('with its headers sent slowly: 408, and the connection closed', async () => {
    const steps = [{ write: 'GET /ip HTTP/1.1\r\n', afterMs: 0 }, ...Array.from({ length: 20 }, (_, i) => ({ write: `X-Slow-${i}: 1\r\n`, afterMs: 300 + i * 300 }))];
    const { text } = await rawExchange(steps);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves a request that arrives in time alone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: { a: 1 } });
  });
});
