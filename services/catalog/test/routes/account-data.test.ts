import { beforeAll, describe, expect, it } from 'vitest';
import { catalogExport, type Hotel } from '@reproute/contracts';
import { envelope } from '@reproute/platform/testing/events';
import { formerAccountId } from '@reproute/platform';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, catalog, listingBody } from './support.ts';
import { formerAdmin } from '../../src/store/account-data.ts';

/**
 * An account's part in the catalog: a provider's listings in the export, and what deleting the account does to
 * them (unpublished and deleted, announced without their owner first); an admin's audit entries anonymised.
 */
let provider: TestUser;
let admin: TestUser;
let live: Hotel;
let pending: Hotel;

beforeAll(async () => {
  const sut = await catalog();
  provider = await sut.asProvider({ email: 'leaving.provider@example.com' });
  admin = await sut.asAdmin({ email: 'leaving.admin@example.com' });
  const made = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ contactEmail: provider.email }) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  live = (await api<Hotel>('PUT', `/api/hotels/${made.body.id}/approval`, { token: admin.token, body: { isApproved: true } })).body;
  const edited = await api('PUT', `/api/provider/hotels/${live.id}`, { token: provider.token, body: { bookingUrl: 'https://elsewhere.example/book' } });
  expect(edited.status).toBe(200);
  pending = (await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() })).body;
  await sut.events();
});

describe('GET /api/catalog/me/export', () => {
  it('answers a provider\'s listings and pending changes, an admin\'s actions, nothing for a traveller', async () => {
    const part = catalogExport.parse((await api('GET', '/api/catalog/me/export', { token: provider.token })).body);
    expect(part.listings.map((l) => [l.id, l.status])).toEqual([
      [live.id, 'approved'],
      [pending.id, 'pending'],
    ]);
    expect(part.listings[0]).toMatchObject({ contactEmail: provider.email, name: live.name });
    expect(part.pendingChanges).toEqual([expect.objectContaining({ hotelId: live.id })]);
    const adminPart = catalogExport.parse((await api('GET', '/api/catalog/me/export', { token: admin.token })).body);
    expect(adminPart.adminActions).toEqual([expect.objectContaining({ action: 'approved', hotelId: live.id })]);
    const travellerPart = (await api('GET', '/api/catalog/me/export', { token: (await (await catalog()).asTraveller()).token })).body;
    expect(travellerPart).toEqual({ listings: [], photosUploaded: [], pendingChanges: [], adminActions: [], savedSearches: [], gymReports: [], gymConfirmations: [], gymReportAnswers: [] });
    expect((await api('GET', '/api/catalog/me/export')).status).toBe(401);
  });
});

async function mentions(needles: string[]): Promise<string[]> {
  const sut = await catalog();
  const { rows: tables } = await sut.pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'catalog' AND table_type = 'BASE TABLE'",
  );
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const { rows } = await sut.pool.query(`SELECT t::text AS row FROM "${table}" t`);
    for (const { row } of rows) if (needles.some((n) => row.toLowerCase().includes(n.toLowerCase()))) found.push(`${table}: ${row.slice(0, 300)}`);
  }
  return found.filter((m) => !m.includes('user.data-erased'));
}

const reportsFor = async (userId: string) => {
  const sut = await catalog();
  await sut.settled();
  return (await sut.events('user.data-erased')).filter((e) => e.data.userId === userId);
};

describe('erasing a deleted account', () => {
  it('unpublishes and deletes a provider\'s listings, announced without their owner first, and changes nothing twice', async () => {
    const sut = await catalog();
    const request = envelope('user.deletion-requested', { userId: provider.id, emails: [provider.email], isProvider: true, requestedAt: new Date().toISOString() });
    await sut.bus.publishEnvelope(request, provider.id);
    expect((await reportsFor(provider.id)).map((e) => e.data)).toEqual([{ userId: provider.id, service: 'catalog' }]);
    for (const hotel of [live, pending]) {
      expect((await api('GET', `/api/hotels/${hotel.id}`, { token: admin.token })).status).toBe(404);
      const events = (await sut.events()).filter((e) => e.type.startsWith('hotel.') && (e.data as { hotelId: number }).hotelId === hotel.id);
      // The last two: the hotel without its owner, then its deletion (so a late snapshot cannot bring the owner back into a copy).
      expect(events.slice(-2).map((e) => [e.type, (e.data as { providerId: string | null }).providerId, (e.data as { contactEmail?: string | null }).contactEmail ?? null])).toEqual([
        ['hotel.updated', null, null],
        ['hotel.deleted', null, null],
      ]);
    }
    expect(await mentions([provider.id, provider.email])).toEqual([]);

    const count = (await sut.events()).length;
    await sut.bus.publishEnvelope(request, provider.id);
    await sut.bus.publishEvent('user.deletion-requested', request.data, { key: provider.id });
    expect(await reportsFor(provider.id)).toHaveLength(2);
    // The second request found nothing to delete: only its report was written.
    expect((await sut.events()).length).toBe(count + 2 + 1);
  });

  it('keeps an admin\'s audit entries as "Former admin"', async () => {
    const sut = await catalog();
    await sut.bus.publishEvent('user.deletion-requested', { userId: admin.id, emails: [admin.email], isProvider: false, requestedAt: new Date().toISOString() }, { key: admin.id });
    expect(await reportsFor(admin.id)).toHaveLength(1);
    expect(await mentions([admin.id, admin.email])).toEqual([]);
    const { rows } = await sut.pool.query('SELECT actor_id, actor_email, action FROM admin_audit WHERE hotel_id = $1', [live.id]);
    expect(rows).toEqual([{ actor_id: formerAccountId, actor_email: formerAdmin, action: 'approved' }]);
  });
});
