import { beforeAll, describe, expect, it } from 'vitest';
import { engagementExport, trainingMessages } from '@reproute/contracts';
import { envelope } from '@reproute/platform/testing/events';
import type { TestUser } from '@reproute/platform/testing/service-under-test';
import { api, db, engagement, uniqueEmail } from './support.ts';

/**
 * "My training, matched": a signed-in traveller's needs are saved in engagement (migration 010), read back, replaced
 * as a whole, forgotten on request, in the account's export and gone when the account is deleted. Bad needs answer
 * 400 with their message and nothing is written.
 */
let traveller: TestUser;
let other: TestUser;

const needs = {
  equipment: ['Rower', 'kettlebells'],
  pieces: [{ item: 'rack', kind: 'power-rack' }, { item: 'bench', kind: 'adjustable', count: 2 }],
  minDumbbellKg: 40,
  opensBefore: '6:00',
};
const saved = {
  equipment: ['rower', 'kettlebells'],
  pieces: [
    { item: 'rack', kind: 'power-rack', count: 1 },
    { item: 'bench', kind: 'adjustable', count: 2 },
  ],
  minDumbbellKg: 40,
  opensBefore: '06:00',
  openAfter: null,
};

beforeAll(async () => {
  const sut = await engagement();
  traveller = await sut.asTraveller({ email: uniqueEmail('lifter') });
  other = await sut.asTraveller({ email: uniqueEmail('other') });
});

describe('/api/me/training', () => {
  it('needs an account', async () => {
    expect((await api('GET', '/api/me/training')).status).toBe(401);
    expect((await api('PUT', '/api/me/training', { body: needs })).status).toBe(401);
  });

  it('is empty before anything is saved, then answers what was saved (normalised), to its owner only', async () => {
    expect((await api('GET', '/api/me/training', { token: traveller.token })).body).toEqual({ needs: null, updatedAt: null });
    const put = await api('PUT', '/api/me/training', { token: traveller.token, body: needs });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ needs: saved, updatedAt: expect.any(String) });
    expect((await api('GET', '/api/me/training', { token: traveller.token })).body).toEqual(put.body);
    expect((await api('GET', '/api/me/training', { token: other.token })).body).toEqual({ needs: null, updatedAt: null });
  });

  it('a save replaces the whole set', async () => {
    const put = await api('PUT', '/api/me/training', { token: other.token, body: { equipment: ['sauna'], openAfter: '22:00' } });
    expect(put.status).toBe(200);
    const again = await api('PUT', '/api/me/training', { token: other.token, body: { openAfter: '21:30' } });
    expect(again.body.needs).toEqual({ equipment: [], pieces: [], minDumbbellKg: null, opensBefore: null, openAfter: '21:30' });
  });

  it.each([
    ['no need at all', {}, '', trainingMessages.needsEmpty],
    ['an unknown label', { equipment: ['hovercraft'] }, 'equipment.0', trainingMessages.equipmentInvalid],
    ['an unknown kind of rack', { pieces: [{ item: 'rack', kind: 'cage' }] }, 'pieces.0.kind', trainingMessages.pieceInvalid],
    ['an unknown item', { pieces: [{ item: 'hovercraft' }] }, 'pieces.0.item', trainingMessages.pieceInvalid],
    ['a count of 0', { pieces: [{ item: 'rower', count: 0 }] }, 'pieces.0.count', trainingMessages.pieceCountInvalid],
    ['the same piece twice', { pieces: [{ item: 'rower' }, { item: 'rower', count: 2 }] }, 'pieces.1', trainingMessages.pieceDuplicate],
    ['dumbbells of 300 kg', { minDumbbellKg: 300 }, 'minDumbbellKg', trainingMessages.dumbbellInvalid],
    ['hours that do not parse', { opensBefore: '6am' }, 'opensBefore', trainingMessages.opensBeforeInvalid],
    ['a time of 24:30', { openAfter: '24:30' }, 'openAfter', trainingMessages.openAfterInvalid],
  ])('400 for %s, and what was saved stays', async (_case, body, path, message) => {
    const res = await api('PUT', '/api/me/training', { token: traveller.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await api('GET', '/api/me/training', { token: traveller.token })).body.needs).toEqual(saved);
  });

  it('is in the account’s export', async () => {
    const res = await api('GET', '/api/engagement/me/export', { token: traveller.token });
    expect(res.status).toBe(200);
    expect(engagementExport.parse(res.body).trainingNeeds).toEqual(saved);
  });

  it('DELETE forgets them, idempotently', async () => {
    const sut = await engagement();
    const gone = await sut.asTraveller({ email: uniqueEmail('forget') });
    expect((await api('PUT', '/api/me/training', { token: gone.token, body: { equipment: ['rower'] } })).status).toBe(200);
    expect((await api('DELETE', '/api/me/training', { token: gone.token })).status).toBe(204);
    expect((await api('DELETE', '/api/me/training', { token: gone.token })).status).toBe(204);
    expect((await api('GET', '/api/me/training', { token: gone.token })).body).toEqual({ needs: null, updatedAt: null });
  });

  it('go with the account (user.deletion-requested), and the other account’s stay', async () => {
    const sut = await engagement();
    await sut.bus.publishEnvelope(envelope('user.deletion-requested', { userId: traveller.id, emails: [traveller.email], isProvider: false, requestedAt: new Date().toISOString() }), traveller.id);
    await sut.settled();
    expect((await db.query('SELECT 1 FROM training_needs WHERE user_id = $1', [traveller.id])).rows).toEqual([]);
    expect((await db.query('SELECT 1 FROM training_needs WHERE user_id = $1', [other.id])).rows).toHaveLength(1);
  });
});
