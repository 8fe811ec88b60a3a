import { beforeAll, describe, expect, it } from 'vitest';
import type { Hotel } from '@reproute/contracts';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, catalog, listingBody } from './support.ts';
import { gymChanges } from '../../src/store/gym-changes.ts';

/**
 * A live hotel's gym changing is announced (`hotel.gym-updated`, for the favourites' alerts): an admin's edit at
 * once, a provider's when the admin approves the change; any other edit, or a listing not live, announces nothing.
 */
let admin: TestUser;
let provider: TestUser;

beforeAll(async () => {
  const sut = await catalog();
  admin = await sut.asAdmin();
  provider = await sut.asProvider();
});

async function liveListing(): Promise<Hotel> {
  const made = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ rawEquipment: ['Power rack', 'Treadmill'], gym: { opensAt: '06:00', closesAt: '22:00', sizeSqm: 300 } }) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect((await api('PUT', `/api/hotels/${made.body.id}/approval`, { token: admin.token, body: { isApproved: true } })).status).toBe(200);
  return made.body;
}

async function announced(hotelId: number) {
  return (await (await catalog()).events('hotel.gym-updated')).filter((e) => e.data.hotelId === hotelId).map((e) => e.data.changes);
}

describe('hotel.gym-updated', () => {
  it('announces an admin\'s gym edit of a live hotel with what changed, and nothing for other edits', async () => {
    const hotel = await liveListing();
    expect(await announced(hotel.id)).toEqual([]);
    expect((await api('PUT', `/api/hotels/${hotel.id}`, { token: admin.token, body: { description: 'A quieter description.' } })).status).toBe(200);
    expect(await announced(hotel.id)).toEqual([]);
    const edited = await api('PUT', `/api/hotels/${hotel.id}`, { token: admin.token, body: { rawEquipment: ['Power rack', 'Treadmill', 'Sauna'], gym: { open24Hours: true, sizeSqm: 300 } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await announced(hotel.id)).toEqual([['equipment', 'opening hours']]);
  });

  it('announces a provider\'s gym change once the admin approves it, not while it waits', async () => {
    const hotel = await liveListing();
    const sent = await api('PUT', `/api/provider/hotels/${hotel.id}`, { token: provider.token, body: { gym: { opensAt: '06:00', closesAt: '22:00', sizeSqm: 1200 } } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await announced(hotel.id)).toEqual([]);
    const decided = await api('PUT', `/api/admin/hotels/${hotel.id}/revision`, { token: admin.token, body: { isApproved: true } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await announced(hotel.id)).toEqual([['gym size']]);
  });

  it('says nothing of a listing that is not live', async () => {
    const made = await api<Hotel>('POST', '/api/provider/hotels', { token: provider.token, body: listingBody() });
    expect((await api('PUT', `/api/provider/hotels/${made.body.id}`, { token: provider.token, body: { rawEquipment: ['Rowing machine'] } })).status).toBe(200);
    expect(await announced(made.body.id)).toEqual([]);
  });

  it('names the changes as a traveller reads them', () => {
    const base = { status: 'approved', rawEquipment: ['Power rack'], gym: { hours: null, open24Hours: true, opensAt: null, closesAt: null, size: null, sizeSqm: 300, heaviestDumbbellKg: 40, hasPool: false, hasSauna: false, hasPersonalTrainer: false, hasFitnessClasses: false, description: 'x' } } as never;
    const changed = (patch: Record<string, unknown>, gym: Record<string, unknown> = {}) => ({ ...(base as object), ...patch, gym: { ...(base as { gym: object }).gym, ...gym } }) as never;
    expect(gymChanges(base, changed({ rawEquipment: ['power rack '] }))).toEqual([]);
    expect(gymChanges(base, changed({}, { heaviestDumbbellKg: 50, hasPool: true }))).toEqual(['heaviest dumbbell', 'facilities']);
    expect(gymChanges(base, changed({}, { description: 'y' }))).toEqual(['gym details']);
  });
});
