import { describe, expect, it } from 'vitest';
import { providerHotelCreate } from '@reproute/contracts';
import {
  applyListingUpdate,
  canView,
  derivedColumns,
  equipmentMask,
  equipmentObject,
  hotelSnapshot,
  newAdminHotel,
  newProviderListing,
  nextFreeSlug,
  ratingAfterReview,
  slugFor,
  type StoredHotel,
  type Viewer,
} from '../../src/domain/hotel.ts';
import { toHotelAnswer } from '../../src/domain/hotel-answer.ts';
import { approvalChange, statusAfterProviderEdit } from '../../src/domain/approval.ts';
import { normalisePrice, priceInUsd } from '../../src/domain/price.ts';

const provider: Viewer = { id: '00000000-0000-4000-8000-000000000002', email: 'provider@reproute.example', roles: ['traveller', 'provider'] };
const otherProvider: Viewer = { id: '00000000-0000-4000-8000-000000000099', email: 'other@example.com', roles: ['provider'] };
const admin: Viewer = { id: '00000000-0000-4000-8000-000000000001', email: 'admin@reproute.example', roles: ['admin'] };

function stored(overrides: Partial<StoredHotel> = {}): StoredHotel {
  const record = newProviderListing(
    providerHotelCreate.parse({ name: 'Harbour Lift', address: '1 Quay', bookingUrl: 'https://harbour.example/book', gymAccessType: 'on-site', cityId: 1, rawEquipment: ['Power rack', 'Sauna'] }),
    provider,
  );
  return {
    ...record,
    id: 101,
    slug: 'harbour-lift',
    equipmentLabels: derivedColumns(record).equipmentLabels,
    rating: 4.56789,
    totalReviews: 3,
    affiliateClicks: 2,
    pageViews: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
    ...overrides,
  };
}

describe('slug', () => {
  it('follows the spec rule: lower case, accents and other characters removed, spaces to hyphens', () => {
    expect(slugFor('Hôtel Lumière Saint-Honoré')).toBe('hotel-lumiere-saint-honore');
    expect(slugFor("Summit Champs-Élysées")).toBe('summit-champs-elysees');
    expect(slugFor('The  Mayfair Sporting Club & Hotel!')).toBe('the-mayfair-sporting-club-hotel');
  });

  it('never produces an all-digit slug (that would read as an id) or an empty one', () => {
    expect(slugFor('1888')).toBe('1888-hotel');
    expect(slugFor('!!!')).toBe('hotel');
  });

  it('picks the next free suffix when a slug is taken', () => {
    expect(nextFreeSlug('grand', new Set())).toBe('grand');
    expect(nextFreeSlug('grand', new Set(['grand', 'grand-2']))).toBe('grand-3');
  });
});

describe('price normalisation', () => {
  it('stores whole cents from numbers and decimal strings', () => {
    expect(normalisePrice('450.00')).toBe(450);
    expect(normalisePrice(199.999)).toBe(200);
    expect(normalisePrice('')).toBeNull();
    expect(normalisePrice(null)).toBeNull();
    expect(normalisePrice(-5)).toBeNull();
  });

  it('converts to USD for sorting, with no key for a zero price or an unknown currency', () => {
    expect(priceInUsd(100, 'USD')).toBe(100);
    expect(priceInUsd(100, 'GBP')).toBe(127);
    expect(priceInUsd(98000, 'JPY')).toBe(656.6);
    expect(priceInUsd(2600, 'aed')).toBe(707.98);
    expect(priceInUsd(0, 'USD')).toBeNull();
    expect(priceInUsd(100, 'XYZ')).toBeNull();
  });

  it('orders hotels across currencies by their value', () => {
    const prices = [
      ['London', priceInUsd(720, 'GBP')!],
      ['Tokyo', priceInUsd(98000, 'JPY')!],
      ['New York', priceInUsd(695, 'USD')!],
    ] as const;
    expect([...prices].sort((a, b) => a[1] - b[1]).map(([city]) => city)).toEqual(['Tokyo', 'New York', 'London']);
  });
});

describe('listings', () => {
  it('a provider listing is pending, owned, priced 0 USD by default', () => {
    const record = newProviderListing(providerHotelCreate.parse({ name: 'A', address: 'B', bookingUrl: 'https://a.example', gymAccessType: 'nearby', cityId: 1 }), provider);
    expect(record).toMatchObject({ status: 'pending', providerId: provider.id, providerEmail: provider.email, pricePerNight: 0, currency: 'USD', isPremium: false });
  });

  it('an admin hotel is approved unless isApproved is false', () => {
    const base = { name: 'A', address: 'B', gymAccessType: 'on-site' as const };
    expect(newAdminHotel(base).status).toBe('approved');
    expect(newAdminHotel({ ...base, isApproved: false }).status).toBe('pending');
    expect(newAdminHotel({ ...base, pricePerNight: 450 }).pricePerNight).toBe(450);
    expect(newAdminHotel(base).pricePerNight).toBeNull();
  });

  it('an update keeps omitted fields, clears nulls and reclassifies equipment', () => {
    const current = stored({ description: 'Old', imageUrl: '/images/x.jpg' });
    const updated = applyListingUpdate(current, { description: 'New', imageUrl: null, rawEquipment: ['Rowing machine'] });
    expect(updated.description).toBe('New');
    expect(updated.imageUrl).toBeNull();
    expect(updated.name).toBe(current.name);
    expect(derivedColumns(updated).equipmentLabels).toEqual(['rower']);
  });

  it('accepts gymEquipment as the data model name of rawEquipment', () => {
    expect(applyListingUpdate(stored(), { gymEquipment: ['Sauna'] }).rawEquipment).toEqual(['Sauna']);
  });

  it('sets one bit per label, in taxonomy order', () => {
    expect(equipmentMask(['squat rack'])).toBe(1);
    expect(equipmentMask(['barbell set', 'stretching area', 'unknown'])).toBe(2 | (1 << 25));
    expect(derivedColumns({ name: 'x', rawEquipment: ['Power rack', 'Sauna'], pricePerNight: null, currency: 'USD' }).equipmentMask).toBe(1 | (1 << 20));
  });

  it('builds the four-category equipment object in taxonomy order', () => {
    expect(equipmentObject(['squat rack', 'sauna', 'treadmill'])).toEqual({ strength: ['squat rack'], cardio: ['treadmill'], specialty: [], recovery: ['sauna'] });
  });
});

describe('visibility and answers', () => {
  it('visitors see approved hotels only; owners and admins also pending ones', () => {
    const pending = stored({ status: 'pending' });
    expect(canView(null, pending)).toBe(false);
    expect(canView(otherProvider, pending)).toBe(false);
    expect(canView(provider, pending)).toBe(true);
    expect(canView(admin, pending)).toBe(true);
    expect(canView(null, stored({ status: 'approved' }))).toBe(true);
  });

  it('answers with both price fields, a rounded rating and the contact fields only for owners and admins', () => {
    const hotel = stored({ status: 'approved', pricePerNight: 300, contactEmail: 'desk@harbour.example' });
    const publicAnswer = toHotelAnswer(hotel, null);
    expect(publicAnswer).toMatchObject({ price: 300, pricePerNight: 300, rating: 4.57, isApproved: true, imageUrl: null });
    expect(publicAnswer).not.toHaveProperty('contactEmail');
    expect(toHotelAnswer(hotel, provider).contactEmail).toBe('desk@harbour.example');
    expect(toHotelAnswer(hotel, admin).providerEmail).toBe(provider.email);
  });

  it('keeps the provider\'s account id and the click and view counts from visitors and other providers', () => {
    const hotel = stored({ status: 'approved' });
    for (const viewer of [null, otherProvider]) {
      const answer = toHotelAnswer(hotel, viewer, null);
      for (const field of ['providerId', 'affiliateClicks', 'pageViews', 'providerEmail', 'contactEmail', 'rejectionReason', 'pendingRevision']) expect(answer).not.toHaveProperty(field);
    }
    expect(toHotelAnswer(hotel, provider)).toMatchObject({ providerId: provider.id, affiliateClicks: 2, pageViews: 0 });
    expect(toHotelAnswer(hotel, admin)).toMatchObject({ providerId: provider.id, affiliateClicks: 2 });
  });

  it('the event snapshot carries the lead address: the listing\'s own, else the provider\'s', () => {
    expect(hotelSnapshot(stored()).contactEmail).toBe(provider.email);
    expect(hotelSnapshot(stored({ contactEmail: 'desk@harbour.example' }))).toMatchObject({ hotelId: 101, contactEmail: 'desk@harbour.example', providerEmail: provider.email, isApproved: false });
  });
});

describe('approval', () => {
  it('approving or rejecting changes the status and emits once', () => {
    expect(approvalChange({ status: 'pending', rejectionReason: null }, { isApproved: true })).toEqual({ fields: { status: 'approved', rejectionReason: null }, events: [{ type: 'hotel.approved' }] });
    expect(approvalChange({ status: 'approved', rejectionReason: null }, { isApproved: true }).events).toEqual([]);
    expect(approvalChange({ status: 'pending', rejectionReason: null }, { isApproved: false, reason: 'No gym photos' })).toEqual({
      fields: { status: 'rejected', rejectionReason: 'No gym photos' },
      events: [{ type: 'hotel.rejected', reason: 'No gym photos' }],
    });
  });

  it('a provider edit sends a rejected listing back to review', () => {
    expect(statusAfterProviderEdit({ status: 'rejected' })).toEqual({ status: 'pending', resubmitted: true });
    expect(statusAfterProviderEdit({ status: 'approved' })).toEqual({ status: 'approved', resubmitted: false });
  });
});

describe('rating', () => {
  it('keeps a running average', () => {
    expect(ratingAfterReview({ rating: 0, totalReviews: 0 }, 4)).toEqual({ rating: 4, totalReviews: 1 });
    expect(ratingAfterReview({ rating: 4, totalReviews: 1 }, 5)).toEqual({ rating: 4.5, totalReviews: 2 });
  });
});
