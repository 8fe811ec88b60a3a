import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, apiFrom, registerTraveller, serviceDb, stack, uniqueClientAddress } from '@reproute/platform/testing';

/**
 * The client address every service believes, tried on the services' own ports as an attacker inside the
 * network would: a rotating X-Forwarded-For is ignored there (only the gateway's signed address counts), and
 * through the gateway the limits still count per real client. And the gateway's memory under a 100 MB body.
 */
const identityUrl = stack.serviceUrl('identity');
const referralUrl = stack.serviceUrl('referral');
const rotating = (i: number) => ({ 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${i}` });
let db: ReturnType<typeof serviceDb>;

beforeAll(() => {
  db = serviceDb('referral');
});
afterAll(async () => db.end());

describe('on a service port, X-Forwarded-For is not believed', () => {
  it('identity: wrong passwords with a rotating X-Forwarded-For are throttled like one address (the sixth is 429)', async () => {
    const { email } = await registerTraveller();
    // One socket address for all of them: each request leaves from the same loopback address.
    const from = uniqueClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await apiFrom(from, 'POST', '/api/auth/login', { base: identityUrl, headers: rotating(i), body: { email, password: `Wr0ng!Pass${i}` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it('identity: the same through the gateway from one real client, while another client signs in at once', async () => {
    const { email, password } = await registerTraveller();
    const attacker = uniqueClientAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await apiFrom(attacker, 'POST', '/api/auth/login', { headers: rotating(i), body: { email, password: `Wr0ng!Pass${i}` } })).status).toBe(401);
    }
    const limited = await apiFrom(attacker, 'POST', '/api/auth/login', { headers: rotating(9), body: { email, password: 'Wr0ng!Pass' } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(messages.tooManyLogins);
    expect((await apiFrom(uniqueClientAddress(), 'POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
  });

  it('referral: a click sent straight to the service is stored with the socket address, not the spoofed one', async () => {
    const from = uniqueClientAddress();
    const res = await apiFrom(from, 'POST', '/api/referral-clicks', {
      base: referralUrl,
      headers: { 'x-forwarded-for': '203.0.113.66' },
      body: { hotelId: 101, hotelName: 'Spoof test', bookingUrl: 'https://example.com/book' },
    });
    expect(res.status).toBe(201);
    const { rows } = await db.query<{ ip_address: string }>('SELECT ip_address FROM referral_clicks WHERE id = $1', [res.body.id]);
    expect(rows[0]?.ip_address).toBe(from);
  });

  it('referral: a click through the gateway is stored with the real client address', async () => {
    const from = uniqueClientAddress();
    const res = await apiFrom(from, 'POST', '/api/referral-clicks', {
      headers: { 'x-forwarded-for': '203.0.113.67' },
      body: { hotelId: 101, hotelName: 'Gateway test', bookingUrl: 'https://example.com/book' },
    });
    expect(res.status).toBe(201);
    const { rows } = await db.query<{ ip_address: string }>('SELECT ip_address FROM referral_clicks WHERE id = $1', [res.body.id]);
    expect(rows[0]?.ip_address).toBe(from);
  });
});

/** The gateway process's resident memory (kB), from /proc. */
function gatewayRssKb(): number {
  const pid = fs.readFileSync(stack.pidFile('gateway'), 'utf8').trim();
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}

describe('the running gateway under an oversize body', () => {
  it('answers a 100 MB POST /api/contact with 413 and its resident memory grows by less than 20 MB', async () => {
    const before = gatewayRssKb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, gatewayRssKb())), 20);
    // A raw connection: the gateway answers 413 while the body is still being sent and reads the rest to drop it;
    // the answer it read is what counts (the writer may still meet EPIPE or a reset when it stops).
    const status = await new Promise<number>((resolve) => {
      const url = new URL(stack.gatewayUrl);
      const socket = net.connect(Number(url.port), url.hostname);
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      let sent = 0;
      let text = '';
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        socket.destroy();
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
      };
      const pump = () => {
        while (!finished && socket.writable && sent < 100 * 1024 * 1024) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      socket.on('data', (data: Buffer) => {
        text += data.toString('latin1');
        if (/\r\n\r\n/.test(text)) finish();
      });
      socket.on('error', () => setTimeout(finish, 200));
      socket.on('close', finish);
      socket.on('connect', () => {
        socket.write(`POST /api/contact HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`);
        pump();
      });
    });
    clearInterval(sampler);
    expect(status).toBe(413);
    expect(peak - before).toBeLessThan(20 * 1024);
    // And the gateway still answers.
    expect((await api('GET', '/api/health')).status).toBeLessThan(600);
  });
});

