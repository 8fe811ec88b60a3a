import { describe, expect, it } from 'vitest';
import { engagementExport } from '@reproute/contracts';
import { api, engagement } from './support.ts';

/**
 * A favourite hotel's gym changed (the catalog's `hotel.gym-updated`): each account that keeps it and has a verified
 * address is told once (`favorite.gym-updated`, for the notifier), to the address it proved; an account whose
 * address is not verified is not; the address follows an email change and goes with the account.
 */
const gymUpdate = (hotelId: number) => ({ hotelId, name: `Hotel ${hotelId}`, slug: `hotel-${hotelId}`, city: 'Testville', country: 'Testland', changes: ['equipment'] });

describe('favourite gym alerts', () => {
  it('tells each verified owner of the favourite once, and nobody else', async () => {
    const sut = await engagement();
    const fan = await sut.asTraveller();
    const unverified = await sut.asTraveller({ emailVerified: false });
    const elsewhere = await sut.asTraveller();
    expect((await api('POST', '/api/favorites', { token: fan.token, body: { hotelId: 24 } })).status).toBe(201);
    expect((await api('POST', '/api/favorites', { token: unverified.token, body: { hotelId: 24 } })).status).toBe(201);
    expect((await api('POST', '/api/favorites', { token: elsewhere.token, body: { hotelId: 25 } })).status).toBe(201);
    await sut.events();
    const before = (await sut.events('favorite.gym-updated')).length;

    const update = await sut.bus.publishEvent('hotel.gym-updated', gymUpdate(24), { key: 24 });
    await sut.events();
    const told = (await sut.events('favorite.gym-updated')).slice(before);
    expect(told.map((e) => e.data)).toEqual([{ userId: fan.id, email: fan.email, hotelId: 24, name: 'Hotel 24', slug: 'hotel-24', changes: ['equipment'] }]);

    // The same event again changes nothing.
    await sut.bus.publishEnvelope(update, 24);
    await sut.events();
    expect((await sut.events('favorite.gym-updated')).slice(before)).toHaveLength(1);
  });

  it('follows an email change, is in the export, and goes with the account', async () => {
    const sut = await engagement();
    const fan = await sut.asTraveller();
    expect((await api('POST', '/api/favorites', { token: fan.token, body: { hotelId: 2 } })).status).toBe(201);
    await sut.bus.publishEvent('user.email_verified', { userId: fan.id, email: 'moved@example.com', firstName: null, previousEmail: fan.email }, { key: fan.id });
    await sut.settled();
    const part = engagementExport.parse((await api('GET', '/api/engagement/me/export', { token: fan.token })).body);
    expect(part.favoriteAlertAddress).toBe('moved@example.com');
    const before = (await sut.events('favorite.gym-updated')).length;
    await sut.bus.publishEvent('hotel.gym-updated', gymUpdate(2), { key: 2 });
    await sut.events();
    expect((await sut.events('favorite.gym-updated')).slice(before).filter((e) => e.data.userId === fan.id).map((e) => e.data.email)).toEqual(['moved@example.com']);

    await sut.bus.publishEvent('user.deletion-requested', { userId: fan.id, emails: [fan.email, 'moved@example.com'], isProvider: false, requestedAt: new Date().toISOString() }, { key: fan.id });
    await sut.settled();
    const { rows } = await sut.pool.query('SELECT 1 FROM favorite_alert_addresses WHERE user_id = $1', [fan.id]);
    expect(rows).toEqual([]);
  });
});
