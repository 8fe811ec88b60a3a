import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventCatalog, messages, type Envelope } from '@reproute/contracts';
import { api, db, engagement, seededToken } from './support.ts';

/**
 * Ruling 15: a review is marked "Verified stay" when RepRoute sent its author to that hotel (a booking-link click
 * or a lead while signed in) before the end of the month of the stay; other reviews are published without the
 * mark; stays in the future are refused.
 */
const review = (hotelId: number, stayDate: string) => ({
  hotelId,
  title: 'Racks and a real platform',
  content: 'Two power racks, a deadlift platform and dumbbells to 50 kg. Quiet at 6am on weekdays.',
  rating: 5,
  gymRating: 5,
  travelType: 'fitness',
  stayDate,
});

/** A referral event as referral publishes it, at a chosen moment. */
async function sent(kind: 'click' | 'lead', userId: string | null, hotelId: number, occurredAt: string) {
  const sut = await engagement();
  const envelope: Envelope =
    kind === 'click'
      ? { id: randomUUID(), type: 'referral.clicked', version: 1, occurredAt, data: eventCatalog['referral.clicked'].data.parse({ clickId: randomUUID(), hotelId, hotelName: 'Hotel', bookingUrl: 'https://book.example/x', userId }) }
      : {
          id: randomUUID(),
          type: 'lead.created',
          version: 1,
          occurredAt,
          data: eventCatalog['lead.created'].data.parse({ leadId: randomUUID(), hotelId, hotelName: 'Hotel', contactEmail: 'h@example.com', userId, name: 'A B', email: 'a@example.com', message: null, checkInDate: null, checkOutDate: null, guests: null }),
        };
  await sut.bus.publishEnvelope(envelope, hotelId);
  await sut.settled();
  return envelope;
}

async function approved(reviewId: string) {
  const res = await api('PUT', `/api/reviews/${reviewId}/approve`, { token: await seededToken('admin'), body: { isApproved: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function published(hotelId: number, reviewId: string) {
  const res = await api('GET', `/api/hotels/${hotelId}/reviews`);
  expect(res.status).toBe(200);
  return (res.body as { id: string; verifiedStay: boolean }[]).find((r) => r.id === reviewId);
}

describe('Verified stay', () => {
  it('marks a review whose author clicked through to the hotel before the stay month ended, in every answer', async () => {
    const sut = await engagement();
    const traveller = await sut.asTraveller();
    await sent('click', traveller.id, 2, '2026-03-10T09:00:00.000Z');
    const res = await api('POST', '/api/reviews', { token: traveller.token, body: review(2, '2026-03') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.verifiedStay).toBe(true);
    await approved(res.body.id);
    expect((await published(2, res.body.id))?.verifiedStay).toBe(true);
    const mine = await api('GET', '/api/reviews/mine', { token: traveller.token });
    expect(mine.status).toBe(200);
    expect(mine.body.find((r: { id: string }) => r.id === res.body.id)?.verifiedStay).toBe(true);
  });

  it('a lead counts too, and a click that arrives after the review was written still marks it', async () => {
    const sut = await engagement();
    const traveller = await sut.asTraveller();
    const res = await api('POST', '/api/reviews', { token: traveller.token, body: review(24, '2026-05-14') });
    expect(res.body.verifiedStay).toBe(false);
    await sent('lead', traveller.id, 24, '2026-05-01T12:00:00.000Z');
    const { rows } = await db.query('SELECT verified_stay FROM reviews WHERE id = $1', [res.body.id]);
    expect(rows[0].verified_stay).toBe(true);
  });

  it('no mark without a click, for a click after the stay month, for another hotel, or for a visitor\'s click', async () => {
    const sut = await engagement();
    const traveller = await sut.asTraveller();
    await sent('click', traveller.id, 25, '2026-04-01T00:00:00.000Z'); // the month after the stay
    await sent('click', traveller.id, 1, '2026-02-01T00:00:00.000Z'); // another hotel
    await sent('click', null, 25, '2026-02-01T00:00:00.000Z'); // a visitor
    const res = await api('POST', '/api/reviews', { token: traveller.token, body: review(25, '2026-03') });
    expect(res.status).toBe(201);
    expect(res.body.verifiedStay).toBe(false);
    await approved(res.body.id);
    expect((await published(25, res.body.id))?.verifiedStay).toBe(false);
    const other = await sut.asTraveller();
    const unclicked = await api('POST', '/api/reviews', { token: other.token, body: review(25, '2026-03') });
    expect(unclicked.body.verifiedStay).toBe(false);
  });

  it('keeps the earliest click per account and hotel, and a replayed event changes nothing', async () => {
    const sut = await engagement();
    const traveller = await sut.asTraveller();
    const first = await sent('click', traveller.id, 1, '2026-06-20T00:00:00.000Z');
    await sent('click', traveller.id, 1, '2026-01-05T00:00:00.000Z');
    await sent('click', traveller.id, 1, '2026-08-05T00:00:00.000Z');
    await sut.bus.publishEnvelope(first, 1);
    await sut.settled();
    const { rows } = await db.query('SELECT first_sent_at FROM hotels_sent_to WHERE user_id = $1', [traveller.id]);
    expect(rows.map((r) => r.first_sent_at.toISOString())).toEqual(['2026-01-05T00:00:00.000Z']);
    const exported = await api('GET', '/api/engagement/me/export', { token: traveller.token });
    expect(exported.status).toBe(200);
    expect(exported.body.hotelsSentTo).toEqual([{ hotelId: 1, firstSentAt: '2026-01-05T00:00:00.000Z' }]);
  });
});

describe('A stay in the future', () => {
  it('is refused with a clear message and stores nothing; this month is taken', async () => {
    const sut = await engagement();
    const traveller = await sut.asTraveller();
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 2, 1);
    for (const stayDate of [next.toISOString().slice(0, 7), next.toISOString().slice(0, 10), '2099-01']) {
      const res = await api('POST', '/api/reviews', { token: traveller.token, body: review(2, stayDate) });
      expect([res.status, res.body.message]).toEqual([400, messages.stayDateFuture]);
    }
    const { rows } = await db.query('SELECT count(*)::int AS n FROM reviews WHERE user_id = $1', [traveller.id]);
    expect(rows[0].n).toBe(0);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect((await api('POST', '/api/reviews', { token: traveller.token, body: review(2, thisMonth) })).status).toBe(201);
  });
});
