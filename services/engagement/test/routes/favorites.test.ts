import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { eventually } from '@reproute/platform/testing/service-under-test';
import { api, db, registerTraveller, seededToken } from './support.ts';

let token: string;
let userId: string;

beforeAll(async () => {
  const traveller = await registerTraveller({ firstName: 'Fay', lastName: 'Favourite' });
  token = traveller.token;
  userId = traveller.user.id;
});

/** Event types engagement published (outbox rows sent to Kafka) for this user and hotel. */
async function publishedFavoriteEvents(hotelId: number): Promise<string[]> {
  const { rows } = await db.query<{ event_type: string }>(
    `SELECT event_type FROM outbox WHERE event_type LIKE 'favorite.%' AND sent_at IS NOT NULL
        AND payload->'data'->>'userId' = $1 AND (payload->'data'->>'hotelId')::int = $2 ORDER BY created_at`,
    [userId, hotelId],
  );
  return rows.map((r) => r.event_type);
}

describe('favourites: who may call', () => {
  it.each([
    ['GET', '/api/favorites', undefined],
    ['POST', '/api/favorites', { hotelId: 1 }],
    ['DELETE', '/api/favorites/1', undefined],
  ])('a visitor gets 401 for %s %s', async (method, path, body) => {
    const res = await api(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.authRequired);
  });

  it('a forged or garbage token is a visitor too', async () => {
    expect((await api('GET', '/api/favorites', { token: 'not.a.token' })).status).toBe(401);
  });

  it.each(['traveller', 'provider', 'admin'] as const)('a signed-in %s has their own list', async (who) => {
    const res = await api('GET', '/api/favorites', { token: await seededToken(who) });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });
});

describe('favourites of one user', () => {
  it('starts empty', async () => {
    expect((await api('GET', '/api/favorites', { token })).body).toEqual([]);
  });

  it('adds once: 201 the first time, then 200 with the same row, and one item in the list', async () => {
    const first = await api('POST', '/api/favorites', { token, body: { hotelId: 1 } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ hotelId: 1, createdAt: expect.any(String) });
    const again = await api('POST', '/api/favorites', { token, body: { hotelId: 1 } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const list = await api('GET', '/api/favorites', { token });
    expect(list.body).toEqual([first.body]);
  });

  it('copes with the same add arriving concurrently: still one row', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => api('POST', '/api/favorites', { token, body: { hotelId: 2 } })));
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const list = await api('GET', '/api/favorites', { token });
    expect(list.body.filter((f: { hotelId: number }) => f.hotelId === 2)).toHaveLength(1);
  });

  it('lists newest first', async () => {
    await api('POST', '/api/favorites', { token, body: { hotelId: 3 } });
    const list = await api<{ hotelId: number; createdAt: string }[]>('GET', '/api/favorites', { token });
    expect(list.body.map((f) => f.hotelId)).toEqual([3, 2, 1]);
    const times = list.body.map((f) => Date.parse(f.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('removes with 204, and removing again is still 204', async () => {
    expect((await api('DELETE', '/api/favorites/2', { token })).status).toBe(204);
    expect((await api('GET', '/api/favorites', { token })).body.map((f: { hotelId: number }) => f.hotelId)).toEqual([3, 1]);
    expect((await api('DELETE', '/api/favorites/2', { token })).status).toBe(204);
  });

  it('keeps each user to their own list', async () => {
    const other = await registerTraveller();
    expect((await api('GET', '/api/favorites', { token: other.token })).body).toEqual([]);
    expect((await api('DELETE', '/api/favorites/1', { token: other.token })).status).toBe(204);
    expect((await api('GET', '/api/favorites', { token })).body.map((f: { hotelId: number }) => f.hotelId)).toEqual([3, 1]);
  });

  it('answers 404 for a hotel that does not exist and 400 for a bad id', async () => {
    const missing = await api('POST', '/api/favorites', { token, body: { hotelId: 987654 } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.hotelNotFound);
    expect((await api('POST', '/api/favorites', { token, body: { hotelId: 'abc' } })).status).toBe(400);
    expect((await api('POST', '/api/favorites', { token, body: {} })).status).toBe(400);
    expect((await api('DELETE', '/api/favorites/abc', { token })).status).toBe(400);
  });

  it('publishes favorite.added once per add and favorite.removed once per removal', async () => {
    await eventually(async () => (await publishedFavoriteEvents(2)).length === 2, 20_000, 'favourite events published');
    expect(await publishedFavoriteEvents(2)).toEqual(['favorite.added', 'favorite.removed']);
    expect(await publishedFavoriteEvents(1)).toEqual(['favorite.added']);
  });
});

describe('favourites under concurrent adds and removals', () => {
  it('ten interleaved adds and removals of one favourite: never a 5xx, and the list agrees with the last answer', async () => {
    const racer = await registerTraveller({ firstName: 'Rae', lastName: 'Racer' });
    const hotelId = 1;
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0 ? api('POST', '/api/favorites', { token: racer.token, body: { hotelId } }) : api('DELETE', `/api/favorites/${hotelId}`, { token: racer.token }),
        ),
      );
      for (const answer of answers) expect([200, 201, 204], JSON.stringify(answer.body)).toContain(answer.status);
      for (const answer of answers.filter((a) => a.status !== 204)) expect(answer.body).toEqual({ hotelId, createdAt: expect.any(String) });
      const list = (await api<{ hotelId: number }[]>('GET', '/api/favorites', { token: racer.token })).body;
      // One consistent state: the favourite is there once or not at all, and the table agrees with the answer.
      expect(list.filter((f) => f.hotelId === hotelId).length).toBeLessThanOrEqual(1);
      const { rows } = await db.query('SELECT 1 FROM favorites WHERE user_id = $1 AND hotel_id = $2', [racer.user.id, hotelId]);
      expect(rows.length).toBe(list.length);
    }
    // Events balance: every removal follows an addition, so added - removed is the row count.
    await eventually(async () => {
      const { rows } = await db.query<{ event_type: string }>(
        `SELECT event_type FROM outbox WHERE event_type LIKE 'favorite.%' AND payload->'data'->>'userId' = $1 ORDER BY seq`,
        [racer.user.id],
      );
      const present = (await db.query('SELECT 1 FROM favorites WHERE user_id = $1', [racer.user.id])).rows.length;
      const added = rows.filter((r) => r.event_type === 'favorite.added').length;
      const removed = rows.length - added;
      return added - removed === present;
    }, 20_000, 'balanced favourite events');
  });
});
