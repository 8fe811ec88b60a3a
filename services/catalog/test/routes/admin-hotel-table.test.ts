import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type AdminHotelListAnswer, type Hotel } from '@reproute/contracts';
import pg from 'pg';
import { adminCreateHotel, api, catalog, listingBody, tokenFor, uniqueName } from './support.ts';

let admin: string;
// A word only this file's hotels carry, so every query below sees just them.
const tag = uniqueName('Tbltag').split(' ')[1]!;
const hotels: Record<'alpha' | 'bravo' | 'charlie' | 'delta', Hotel> = {} as never;

const list = async (query: string) => {
  const res = await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?q=${tag}&${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const names = (answer: AdminHotelListAnswer) => answer.items.map((h) => h.name.split(' ')[0]);

beforeAll(async () => {
  admin = await tokenFor('admin');
  // Created one after another so created_at orders them alpha, bravo, charlie, delta.
  hotels.alpha = await adminCreateHotel({ name: `Alpha Hôtel ${tag}`, city: 'Zürich', country: 'Switzerland' });
  hotels.bravo = await adminCreateHotel({ name: `Bravo Inn ${tag}`, city: 'Aarau', country: 'Switzerland' });
  hotels.charlie = await adminCreateHotel({ name: `Charlie Lodge ${tag}`, city: 'Bern', country: 'Switzerland', isApproved: false });
  const rejected = await api<Hotel>('PUT', `/api/hotels/${hotels.charlie.id}/approval`, { token: admin, body: { isApproved: false, reason: 'Test rejection' } });
  expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
  const provider = await tokenFor('provider');
  const pending = await api<Hotel>('POST', '/api/provider/hotels', { token: provider, body: listingBody({ name: `Delta Suites ${tag}` }) });
  expect(pending.status, JSON.stringify(pending.body)).toBe(201);
  hotels.delta = pending.body;
}, 60_000);

describe('GET /api/admin/hotels: the admin table pages, sorts and filters on the server', () => {
  it('answers a page with the total, newest first by default, with status, owner and created date', async () => {
    const answer = await list('');
    expect(answer).toMatchObject({ total: 4, page: 1, pageSize: 25, sort: '-created' });
    expect(names(answer)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    const delta = answer.items[0]!;
    expect(delta).toMatchObject({ status: 'pending', providerEmail: 'provider@reproute.example' });
    expect(delta.providerId).toBeTruthy();
    expect(Date.parse(delta.createdAt)).not.toBeNaN();
    expect(answer.items.find((h) => h.id === hotels.charlie.id)?.status).toBe('rejected');
  });

  it('pages without overlap: pageSize 3 then page 2', async () => {
    const first = await list('sort=name&pageSize=3');
    const second = await list('sort=name&pageSize=3&page=2');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(names(first)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(names(second)).toEqual(['Delta']);
    expect((await list('page=9')).items).toEqual([]);
  });

  it('sorts by name, created, status and city in both directions', async () => {
    expect(names(await list('sort=name'))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(names(await list('sort=-name'))).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(names(await list('sort=created'))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    // approved < pending < rejected; ties newest-last ascending.
    expect(names(await list('sort=status'))).toEqual(['Alpha', 'Bravo', 'Delta', 'Charlie']);
    expect(names(await list('sort=-status'))).toEqual(['Charlie', 'Delta', 'Bravo', 'Alpha']);
    // Aarau, Bern, Testville (Delta, the test listings' place), Zürich (folded: zurich).
    expect(names(await list('sort=city'))).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha']);
    expect(names(await list('sort=-city'))).toEqual(['Alpha', 'Delta', 'Charlie', 'Bravo']);
  });

  it('filters by status', async () => {
    expect(names(await list('status=approved&sort=name'))).toEqual(['Alpha', 'Bravo']);
    expect(names(await list('status=pending'))).toEqual(['Delta']);
    expect(names(await list('status=REJECTED'))).toEqual(['Charlie']);
    expect((await list('status=rejected')).total).toBe(1);
  });

  it('matches q against name, city and country, without regard to case or accents', async () => {
    const only = async (q: string) => {
      const res = await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?q=${encodeURIComponent(q)}&sort=name`, { token: admin });
      expect(res.status).toBe(200);
      return res.body.items.filter((h) => h.name.endsWith(tag)).map((h) => h.name.split(' ')[0]);
    };
    expect(await only(`HOTEL ${tag}`)).toEqual(['Alpha']);
    expect(await only(`hôtel ${tag}`)).toEqual(['Alpha']);
    const city = await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?q=${encodeURIComponent('ZURICH')}&pageSize=100`, { token: admin });
    expect(city.body.items.map((h) => h.id)).toContain(hotels.alpha.id);
    const accented = await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?q=${encodeURIComponent('zürich')}&pageSize=100`, { token: admin });
    expect(accented.body.items.map((h) => h.id)).toContain(hotels.alpha.id);
    expect(accented.body.items.map((h) => h.id)).not.toContain(hotels.bravo.id);
    // LIKE wildcards are literal characters.
    expect((await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?q=${encodeURIComponent(`%${tag}`)}`, { token: admin })).body.total).toBe(0);
  });

  it("with an \"@\" in q, also finds a provider's listings by the provider's email, whole or in part", async () => {
    const ids = async (q: string) => {
      const res = await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?q=${encodeURIComponent(q)}&pageSize=100`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.items.map((h) => h.id);
    };
    // Delta is the provider's listing; Alpha, Bravo and Charlie are the admin's own (no provider email).
    for (const q of ['provider@reproute.example', 'PROVIDER@', '@reproute.example']) {
      const found = await ids(q);
      expect(found, q).toContain(hotels.delta.id);
      expect(found, q).not.toContain(hotels.alpha.id);
    }
    // With the status filter, as the review queue asks.
    const pending = await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?q=${encodeURIComponent('provider@')}&status=pending&sort=created&pageSize=100`, { token: admin });
    expect(pending.body.items.map((h) => h.id)).toContain(hotels.delta.id);
    expect(pending.body.items.every((h) => h.status === 'pending' && h.providerEmail?.includes('provider@'))).toBe(true);
    expect(pending.body.total).toBe(pending.body.items.length);
    // Without an "@" the email is not read; an address nobody has finds nothing; wildcards stay literal.
    expect(await ids('reproute.example')).not.toContain(hotels.delta.id);
    expect(await ids(`nobody-${tag}@nowhere.example`)).toEqual([]);
    expect(await ids('%@%')).toEqual([]);
  });

  it('drops an unknown sort for the default (as search does)', async () => {
    const answer = await list('sort=rating');
    expect(answer.sort).toBe('-created');
    expect(names(answer)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
  });

  it('answers 400 with a clear message for a bad status, page or pageSize', async () => {
    const cases: [string, string, string][] = [
      ['status=live', 'status', messages.adminHotelStatusInvalid],
      ['page=0', 'page', messages.adminHotelPageInvalid],
      ['page=abc', 'page', messages.adminHotelPageInvalid],
      ['page=1.5', 'page', messages.adminHotelPageInvalid],
      ['pageSize=101', 'pageSize', messages.adminHotelPageSizeInvalid],
      ['pageSize=0', 'pageSize', messages.adminHotelPageSizeInvalid],
      [`q=${'x'.repeat(201)}`, 'q', messages.adminHotelQueryTooLong],
    ];
    for (const [query, path, message] of cases) {
      const res = await api<{ message: string; errors: { path: string; message: string }[] }>('GET', `/api/admin/hotels?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.errors, query).toContainEqual({ path, message });
    }
  });

  it('is for admins only: 401 without a token, 403 for a traveller or provider', async () => {
    expect((await api('GET', '/api/admin/hotels')).status).toBe(401);
    expect((await api('GET', '/api/admin/hotels?page=0', { token: await tokenFor('traveller') })).status).toBe(403);
    expect((await api('GET', '/api/admin/hotels', { token: await tokenFor('provider') })).status).toBe(403);
  });
});

describe('GET /api/admin/hotels/stats', () => {
  it('counts every hotel, the premium ones and the clicks, for admins only', async () => {
    const stats = await api<{ total: number; premium: number; affiliateClicks: number }>('GET', '/api/admin/hotels/stats', { token: admin });
    expect(stats.status).toBe(200);
    const all = await api<AdminHotelListAnswer>('GET', '/api/admin/hotels?pageSize=1', { token: admin });
    // Other suites create hotels meanwhile: the two counts are taken moments apart.
    expect(Math.abs(stats.body.total - all.body.total)).toBeLessThanOrEqual(5);
    expect(stats.body.premium).toBeLessThanOrEqual(stats.body.total);
    expect(stats.body.affiliateClicks).toBeGreaterThanOrEqual(0);
    expect((await api('GET', '/api/admin/hotels/stats', { token: await tokenFor('traveller') })).status).toBe(403);
    expect((await api('GET', '/api/admin/hotels/stats')).status).toBe(401);
  });
});

/** Runs `steps` on a connection of its own, in one repeatable-read transaction rolled back afterwards: nothing is kept. */
async function inRolledBackSnapshot(steps: (db: pg.Client) => Promise<void>): Promise<void> {
  const db = new pg.Client({ connectionString: (await catalog()).ctx.config.DATABASE_URL, options: '-c search_path=catalog' });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await steps(db);
  } finally {
    await db.query('ROLLBACK').catch(() => undefined);
    await db.end();
  }
}

describe('the table\'s total without a text filter: per-status counts kept by triggers (migration 013)', () => {
  const exact = async (db: pg.ClientBase) =>
    Object.fromEntries((await db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM catalog.hotels GROUP BY status')).rows.map((r) => [r.status, r.n]));
  const kept = async (db: pg.ClientBase) =>
    Object.fromEntries((await db.query<{ status: string; n: number }>('SELECT status, hotels::int AS n FROM catalog.hotel_status_counts WHERE hotels > 0')).rows.map((r) => [r.status, r.n]));

  it('stay equal to counting the hotels through bulk inserts, status changes and bulk deletes', async () => {
    await inRolledBackSnapshot(async (db) => {
      expect(await kept(db)).toEqual(await exact(db));
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO catalog.hotels (slug, name, city, country, status)
         SELECT 'count-test-' || n || '-' || $1, 'Count Test ' || n, 'Testville', 'Testland', CASE WHEN n % 3 = 0 THEN 'approved' ELSE 'pending' END
           FROM generate_series(1, 30) AS n RETURNING id`,
        [tag.toLowerCase()],
      );
      expect(await kept(db)).toEqual(await exact(db));
      const ids = rows.map((r) => r.id);
      await db.query("UPDATE catalog.hotels SET status = 'rejected' WHERE id = ANY($1) AND status = 'pending'", [ids.slice(0, 10)]);
      await db.query("UPDATE catalog.hotels SET status = status, name = name || ' edited' WHERE id = ANY($1)", [ids]);
      expect(await kept(db)).toEqual(await exact(db));
      await db.query('DELETE FROM catalog.hotels WHERE id = ANY($1)', [ids.slice(5)]);
      expect(await kept(db)).toEqual(await exact(db));
    });
  });

  it('answers the same totals through the API as a count would', async () => {
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const withoutText = await api<AdminHotelListAnswer>('GET', `/api/admin/hotels?status=${status}&pageSize=1`, { token: admin });
      expect(withoutText.status).toBe(200);
      const db = new pg.Client({ connectionString: (await catalog()).ctx.config.DATABASE_URL, options: '-c search_path=catalog' });
      await db.connect();
      try {
        const counted = (await exact(db))[status] ?? 0;
        expect(withoutText.body.total).toBe(counted);
      } finally {
        await db.end();
      }
    }
  });
});

describe("the dashboard's premium count and click total: kept by triggers (migration 017)", () => {
  const exact = async (db: pg.ClientBase) =>
    (
      await db.query<{ premium: number; affiliate_clicks: number }>(
        'SELECT count(*) FILTER (WHERE is_premium)::int AS premium, coalesce(sum(affiliate_clicks), 0)::int AS affiliate_clicks FROM catalog.hotels',
      )
    ).rows[0];
  const kept = async (db: pg.ClientBase) =>
    Object.fromEntries((await db.query<{ name: string; value: number }>('SELECT name, value::int AS value FROM catalog.hotel_totals')).rows.map((r) => [r.name, r.value]));

  it('stay equal to a pass over the hotels through bulk inserts, clicks, premium changes, unchanged updates and bulk deletes', async () => {
    await inRolledBackSnapshot(async (db) => {
      expect(await kept(db)).toEqual(await exact(db));
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO catalog.hotels (slug, name, city, country, status, is_premium, affiliate_clicks)
         SELECT 'total-test-' || n || '-' || $1, 'Total Test ' || n, 'Testville', 'Testland', 'approved', n % 4 = 0, n * 3
           FROM generate_series(1, 30) AS n RETURNING id`,
        [tag.toLowerCase()],
      );
      expect(await kept(db)).toEqual(await exact(db));
      const ids = rows.map((r) => r.id);
      // A referral click as the catalog counts it, then the premium flag both ways, then an update that changes neither.
      await db.query('UPDATE catalog.hotels SET affiliate_clicks = affiliate_clicks + 1 WHERE id = $1', [ids[0]]);
      await db.query('UPDATE catalog.hotels SET is_premium = NOT is_premium WHERE id = ANY($1)', [ids.slice(0, 8)]);
      await db.query("UPDATE catalog.hotels SET is_premium = is_premium, affiliate_clicks = affiliate_clicks, name = name || ' edited' WHERE id = ANY($1)", [ids]);
      expect(await kept(db)).toEqual(await exact(db));
      await db.query('DELETE FROM catalog.hotels WHERE id = ANY($1)', [ids.slice(5)]);
      expect(await kept(db)).toEqual(await exact(db));
    });
  });

  it('are what the stats answer gives', async () => {
    const db = new pg.Client({ connectionString: (await catalog()).ctx.config.DATABASE_URL, options: '-c search_path=catalog' });
    await db.connect();
    try {
      // Other files may write hotels between the two reads: asked again until they agree.
      let last = '';
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const stats = await api<{ total: number; premium: number; affiliateClicks: number }>('GET', '/api/admin/hotels/stats', { token: admin });
        expect(stats.status).toBe(200);
        const totals = await kept(db);
        const exactCount = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog.hotels')).rows[0]!.n;
        const answered = JSON.stringify(stats.body);
        last = `${answered} vs ${JSON.stringify({ total: exactCount, premium: totals.premium, affiliateClicks: totals.affiliate_clicks })}`;
        if (answered === JSON.stringify({ total: exactCount, premium: totals.premium, affiliateClicks: totals.affiliate_clicks })) break;
      }
      const [answered, expected] = last.split(' vs ');
      expect(answered).toBe(expected);
    } finally {
      await db.end();
    }
  });
});
