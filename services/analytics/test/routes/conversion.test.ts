import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, ProviderAnalytics } from '@reproute/contracts';
import { envelope, testHotel } from '@reproute/platform/testing/events';
import { eventually } from '@reproute/platform/testing/service-under-test';
import { analyticsUnderTest } from './support.ts';

/**
 * The partner's figures count what they say: referral clicks, leads with the traveller's contact details,
 * and conversion, the share of clicks that became leads, which never passes 100% (not even when leads
 * arrive without clicks, in either order, twice, or a day after the click).
 */
const providerId = randomUUID();
const [leadsOnlyHotel, matchedHotel, lateHotel, otherHotel] = [31, 32, 33, 34];
const dayMs = 86_400_000;

let sut: Awaited<ReturnType<typeof analyticsUnderTest>>;
let providerToken: string;
let stamp = Date.now();
const referralId = (hotelId: number) => `RR_${hotelId}_${(stamp += 1)}`;

const at = <T extends Envelope>(event: T, occurredAt: Date): T => ({ ...event, occurredAt: occurredAt.toISOString() });

function click(hotelId: number, ref: string | null, occurredAt = new Date()) {
  const bookingUrl = `https://book.example.com/${hotelId}?adults=2${ref ? `&ref=${ref}` : ''}`;
  return at(envelope('referral.clicked', { clickId: randomUUID(), hotelId, hotelName: `Test Hotel ${hotelId}`, bookingUrl, userId: null }), occurredAt);
}

function lead(hotelId: number, ref: string | null, contact = true, occurredAt = new Date()) {
  return at(
    envelope('lead.created', {
      leadId: randomUUID(), hotelId, hotelName: `Test Hotel ${hotelId}`, contactEmail: `hotel-${hotelId}@example.com`,
      userId: contact ? randomUUID() : null, name: contact ? 'Cara Contact' : null, email: contact ? 'cara@example.com' : null, message: null,
      checkInDate: null, checkOutDate: null, guests: null, referralId: ref,
    }),
    occurredAt,
  );
}

async function deliver(...events: Envelope[]) {
  for (const event of events) await sut.bus.publishEnvelope(event, event.type === 'lead.created' || event.type === 'referral.clicked' ? String((event.data as { hotelId: number }).hotelId) : event.id);
  await sut.settled();
}

async function figures(hotelId?: number): Promise<ProviderAnalytics> {
  const res = await sut.api<ProviderAnalytics>('GET', `/api/provider/analytics?range=7${hotelId ? `&hotelId=${hotelId}` : ''}`, { token: providerToken });
  expect(res.status).toBe(200);
  return res.body;
}

const hotelFigures = async (hotelId: number) => (await figures()).hotels.find((h) => h.hotelId === hotelId)!;

beforeAll(async () => {
  sut = await analyticsUnderTest();
  for (const hotelId of [leadsOnlyHotel, matchedHotel, lateHotel, otherHotel]) {
    await sut.bus.publishEnvelope(envelope('hotel.created', testHotel(hotelId, { providerId })), hotelId);
  }
  providerToken = (await sut.asProvider({ id: providerId })).token;
  await eventually(async () => (await figures()).hotels.length === 4, 20_000, 'hotels in the analytics projection');
});

afterAll(async () => {
  await sut?.close();
});

describe('GET /api/provider/analytics: clicks, leads and conversion', () => {
  it('leads posted without clicks never push conversion past 100%: 3 leads, 1 click, none of it converted', async () => {
    await deliver(lead(leadsOnlyHotel, referralId(leadsOnlyHotel)), lead(leadsOnlyHotel, referralId(leadsOnlyHotel)), lead(leadsOnlyHotel, null), click(leadsOnlyHotel, referralId(leadsOnlyHotel)));
    const hotel = await hotelFigures(leadsOnlyHotel);
    expect(hotel).toMatchObject({ referralClicks: 1, leads: 3, convertedClicks: 0, conversion: 0 });
    // Only leads, no click at all on another hotel: nothing to convert, so no conversion rather than infinity.
    await deliver(lead(otherHotel, referralId(otherHotel)), lead(otherHotel, referralId(otherHotel)));
    expect(await hotelFigures(otherHotel)).toMatchObject({ referralClicks: 0, leads: 2, convertedClicks: 0, conversion: null });
  });

  it('a lead carrying a click\'s referral id converts that click once, whichever event comes first; anonymous leads count as nothing', async () => {
    const [first, second, third] = [referralId(matchedHotel), referralId(matchedHotel), referralId(matchedHotel)];
    // Click then lead; lead then click; a second lead (and a second click) for the same referral id; a click without one.
    await deliver(click(matchedHotel, first), lead(matchedHotel, first), lead(matchedHotel, second), click(matchedHotel, second), lead(matchedHotel, first), click(matchedHotel, first));
    await deliver(click(matchedHotel, null), click(matchedHotel, third));
    // A lead without the traveller's contact (from before ruling 14) is neither a lead nor a conversion.
    await deliver(lead(matchedHotel, third, false));
    // A click whose link names another hotel's referral id converts nothing here.
    const foreign = referralId(otherHotel);
    await deliver(click(matchedHotel, foreign), lead(otherHotel, foreign));
    const hotel = await hotelFigures(matchedHotel);
    expect(hotel).toMatchObject({ referralClicks: 6, leads: 3, convertedClicks: 2 });
    expect(hotel.conversion).toBeCloseTo(2 / 6);
  });

  it('a lead a day after its click converts the click on the click\'s day; no day, hotel or total passes 100%', async () => {
    const yesterday = new Date(Date.now() - dayMs);
    const ref = referralId(lateHotel);
    await deliver(click(lateHotel, ref, yesterday), lead(lateHotel, ref, true, new Date()), lead(lateHotel, referralId(lateHotel), true, new Date()));
    const one = await figures(lateHotel);
    const [before, today] = one.daily.slice(-2);
    expect(before).toMatchObject({ referralClicks: 1, leads: 0, convertedClicks: 1, conversion: 1 });
    expect(today).toMatchObject({ referralClicks: 0, leads: 2, convertedClicks: 0, conversion: null });
    expect(one.totals).toMatchObject({ referralClicks: 1, leads: 2, convertedClicks: 1, conversion: 1 });

    const all = await figures();
    for (const entry of [all.totals, ...all.hotels, ...all.daily]) {
      expect(entry.convertedClicks).toBeLessThanOrEqual(entry.referralClicks);
      if (entry.referralClicks === 0) expect(entry.conversion).toBeNull();
      else expect(entry.conversion).toBeLessThanOrEqual(1);
    }
  });
});
