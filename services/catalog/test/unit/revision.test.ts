import { describe, expect, it } from 'vitest';
import { providerHotelCreate, providerHotelUpdate } from '@reproute/contracts';
import { newProviderListing, type HotelRecord } from '../../src/domain/hotel.ts';
import { mergeRevision, revisionChanges, splitProviderUpdate } from '../../src/domain/revision.ts';

const provider = { id: '00000000-0000-4000-8000-000000000002', email: 'provider@reproute.example', roles: ['provider'] };
const live: HotelRecord = {
  ...newProviderListing(
    providerHotelCreate.parse({ name: 'Harbour Lift', address: '1 Quay', bookingUrl: 'https://harbour.example/book', gymAccessType: 'on-site', cityId: 1, images: ['/images/hotels/h01/hero.jpg'] }),
    provider,
  ),
  status: 'approved',
};

describe('provider edits of an approved listing', () => {
  it('split: name, location, booking URL, lead address, photos and gym data wait for review; the rest applies at once', () => {
    const input = providerHotelUpdate.parse({ name: 'New', bookingUrl: 'https://x.example/b', description: 'd', pricePerNight: 10, imageUrl: '/images/a.jpg', cityId: 2, rawEquipment: ['Rower'] });
    const { immediate, reviewed } = splitProviderUpdate(input);
    expect(Object.keys(reviewed).sort()).toEqual(['bookingUrl', 'cityId', 'imageUrl', 'name', 'rawEquipment']);
    expect(Object.keys(immediate).sort()).toEqual(['description', 'pricePerNight']);
  });

  it('merge: later values win, values equal to what is live are dropped (shown lead address and main picture included)', () => {
    const first = mergeRevision(live, {}, { name: 'Harbour Lift', bookingUrl: 'https://new.example/book' });
    expect(first).toEqual({ bookingUrl: 'https://new.example/book' });
    const second = mergeRevision(live, first, { address: '2 Quay', contactEmail: 'provider@reproute.example', imageUrl: '/images/hotels/h01/hero.jpg' });
    expect(second).toEqual({ bookingUrl: 'https://new.example/book', address: '2 Quay' });
    expect(mergeRevision(live, second, { bookingUrl: 'https://harbour.example/book', address: '1 Quay' })).toEqual({});
  });

  it('changes: the live value and the proposed one, in field order', () => {
    expect(revisionChanges(live, { bookingUrl: 'https://new.example/book', name: 'Harbour Lift & Spa' })).toEqual([
      { field: 'name', from: 'Harbour Lift', to: 'Harbour Lift & Spa' },
      { field: 'bookingUrl', from: 'https://harbour.example/book', to: 'https://new.example/book' },
    ]);
  });
});
