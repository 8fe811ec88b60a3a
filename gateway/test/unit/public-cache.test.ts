import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PublicReadCache } from '../../src/public-cache.ts';
import type { UpstreamAnswer } from '../../src/forward.ts';

// The cache's memory on its own clock: what it keeps as URLs come and go (the gateway's integration test
// covers what callers are sent).

/** A visitor's GET of `url`, and a reply that records what it was sent. */
function visit(url: string, acceptEncoding = 'br, gzip') {
  const request = { method: 'GET', url, headers: { 'accept-encoding': acceptEncoding }, raw: {} } as unknown as FastifyRequest;
  const sent: { status: number; body?: unknown } = { status: 200 };
  const reply = {
    headers: () => reply,
    header: () => reply,
    code: (status: number) => ((sent.status = status), reply),
    send: (body?: unknown) => ((sent.body = body), reply),
  } as unknown as FastifyReply;
  return { request, reply, sent };
}

/** A service answering every URL publicly for `maxAge` seconds with a body of `size` bytes; counts what reaches it. */
function service(size: number, maxAge = 15) {
  const asked: string[] = [];
  return {
    asked,
    ask: async (request: FastifyRequest): Promise<UpstreamAnswer> => {
      asked.push(request.url);
      return {
        statusCode: 200,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': `public, max-age=${maxAge}` },
        body: Buffer.from(JSON.stringify({ url: request.url, padding: 'x'.repeat(size) })),
      };
    },
    relay: (reply: FastifyReply, answer: UpstreamAnswer) => reply.code(answer.statusCode).send(answer.body),
    fail: (reply: FastifyReply) => reply,
    forward: async (_request: FastifyRequest, reply: FastifyReply) => reply,
  };
}

describe('the public read cache', () => {
  it('lets answers past their lifetime go as new ones are kept: what it holds is what is fresh', async () => {
    let now = 1_000_000;
    const cache = new PublicReadCache({ ttlMs: 2_000, maxEntries: 5_000, now: () => now });
    const upstream = service(100);
    for (let i = 0; i < 50; i += 1) {
      const { request, reply } = visit(`/api/hotels?q=once-${i}`);
      await cache.handle(request, reply, upstream);
    }
    expect(cache.usage.entries).toBe(50);

    // Past their lifetime, searches asked once are not kept until the cache is full.
    now += 2_001;
    const { request, reply } = visit('/api/hotels?q=later');
    await cache.handle(request, reply, upstream);
    expect(cache.usage.entries).toBe(1);
    expect(cache.usage.bytes).toBe(Buffer.from(JSON.stringify({ url: '/api/hotels?q=later', padding: 'x'.repeat(100) })).length);
  });

  it('keeps fresh answers and gives them again without asking; one still fresh is not let go for an older one', async () => {
    let now = 0;
    const cache = new PublicReadCache({ ttlMs: 2_000, maxEntries: 5_000, now: () => now });
    const upstream = service(100);
    await cache.handle(visit('/a').request, visit('/a').reply, upstream);
    now += 1_500;
    await cache.handle(visit('/b').request, visit('/b').reply, upstream);
    now += 1_000; // /a expired, /b fresh
    await cache.handle(visit('/c').request, visit('/c').reply, upstream);
    expect(cache.usage.entries).toBe(2);
    await cache.handle(visit('/b').request, visit('/b').reply, upstream);
    expect(upstream.asked).toEqual(['/a', '/b', '/c']);
  });

  it('counts the compressed forms it makes in its bytes, and gives them back when the answer goes', async () => {
    let now = 0;
    const cache = new PublicReadCache({ ttlMs: 2_000, maxEntries: 5_000, now: () => now });
    const upstream = service(20_000);
    const first = visit('/big');
    await cache.handle(first.request, first.reply, upstream);
    const plain = Buffer.from(JSON.stringify({ url: '/big', padding: 'x'.repeat(20_000) })).length;
    const brotli = (first.sent.body as Buffer).length;
    expect(brotli).toBeLessThan(plain);
    expect(cache.usage.bytes).toBe(plain + brotli);
    const gzip = visit('/big', 'gzip');
    await cache.handle(gzip.request, gzip.reply, upstream);
    expect(cache.usage.bytes).toBe(plain + brotli + (gzip.sent.body as Buffer).length);
    expect(upstream.asked).toEqual(['/big']);

    now += 2_001;
    const small = visit('/small');
    await cache.handle(small.request, small.reply, upstream);
    const smallPlain = Buffer.from(JSON.stringify({ url: '/small', padding: 'x'.repeat(20_000) })).length;
    expect(cache.usage).toEqual({ entries: 1, bytes: smallPlain + (small.sent.body as Buffer).length });
  });

  it('keeps at most maxEntries answers, the oldest going first', async () => {
    const cache = new PublicReadCache({ ttlMs: 2_000, maxEntries: 3, now: () => 0 });
    const upstream = service(10);
    for (const url of ['/1', '/2', '/3', '/4']) await cache.handle(visit(url).request, visit(url).reply, upstream);
    expect(cache.usage.entries).toBe(3);
    for (const url of ['/2', '/3', '/4', '/1']) await cache.handle(visit(url).request, visit(url).reply, upstream);
    expect(upstream.asked).toEqual(['/1', '/2', '/3', '/4', '/1']);
  });
});
