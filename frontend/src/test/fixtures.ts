import type { Hotel } from '@/api/types';

export function hotelFixture(overrides: Partial<Hotel> = {}): Hotel {
  return {
    id: 12,
    slug: 'the-iron-palace',
    name: 'The Iron Palace',
    description: 'A '.repeat(80) + 'hotel with a serious gym.',
    address: '1 Main St',
    cityId: 1,
    city: 'London',
    country: 'United Kingdom',
    price: null,
    pricePerNight: 1234,
    currency: 'GBP',
    imageUrl: '/images/hotels/iron.jpg',
    images: [],
    gymImages: [],
    bookingUrl: 'https://book.example.com/iron',
    affiliateUrl: null,
    rating: 4.66,
    totalReviews: 3,
    gymAccessType: 'on-site',
    rawEquipment: ['Squat rack', 'Sauna'],
    equipment: { strength: ['squat rack'], cardio: [], specialty: [], recovery: ['sauna'] },
    gym: null,
    isPremium: false,
    isApproved: true,
    providerId: null,
    ...overrides,
  };
}
