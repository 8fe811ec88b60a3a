import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@reproute/platform';
import { api, eventually, login, registerTraveller, seedAccounts, stack } from '@reproute/platform/testing';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';

// Against the running system: a second gateway, in-process, in front of the real services, keeping
// visitors' public reads as long as the answers allow (15 s, their max-age). A change made through the
// running gateway (which this one never sees) still reaches its visitors: the catalog's hotel events
// and engagement's review events, heard by every gateway, empty what it kept. Each check allows 12 s
// (the outbox, Kafka and the gateway's consumer take well under that), less than the answers' 15 s:
// only the events can end what was kept within it.
let gateway: FastifyInstance;
let redis: Redis;
let base: string;
let adminToken: string | undefined;
const created: number[] = [];

async function admin(): Promise<string> {
  adminToken ??= (await login(seedAccounts.admin.email, seedAccounts.admin.password)).token;
  return adminToken;
}

const withinMaxAge = 12_000;

const read = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T;

beforeAll(async () => {
  redis = new Redis(stack.redisUrl);
  const config = configSchema.parse({
    IDENTITY_URL: stack.serviceUrl('identity'),
    CATALOG_URL: stack.serviceUrl('catalog'),
    ENGAGEMENT_URL: stack.serviceUrl('engagement'),
    REFERRAL_URL: stack.serviceUrl('referral'),
    ANALYTICS_URL: stack.serviceUrl('analytics'),
    NOTIFIER_URL: stack.serviceUrl('notifier'),
    REDIS_URL: stack.redisUrl,
    KAFKA_BROKERS: stack.kafkaBrokers,
    FRONTEND_DIST: '/nonexistent',
    INSTANCE_ID: `public-cache-live-${process.pid}-${Date.now()}`,
    RATE_LIMIT_NAMESPACE: `ratelimit:public-cache-live-${process.pid}-${Date.now()}:`,
    PUBLIC_CACHE_TTL_MS: '600000',
  });
  gateway = await buildGateway({ config, logger: createLogger('public-cache-live', 'silent'), redis, hotelEvents: true });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const id of created) await api('DELETE', `/api/hotels/${id}`, { token: await admin() });
  await gateway?.close();
  redis?.disconnect();
});

describe("visitors' public reads kept by another gateway (live)", () => {
  it('a hotel renamed and a review approved through the running gateway reach the visitors of this one', { timeout: 120_000 }, async () => {
    const res = await api('POST', '/api/hotels', {
      token: await admin(),
      body: { name: `Kept Reads Hotel ${Date.now().toString(36)}`, address: '1 Cache Lane', city: 'Lisbon', country: 'Portugal', bookingUrl: 'https://kept-reads.example/book', gymAccessType: 'on-site', description: 'A test listing with a small gym.', rawEquipment: ['Power rack'], pricePerNight: 120, currency: 'EUR' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const hotel = res.body as { id: number; name: string };
    created.push(hotel.id);

    // Kept here: a second read is this gateway's own (once the hotel's own creation event, which empties it, has come by).
    expect((await read<{ name: string }>(`/api/hotels/${hotel.id}`)).name).toBe(hotel.name);
    await eventually(async () => {
      await fetch(`${base}/api/hotels/${hotel.id}`);
      return (await fetch(`${base}/api/hotels/${hotel.id}`)).headers.get('age') !== null || undefined;
    }, 20_000, 'the hotel kept by the other gateway');
    expect(await read<unknown[]>(`/api/hotels/${hotel.id}/reviews`)).toEqual([]);

    const renamed = `${hotel.name} Renamed`;
    const edit = await api('PUT', `/api/hotels/${hotel.id}`, { token: await admin(), body: { name: renamed } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await eventually(async () => (await read<{ name: string }>(`/api/hotels/${hotel.id}`)).name === renamed || undefined, withinMaxAge, 'the renamed hotel through the other gateway');

    // Engagement knows the hotel from the catalog's events before it takes a review of it.
    const reviewer = await registerTraveller();
    const review = await eventually(async () => {
      const submitted = await api('POST', '/api/reviews', {
        token: reviewer.token,
        body: { hotelId: hotel.id, title: 'Racks free at six', content: 'Two squat racks, dumbbells to 40 kg and a rower. Quiet before seven.', rating: 5, gymRating: 5, travelType: 'fitness', roomType: 'Double', stayDate: '2026-09' },
      });
      return submitted.status === 201 ? (submitted.body as { id: string }) : undefined;
    }, 20_000, 'the review taken');
    expect(await read<unknown[]>(`/api/hotels/${hotel.id}/reviews`)).toEqual([]);
    const approved = await api('PUT', `/api/reviews/${review.id}/approve`, { token: await admin(), body: { isApproved: true } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await eventually(async () => (await read<{ id: string }[]>(`/api/hotels/${hotel.id}/reviews`)).some((r) => r.id === review.id) || undefined, withinMaxAge, 'the approved review through the other gateway');
  });
});
