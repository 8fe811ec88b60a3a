import { describe, expect, it } from 'vitest';
import { adminHotelUpdate, classifyEquipment, listingMessages, providerHotelCreate, providerHotelUpdate, weekFromDaily } from '@reproute/contracts';
import { applyListingUpdate, emptyGym, gymFrom, hoursText, newProviderListing, timesFromText, type StoredHotel } from '../../src/domain/hotel.ts';
import { toHotelAnswer } from '../../src/domain/hotel-answer.ts';
import { splitProviderUpdate } from '../../src/domain/revision.ts';

const provider = { id: '00000000-0000-4000-8000-000000000002', email: 'provider@reproute.example', roles: ['provider'] };
const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? undefined : { message: result.error!.issues[0]!.message, path: result.error!.issues[0]!.path.join('.') };

describe('structured gym facts', () => {
  it('writes the shown hours and size from the stated facts', () => {
    const gym = gymFrom({ opensAt: '06:00', closesAt: '22:30', sizeSqm: 1200, heaviestDumbbellKg: 50, hasFitnessClasses: true }, null)!;
    expect(gym).toMatchObject({ open24Hours: false, opensAt: '06:00', closesAt: '22:30', hours: '06:00–22:30', sizeSqm: 1200, size: '1,200 sqm', heaviestDumbbellKg: 50, hasFitnessClasses: true });
    expect(gymFrom({ open24Hours: true, opensAt: '06:00' }, gym)).toMatchObject({ open24Hours: true, opensAt: null, closesAt: null, hours: 'Open 24 hours' });
  });

  it('keeps the written text when the stated facts do not change, and keeps omitted facts', () => {
    const written = { ...emptyGym, hours: '6:00 - 22:00', opensAt: '06:00', closesAt: '22:00', open24Hours: false, size: 'about 300 sqm', sizeSqm: 300, weeklyHours: weekFromDaily(false, '06:00', '22:00') };
    expect(gymFrom({ open24Hours: false, opensAt: '06:00', closesAt: '22:00', sizeSqm: 300 }, written)).toEqual(written);
    expect(gymFrom({ hasPool: true }, written)).toEqual({ ...written, hasPool: true });
    expect(gymFrom({ sizeSqm: null }, written)).toMatchObject({ sizeSqm: null, size: null });
  });

  it('free text alone (older clients, the seed) is read instead of stated facts', () => {
    expect(gymFrom({ hours: '5:30 - 23:00', size: '1,500 sqm' }, null)).toMatchObject({ hours: '5:30 - 23:00', open24Hours: null, opensAt: '05:30', closesAt: '23:00', size: '1,500 sqm', sizeSqm: null });
    expect(timesFromText('24 hours')).toEqual({ opensAt: null, closesAt: null });
    expect(timesFromText('25:00 - 23:00')).toEqual({ opensAt: null, closesAt: null });
    expect(hoursText(false, '06:00', null)).toBeNull();
  });

  it('answers the facts search uses (stored facts win over the gym record) and the times as stated', () => {
    const record = newProviderListing(providerHotelCreate.parse({ name: 'A', address: 'B', bookingUrl: 'https://a.example', gymAccessType: 'on-site', cityId: 1, gym: { hours: '24/7', sizeSqm: 400 } }), provider);
    const stored: StoredHotel = {
      ...record, id: 1, slug: 'a', equipmentLabels: [], rating: 0, totalReviews: 0, affiliateClicks: 0, pageViews: 0, createdAt: new Date(0), updatedAt: new Date(0),
      gymFacts: { open24h: true, sizeSqm: 400, heaviestDumbbellKg: 32, score: 1, breakdown: [] },
    };
    expect(toHotelAnswer(stored, null).gym).toMatchObject({ open24Hours: true, opensAt: null, sizeSqm: 400, heaviestDumbbellKg: 32, hasFitnessClasses: false });
  });

  it('validates times, size and dumbbells with clear messages', () => {
    const body = { name: 'A', address: 'B', bookingUrl: 'https://a.example', gymAccessType: 'on-site', cityId: 1 };
    expect(firstIssue(providerHotelCreate.safeParse({ ...body, gym: { closesAt: '22:00' } }))).toEqual({ message: listingMessages.gymHoursIncomplete, path: 'gym.opensAt' });
    expect(firstIssue(providerHotelCreate.safeParse({ ...body, gym: { opensAt: '7pm', closesAt: '22:00' } }))).toEqual({ message: listingMessages.gymTimeInvalid, path: 'gym.opensAt' });
    expect(firstIssue(providerHotelCreate.safeParse({ ...body, gym: { sizeSqm: -4 } }))?.message).toBe(listingMessages.gymSizeInvalid);
    expect(firstIssue(providerHotelCreate.safeParse({ ...body, gym: { heaviestDumbbellKg: '0' } }))?.message).toBe(listingMessages.gymDumbbellInvalid);
    expect(providerHotelCreate.parse({ ...body, gym: { opensAt: '6:00', closesAt: '22:00:00', sizeSqm: '450', heaviestDumbbellKg: '42.5' } }).gym).toMatchObject({ opensAt: '06:00', closesAt: '22:00', sizeSqm: 450, heaviestDumbbellKg: 42.5 });
  });

  it('a ticked label means that label only; described items still classify by their aliases', () => {
    expect(classifyEquipment(['dumbbells ≥40kg']).strength).toEqual(['dumbbells ≥40kg']);
    expect(classifyEquipment(['Dumbbells up to 50kg']).strength).toEqual(['dumbbells ≥40kg', 'free weights']);
  });

  it('equipment and gym edits of a live listing are reviewed, under either equipment name', () => {
    const { reviewed, immediate } = splitProviderUpdate(providerHotelUpdate.parse({ gymEquipment: ['Rower'], gym: { sizeSqm: 300 }, description: 'x' }));
    expect(reviewed).toEqual({ rawEquipment: ['Rower'], gym: { sizeSqm: 300 } });
    expect(immediate).toEqual({ description: 'x' });
  });
});

describe('places', () => {
  const body = { name: 'A', address: 'B', bookingUrl: 'https://a.example', gymAccessType: 'on-site' };
  it('a new listing names a listed city, or a city with its country', () => {
    expect(firstIssue(providerHotelCreate.safeParse(body))).toEqual({ message: listingMessages.cityRequired, path: 'cityId' });
    expect(firstIssue(providerHotelCreate.safeParse({ ...body, city: 'Bergen' }))).toEqual({ message: listingMessages.countryRequired, path: 'country' });
    expect(firstIssue(providerHotelCreate.safeParse({ ...body, country: 'Norway' }))).toEqual({ message: listingMessages.cityNameRequired, path: 'city' });
    expect(providerHotelCreate.safeParse({ ...body, city: 'Bergen', country: 'Norway' }).success).toBe(true);
    expect(providerHotelCreate.safeParse({ ...body, cityId: '3' }).success).toBe(true);
  });
  it('an edit may leave the place alone, but cannot clear it or add a city without its country', () => {
    expect(providerHotelUpdate.safeParse({ name: 'New' }).success).toBe(true);
    expect(firstIssue(providerHotelUpdate.safeParse({ cityId: null }))?.message).toBe(listingMessages.cityRequired);
    expect(firstIssue(adminHotelUpdate.safeParse({ city: 'Bergen' }))?.message).toBe(listingMessages.countryRequired);
    expect(adminHotelUpdate.safeParse({ cityId: null, city: 'Bergen', country: 'Norway' }).success).toBe(true);
  });
  it('a typed city replaces the chosen one unless an id comes with it', () => {
    const record = newProviderListing(providerHotelCreate.parse({ ...body, cityId: 2 }), provider);
    expect(applyListingUpdate(record, { city: 'Bergen', country: 'Norway' })).toMatchObject({ cityId: null, city: 'Bergen', country: 'Norway' });
    expect(applyListingUpdate(record, { cityId: 3 })).toMatchObject({ cityId: 3 });
  });
});
