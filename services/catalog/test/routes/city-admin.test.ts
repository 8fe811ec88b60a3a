import { beforeAll, describe, expect, it } from 'vitest';
import { cityAdminMessages as m, type City, type Hotel, type HotelSearchAnswer } from '@reproute/contracts';
import { api, catalog, listingBody, newProvider, tokenFor, uniqueName } from './support.ts';

/** An admin fixes a city (docs/decisions.md, "Fixing a city"): name, country and coordinates; its listings follow everywhere. */
const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
let admin: string;
let provider: { token: string; id: string; email: string };

beforeAll(async () => {
  admin = await tokenFor('admin');
  provider = await newProvider();
});

async function listing(city: string, country: string): Promise<Hotel> {
  const res = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ name: uniqueName(`City Fix ${tag}`), city, country }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await api('PUT', `/api/hotels/${res.body.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
  return res.body;
}

describe('PUT /api/admin/cities/:id', () => {
  it('renames a city and fixes its country and coordinates; its listings, search and the other services follow, and the audit log says so', async () => {
    const hotel = await listing(`Harrowgate ${tag}`, 'Untied Kingdom');
    const fixed = await api<City>('PUT', `/api/admin/cities/${hotel.cityId}`, { token: admin, body: { name: ` Harrogate ${tag} `, country: 'United Kingdom', latitude: 53.99, longitude: -1.54 } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ id: hotel.cityId, name: `Harrogate ${tag}`, country: 'United Kingdom', latitude: 53.99, longitude: -1.54, listingCount: 1 });
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body).toMatchObject({ city: `Harrogate ${tag}`, country: 'United Kingdom' });
    const found = (await api<HotelSearchAnswer>('GET', `/api/hotels/search?${new URLSearchParams({ query: `Harrogate ${tag}` })}`)).body;
    expect(found.items.map((h) => h.id)).toEqual([hotel.id]);
    const { rows } = await (await catalog()).pool.query(
      "SELECT 1 FROM outbox WHERE event_type = 'hotel.updated' AND payload->'data'->>'hotelId' = $1 AND payload->'data'->>'city' = $2 AND payload->'data'->>'country' = 'United Kingdom'",
      [String(hotel.id), `Harrogate ${tag}`],
    );
    expect(rows.length).toBe(1);
    const audit = (await api<{ items: { hotelId: number; action: string; detail: string | null }[] }>('GET', '/api/admin/hotels/audit?pageSize=50', { token: admin })).body.items;
    expect(audit.find((e) => e.hotelId === hotel.id && e.detail?.includes('renamed'))).toMatchObject({ action: 'edited', detail: `City Harrowgate ${tag}, Untied Kingdom renamed Harrogate ${tag}, United Kingdom` });
  });

  it('only admins; 404 for an unknown city; 409 for a name another city has; 400 with a message for bad input; nothing changes', async () => {
    const hotel = await listing(`Yorke ${tag}`, 'United Kingdom');
    const other = await listing(`York ${tag}`, 'United Kingdom');
    const body = { name: `York ${tag}`, country: 'United Kingdom', latitude: null, longitude: null };
    expect((await api('PUT', `/api/admin/cities/${hotel.cityId}`, { body })).status).toBe(401);
    expect((await api('PUT', `/api/admin/cities/${hotel.cityId}`, { token: provider.token, body })).status).toBe(403);
    const unknown = await api('PUT', '/api/admin/cities/987654321', { token: admin, body });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(m.cityNotFound);
    const taken = await api('PUT', `/api/admin/cities/${hotel.cityId}`, { token: admin, body });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(m.cityExists);
    const cases: [unknown, string][] = [
      [{ ...body, name: '' }, m.nameInvalid],
      [{ ...body, name: 'Bad\nName' }, m.nameInvalid],
      [{ ...body, country: 'U' }, m.countryInvalid],
      [{ ...body, latitude: 91, longitude: 0 }, m.coordinatesInvalid],
      [{ ...body, latitude: 50, longitude: null }, m.coordinatesTogether],
      [{ ...body, slug: 'york' }, m.unknownField],
    ];
    for (const [bad, message] of cases) {
      const res = await api('PUT', `/api/admin/cities/${hotel.cityId}`, { token: admin, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect([res.body.message, ...(res.body.errors ?? []).map((e: { message: string }) => e.message)]).toContain(message);
    }
    expect((await api<Hotel>('GET', `/api/hotels/${hotel.id}`)).body.city).toBe(`Yorke ${tag}`);
    expect((await api<Hotel>('GET', `/api/hotels/${other.id}`)).body.city).toBe(`York ${tag}`);
  });
});
