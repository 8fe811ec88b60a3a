import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type AdminAuditAnswer, type AdminAuditEntry, type Hotel } from '@reproute/contracts';
import { adminCreateHotel, api, listingBody, tokenFor } from './support.ts';

let admin: string;

beforeAll(async () => {
  admin = await tokenFor('admin');
});

/** The newest entries about one hotel, oldest first (other suites write the log at the same time). */
async function entriesFor(hotelId: number): Promise<AdminAuditEntry[]> {
  const res = await api<AdminAuditAnswer>('GET', '/api/admin/hotels/audit?pageSize=100', { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.filter((entry) => entry.hotelId === hotelId).reverse();
}

describe('admin audit log', () => {
  it('records who created, edited, rejected, approved and deleted a hotel, and when', async () => {
    const started = Date.now() - 5_000;
    const hotel = await adminCreateHotel({ isApproved: false });
    expect((await api('PUT', `/api/hotels/${hotel.id}`, { token: admin, body: { description: 'Edited by the audit test.' } })).status).toBe(200);
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: false, reason: 'Photos missing' } })).status).toBe(200);
    expect((await api('PUT', `/api/hotels/${hotel.id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    expect((await api('DELETE', `/api/hotels/${hotel.id}`, { token: admin })).status).toBe(204);

    const entries = await entriesFor(hotel.id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'edited', 'rejected', 'approved', 'deleted']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorEmail: 'admin@reproute.example', hotelName: hotel.name });
      expect(Date.parse(entry.createdAt)).toBeGreaterThanOrEqual(started);
    }
    expect(entries[2]!.detail).toBe('Photos missing');
    expect(entries[0]!.detail).toBeNull();
  });

  it('records revision decisions, and nothing for a provider’s own edits or a failed action', async () => {
    const provider = await tokenFor('provider');
    const created = await api<Hotel>('POST', '/api/provider/hotels', { token: provider, body: listingBody() });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await api('PUT', `/api/hotels/${id}/approval`, { token: admin, body: { isApproved: true } })).status).toBe(200);
    expect((await api('PUT', `/api/provider/hotels/${id}`, { token: provider, body: { bookingUrl: 'https://audit.example/book' } })).status).toBe(200);
    expect((await api('PUT', `/api/admin/hotels/${id}/revision`, { token: admin, body: { isApproved: false, reason: 'Not this domain' } })).status).toBe(200);
    // No revision pending (the rejected one waits on its provider): 404 and no entry.
    expect((await api('PUT', `/api/admin/hotels/${id}/revision`, { token: admin, body: { isApproved: true } })).status).toBe(404);
    expect((await entriesFor(id)).map((e) => e.action)).toEqual(['approved', 'revision_rejected']);
  });

  it('pages newest first, answers 400 for a bad page and is for admins only', async () => {
    const first = await api<AdminAuditAnswer>('GET', '/api/admin/hotels/audit?pageSize=2', { token: admin });
    expect(first.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(2);
    expect(Date.parse(first.body.items[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.body.items[1]!.createdAt));
    const bad = await api<{ errors: { path: string; message: string }[] }>('GET', '/api/admin/hotels/audit?page=0', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ path: 'page', message: messages.adminHotelPageInvalid });
    expect((await api('GET', '/api/admin/hotels/audit?pageSize=101', { token: admin })).status).toBe(400);
    expect((await api('GET', '/api/admin/hotels/audit')).status).toBe(401);
    expect((await api('GET', '/api/admin/hotels/audit', { token: await tokenFor('traveller') })).status).toBe(403);
  });
});
